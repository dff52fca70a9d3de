"""End to end through the CLI: plan, apply, idempotence, saved plans, ownership."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import ONLY_CONTEXT7, aido, new_project


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return new_project(tmp_path, ONLY_CONTEXT7)


def test_plan_shows_create_and_apply_writes(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fresh project plans a create of context7 and apply writes `.mcp.json`."""
    assert aido(project, "plan", "--detailed-exitcode") == 2
    out = capsys.readouterr().out
    assert "+ context7" in out and "Plan: 1 to add, 0 to change, 0 to remove." in out
    assert not (project / ".mcp.json").exists()
    assert aido(project, "apply", "--yes") == 0
    written = json.loads((project / ".mcp.json").read_text())
    assert written["mcpServers"]["context7"]["type"] == "http"


def test_second_apply_changes_nothing(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Apply is idempotent: the second run reports no changes and writes no byte."""
    aido(project, "apply", "--yes")
    before = (project / ".mcp.json").read_bytes(), (project / ".aido/state.json").read_bytes()
    capsys.readouterr()
    assert aido(project, "apply", "--yes") == 0
    assert "No changes." in capsys.readouterr().out
    after = (project / ".mcp.json").read_bytes(), (project / ".aido/state.json").read_bytes()
    assert before == after
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_users_own_server_is_kept(project: Path) -> None:
    """An existing server of the user's survives apply with its value intact."""
    mine = {"command": "node", "args": ["tools/my-server.js"]}
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"mine": mine}}, indent=2))
    assert aido(project, "apply", "--yes") == 0
    servers = json.loads((project / ".mcp.json").read_text())["mcpServers"]
    assert servers["mine"] == mine and "context7" in servers


def test_same_name_not_owned_is_a_conflict(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand-written `context7` entry is a conflict with an adopt hint, never overwritten."""
    theirs = {"mcpServers": {"context7": {"command": "npx", "args": ["my-fork"]}}}
    (project / ".mcp.json").write_text(json.dumps(theirs))
    raw = (project / ".mcp.json").read_bytes()
    assert aido(project, "plan", "--detailed-exitcode") == 2  # SPEC §8: a conflict is pending
    out = capsys.readouterr().out
    assert "! context7" in out and "aido adopt context7 --adapter claude-code" in out
    assert aido(project, "apply", "--yes") == 0
    assert (project / ".mcp.json").read_bytes() == raw


def test_drift_is_healed(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Editing an owned entry's fields plans a heal and apply restores it."""
    aido(project, "apply", "--yes")
    path = project / ".mcp.json"
    data = json.loads(path.read_text())
    data["mcpServers"]["context7"]["type"] = "sse"
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 2
    out = capsys.readouterr().out
    assert "^ context7" in out and '- "type": "sse"' in out
    aido(project, "apply", "--yes")
    assert json.loads(path.read_text())["mcpServers"]["context7"]["type"] == "http"


def test_replaced_url_is_a_conflict_not_an_overwrite(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Replacing the owned entry's URL makes it the user's: a conflict, left alone."""
    aido(project, "apply", "--yes")
    path = project / ".mcp.json"
    data = json.loads(path.read_text())
    data["mcpServers"]["context7"]["url"] = "https://self-hosted.example/mcp"
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 2  # a conflict is pending (SPEC §8)
    assert "! context7" in capsys.readouterr().out


def test_saved_plan_applies_exactly(project: Path, tmp_path: Path) -> None:
    """`plan --out` then `apply FILE` writes what the plan said."""
    saved = tmp_path / "plan.json"
    assert aido(project, "plan", "--out", str(saved)) == 0
    assert aido(project, "apply", str(saved)) == 0
    assert "context7" in json.loads((project / ".mcp.json").read_text())["mcpServers"]


def test_stale_saved_plan_is_refused(
    project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A saved plan whose file changed since planning is refused and nothing is written."""
    saved = tmp_path / "plan.json"
    aido(project, "plan", "--out", str(saved))
    (project / ".mcp.json").write_text('{"mcpServers": {}}\n')
    assert aido(project, "apply", str(saved)) == 1
    assert "saved plan is stale: .mcp.json changed" in capsys.readouterr().err
    assert (project / ".mcp.json").read_text() == '{"mcpServers": {}}\n'
    assert not (project / ".aido").exists()


@pytest.mark.parametrize("edited", [".mcp.json", ".vscode/mcp.json", ".cursor/mcp.json"])
@pytest.mark.parametrize("changes", [False, True], ids=["no-changes", "changes-elsewhere"])
def test_a_saved_plan_checks_every_file_it_covers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], edited: str, changes: bool
) -> None:
    """Issue 49 §5 (SPEC §6): a file whose bytes moved since `plan --out` makes `apply PLAN`
    refuse, whether the plan changes nothing at all or changes only other files."""
    project = new_project(tmp_path, ONLY_CONTEXT7.replace('["claude-code"]', _THREE))
    assert aido(project, "apply", "--yes") == 0
    if changes:  # one file the plan will change; the edited one is another (or the same)
        (project / ".cursor" / "mcp.json").write_text('{"mcpServers": {}}\n')
    saved = tmp_path / "plan.json"
    assert aido(project, "plan", "--out", str(saved)) == 0
    target = project / edited
    hand = json.loads(target.read_text())
    hand[next(iter(hand))] = {}  # every entry deleted by hand, as in the issue
    target.write_text(json.dumps(hand))
    before = {p: (project / p).read_bytes() for p in (".mcp.json", ".vscode/mcp.json")}
    capsys.readouterr()
    assert aido(project, "apply", str(saved)) == 1
    assert f"saved plan is stale: {edited} changed" in capsys.readouterr().err
    assert before == {p: (project / p).read_bytes() for p in before}


