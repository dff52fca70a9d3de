"""adopt, remove, destroy and schema, and the user and local scopes."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from aidokit.reconcile.cli.main import main
from tests.helpers import ONLY_CONTEXT7, aido, new_project, user_layer


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return new_project(tmp_path, ONLY_CONTEXT7)


def personal(project: Path) -> None:
    """context7 as one person's choice (aido.local.toml), not the team's: local scope
    writes only a person's additions (issue 49)."""
    (project / "aido.toml").write_text('adapters = ["claude-code"]\nsuggest = false\n')
    (project / "aido.local.toml").write_text('[mcp]\nadd = ["context7"]\n')


def servers(path: Path) -> dict[str, object]:
    data = json.loads(path.read_text())
    result: dict[str, object] = data["mcpServers"]
    return result


def test_adopt_identical_entry_records_ownership_only(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Adopting an entry equal to aido's version records it and leaves the file byte-identical."""
    entry = {"type": "http", "url": "https://mcp.context7.com/mcp"}
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"context7": entry}}))
    raw = (project / ".mcp.json").read_bytes()
    assert aido(project, "adopt", "context7", "--adapter", "claude-code") == 0
    assert (project / ".mcp.json").read_bytes() == raw
    state = json.loads((project / ".aido/state.json").read_text())
    assert [r["name"] for r in state["records"]] == ["context7"]
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 0
    assert "! context7" not in capsys.readouterr().out


def test_adopt_different_entry_needs_force(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A differing entry shows the diff and is only replaced with --force."""
    entry = {"type": "sse", "url": "https://mcp.context7.com/sse"}
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"context7": entry}}))
    assert aido(project, "adopt", "context7", "--adapter", "claude-code") == 1
    captured = capsys.readouterr()
    assert '+ "url": ' in captured.out and "--force" in captured.err
    assert servers(project / ".mcp.json")["context7"] == entry
    assert aido(project, "adopt", "context7", "--adapter", "claude-code", "--force", "--yes") == 0
    assert servers(project / ".mcp.json")["context7"] == {
        "type": "http",
        "url": "https://mcp.context7.com/mcp",
    }
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_remove_deletes_owned_entry_and_records_a_skip(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido remove ID` deletes the owned entry, keeps others, and records a skip that holds."""
    (project / ".mcp.json").write_text('{"mcpServers": {"mine": {"command": "x"}}}')
    aido(project, "apply", "--yes")
    capsys.readouterr()
    assert aido(project, "remove", "context7", "--yes") == 0
    out = capsys.readouterr().out
    assert "skipped in aido.toml" in out and "no longer desired" not in out
    assert servers(project / ".mcp.json") == {"mine": {"command": "x"}}
    assert "context7" in tomllib.loads((project / "aido.toml").read_text())["mcp"]["skip"]
    assert aido(project, "plan", "--detailed-exitcode") == 0  # the next apply keeps it out


def test_destroy_removes_only_owned_entries(project: Path) -> None:
    """`aido destroy` deletes what aido owns and leaves the user's servers."""
    (project / ".mcp.json").write_text('{"mcpServers": {"mine": {"command": "x"}}}')
    aido(project, "apply", "--yes")
    assert aido(project, "destroy", "--yes") == 0
    assert servers(project / ".mcp.json") == {"mine": {"command": "x"}}
    assert json.loads((project / ".aido/state.json").read_text())["records"] == []


def test_destroy_leaves_a_replaced_entry_alone(project: Path) -> None:
    """An owned entry whose URL the user replaced is no longer aido's to delete."""
    aido(project, "apply", "--yes")
    path = project / ".mcp.json"
    data = json.loads(path.read_text())
    data["mcpServers"]["context7"]["url"] = "https://mine.example/mcp"
    path.write_text(json.dumps(data))
    assert aido(project, "destroy", "--yes") == 0
    assert "context7" in servers(path)


def test_schema_is_json_schema_of_aido_toml(capsys: pytest.CaptureFixture[str]) -> None:
    """`aido schema` prints a JSON Schema naming the top-level keys."""
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert {"adapters", "mcp", "custom", "stack_packs"} <= set(schema["properties"])
    assert schema["additionalProperties"] is False


def test_user_scope_writes_top_level_of_claude_json(project: Path, sandbox_home: Path) -> None:
    """`--scope user` edits `~/.claude.json`'s top-level mcpServers and keeps its other keys."""
    claude = sandbox_home / ".claude.json"
    claude.write_text(json.dumps({"numStartups": 7, "mcpServers": {}}))
    user_layer(sandbox_home)
    assert aido(project, "apply", "--yes", "--scope", "user") == 0
    data = json.loads(claude.read_text())
    assert data["numStartups"] == 7 and "context7" in data["mcpServers"]
    state = sandbox_home / ".local/state/aido/state.json"
    assert json.loads(state.read_text())["records"][0]["path"] == str(claude)
    assert not (project / ".aido").exists()


def test_local_scope_writes_under_the_project_key(project: Path, sandbox_home: Path) -> None:
    """`--scope local` edits `projects["<abs path>"].mcpServers` in `~/.claude.json`."""
    personal(project)
    claude = sandbox_home / ".claude.json"
    other = {"allowedTools": [], "mcpServers": {"x": {"command": "y"}}}
    claude.write_text(json.dumps({"projects": {"/elsewhere": other}}))
    assert aido(project, "apply", "--yes", "--scope", "local") == 0
    data = json.loads(claude.read_text())
    assert data["projects"]["/elsewhere"] == other
    assert "context7" in data["projects"][str(project.resolve())]["mcpServers"]


def test_user_and_local_scope_records_stay_apart(project: Path, sandbox_home: Path) -> None:
    """User and local entries in the same `~/.claude.json` are owned separately."""
    personal(project)
    claude = sandbox_home / ".claude.json"
    claude.write_text("{}")
    user_layer(sandbox_home)
    assert aido(project, "apply", "--yes", "--scope", "user") == 0
    assert aido(project, "apply", "--yes", "--scope", "local") == 0
    assert aido(project, "plan", "--detailed-exitcode", "--scope", "user") == 0
    assert aido(project, "plan", "--detailed-exitcode", "--scope", "local") == 0
    assert aido(project, "destroy", "--yes", "--scope", "local") == 0
    data = json.loads(claude.read_text())
    assert "context7" in data["mcpServers"]
    assert "projects" not in data  # aido added `projects.<path>`: it went again (issue 14)
    # Still owned at user scope: destroy there removes it (a conflict would not).
    assert aido(project, "destroy", "--yes", "--scope", "user") == 0
    assert claude.read_text() == "{}"  # and so did the `mcpServers` it added
