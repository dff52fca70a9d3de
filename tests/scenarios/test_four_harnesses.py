"""Issue 5's acceptance: a React project with a GitHub remote, four harnesses at once."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from projects import materialize  # fixtures/ is put on sys.path by tests/conftest.py

from tests.helpers import aido

FILES = (".mcp.json", ".codex/config.toml", ".vscode/mcp.json", "opencode.jsonc")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return materialize("plans/user-servers/project", tmp_path / "project")


def _jsonc(text: str) -> Any:
    """Parse the fixtures' JSONC (line comments, trailing commas) for assertions."""
    text = re.sub(r"^\s*//.*$|(?<=[,{\[])\s*//.*$", "", text, flags=re.M)
    text = re.sub(r",(\s*[}\]])", r"\1", text)
    return json.loads(text)


def _servers(project: Path) -> dict[str, dict[str, Any]]:
    return {
        ".mcp.json": json.loads((project / ".mcp.json").read_text())["mcpServers"],
        ".codex/config.toml": tomllib.loads((project / ".codex/config.toml").read_text())[
            "mcp_servers"
        ],
        ".vscode/mcp.json": _jsonc((project / ".vscode/mcp.json").read_text())["servers"],
        "opencode.jsonc": _jsonc((project / "opencode.jsonc").read_text())["mcp"],
    }


def test_apply_writes_native_shapes_and_keeps_user_bytes(project: Path) -> None:
    """Plan exits 2, apply writes context7/playwright/github natively, user lines survive."""
    before = {name: (project / name).read_text() for name in FILES}
    assert aido(project, "plan", "--detailed-exitcode") == 2
    assert aido(project, "apply", "--yes") == 0
    servers = _servers(project)
    for name, entries in servers.items():
        assert {"context7", "playwright", "github", "team-notes"} <= set(entries), name
    assert servers[".mcp.json"]["github"]["type"] == "http"
    assert servers[".codex/config.toml"]["github"]["bearer_token_env_var"] == (
        "GITHUB_PERSONAL_ACCESS_TOKEN"
    )
    assert "type" not in servers[".codex/config.toml"]["context7"]
    assert servers[".vscode/mcp.json"]["playwright"]["type"] == "stdio"
    assert servers["opencode.jsonc"]["playwright"]["type"] == "local"
    assert servers["opencode.jsonc"]["playwright"]["command"][0] == "npx"
    for name, text in before.items():
        after = (project / name).read_text()
        for line in text.splitlines():
            if "//" in line or "#" in line or "team-notes" in line or "notes-mcp" in line:
                assert line in after, f"{name}: lost {line!r}"
    assert aido(project, "plan", "--detailed-exitcode") == 0
    snapshot = {name: (project / name).read_bytes() for name in FILES}
    assert aido(project, "apply", "--yes") == 0
    assert {name: (project / name).read_bytes() for name in FILES} == snapshot


def test_drifted_args_heal_and_replaced_command_conflicts(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Editing an owned entry's args plans a heal; replacing its command is a conflict."""
    aido(project, "apply", "--yes")
    codex = project / ".codex/config.toml"
    text = codex.read_text()
    codex.write_text(text.replace('"@playwright/mcp@0.0.83"]', '"@playwright/mcp@0.0.83", "--x"]'))
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 2
    assert "^ playwright" in capsys.readouterr().out
    assert aido(project, "apply", "--yes") == 0
    assert codex.read_text() == text
    mcp = project / ".mcp.json"
    data = json.loads(mcp.read_text())
    data["mcpServers"]["playwright"]["command"] = "bunx"
    mcp.write_text(json.dumps(data, indent=2))
    raw = mcp.read_bytes()
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 2  # SPEC §8: a conflict is pending
    assert "! playwright" in capsys.readouterr().out
    assert aido(project, "apply", "--yes") == 0
    assert mcp.read_bytes() == raw


def test_stale_saved_plan_writes_nothing(project: Path, tmp_path: Path) -> None:
    """A saved plan is refused whole when any one of its files changed since."""
    saved = tmp_path / "plan.json"
    assert aido(project, "plan", "--out", str(saved)) == 0
    vscode = project / ".vscode/mcp.json"
    vscode.write_text(vscode.read_text() + "\n")
    before = {name: (project / name).read_bytes() for name in FILES}
    assert aido(project, "apply", str(saved)) == 1
    assert {name: (project / name).read_bytes() for name in FILES} == before
    assert not (project / ".aido").exists()


def test_every_project_scope_adapter_at_once(tmp_path: Path) -> None:
    """All project-scope adapters plan and apply cleanly together; the next plan is empty."""
    from aidokit.adapters import ADAPTERS
    from aidokit.adapters.base import Scope

    project = materialize("plans/fresh/project", tmp_path / "all")
    names = [n for n, a in ADAPTERS.items() if Scope.PROJECT in a.scopes]
    quoted = ", ".join(f'"{n}"' for n in names)
    (project / "aido.toml").write_text(f'adapters = [{quoted}]\n[mcp]\nadd = ["brave-search"]\n')
    assert aido(project, "plan", "--detailed-exitcode") == 2
    assert aido(project, "apply", "--yes") == 0
    assert aido(project, "plan", "--detailed-exitcode") == 0
    written = [p for p in project.rglob("*") if p.is_file() and ".git" not in p.parts]
    assert len(written) >= len(names) + 3  # + aido.toml, package.json, state