_THREE = '["claude-code", "vscode", "cursor"]'


def test_malformed_file_fails_closed(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An unparseable `.mcp.json` is an error for plan and apply; its bytes stay."""
    (project / ".mcp.json").write_text('{"mcpServers": {"a": }')
    raw = (project / ".mcp.json").read_bytes()
    assert aido(project, "plan") == 1
    assert ".mcp.json" in capsys.readouterr().out
    assert aido(project, "apply", "--yes") == 1
    assert (project / ".mcp.json").read_bytes() == raw


def test_apply_without_tty_or_yes_refuses(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without a terminal and without --yes, apply refuses with a hint and writes nothing."""
    assert aido(project, "apply") == 1
    assert "--yes" in capsys.readouterr().err
    assert not (project / ".mcp.json").exists()


def test_unknown_config_key_names_line_and_suggestion(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A typo in aido.toml names the key, its line and the closest valid key."""
    (project / "aido.toml").write_text('# mine\nadapterz = ["claude-code"]\n')
    assert aido(project, "plan") == 1
    err = capsys.readouterr().err
    assert "unknown key 'adapterz' at aido.toml:2; did you mean 'adapters'?" in err


def test_path_traversal_id_is_rejected(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An id like `../x` in aido.toml is rejected before anything else runs."""
    (project / "aido.toml").write_text('adapters = ["claude-code"]\n[mcp]\nadd = ["../x"]\n')
    assert aido(project, "plan") == 1
    assert "invalid id '../x' at aido.toml:3" in capsys.readouterr().err


def test_unknown_adapter_is_an_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An adapter name aido does not know is an error naming it."""
    (project / "aido.toml").write_text('adapters = ["claude-kode"]\n')
    assert aido(project, "plan") == 1
    assert "unknown adapter 'claude-kode'" in capsys.readouterr().err


def test_plan_notes_a_mcp_json_that_shadows_copilots_file(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Targeting copilot-cli beside a .mcp.json, the plan says Copilot will not read its file."""
    (project / "aido.toml").write_text(ONLY_CONTEXT7.replace('"claude-code"', '"copilot-cli"'))
    assert aido(project, "plan") == 0
    assert "reads .mcp.json instead of .github/mcp.json" not in capsys.readouterr().out
    (project / ".mcp.json").write_text('{"mcpServers": {}}\n')
    assert aido(project, "plan") == 0
    assert "reads .mcp.json instead of .github/mcp.json" in capsys.readouterr().out


def test_a_plan_saved_while_detail_was_named_reason_still_applies(tmp_path: Path) -> None:
    """`Change.detail` was saved as `reason` until issue 52 renamed it; such a saved plan
    (same format version) applies as it did, its particulars kept."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    saved = project.parent / "plan.json"
    assert aido(project, "plan", "--out", str(saved)) == 0
    data = json.loads(saved.read_text())
    changes = [change for file in data["files"] for change in file["changes"]]
    assert changes and all("detail" in change and "reason" not in change for change in changes)
    assert any(change["detail"] for change in changes)  # a trigger's match: not empty
    for change in changes:
        change["reason"] = change.pop("detail")
    saved.write_text(json.dumps(data))
    assert aido(project, "apply", str(saved)) == 0
    assert aido(project, "plan", "--detailed-exitcode") == 0
