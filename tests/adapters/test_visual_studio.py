"""The visual-studio adapter: golden fixture cases and the `.mcp.json` collision."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Host, Scope
from aidokit.adapters.claude_code import ADAPTER as CLAUDE_CODE
from aidokit.adapters.visual_studio import ADAPTER
from tests.adapters.runner import HOME, Case, case_params, make_host, run_case


@pytest.mark.parametrize("case", case_params("visual-studio"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


@pytest.mark.parametrize("os_name", ["linux", "darwin"])
def test_windows_only(os_name: str) -> None:
    """Visual Studio runs on Windows only: no file elsewhere."""
    assert ADAPTER.location(Scope.USER, make_host({"os": os_name})) is None


def test_never_writes_claude_codes_project_file() -> None:
    """In a project at the home folder, ~/.mcp.json is Claude Code's: Visual Studio is refused."""
    host = Host(project=HOME, home=HOME, os="win32", environ={})
    claude = CLAUDE_CODE.location(Scope.PROJECT, host)
    assert claude is not None and claude.path == HOME / ".mcp.json"
    assert ADAPTER.location(Scope.USER, host) is None
    assert ADAPTER.location(Scope.PROJECT, make_host({"os": "win32"})) is None


def test_notes_the_projects_mcp_json(tmp_path: Path) -> None:
    """A project .mcp.json (Claude Code's) gets a note pointing to the vscode adapter."""
    host = Host(project=tmp_path, home=HOME, os="win32", environ={})
    location = ADAPTER.location(Scope.USER, host)
    assert location is not None and ADAPTER.file_notes(location, host) == ()
    (tmp_path / ".mcp.json").write_text('{"mcpServers": {}}', encoding="utf-8")
    (note,) = ADAPTER.file_notes(location, host)
    assert "Claude Code" in note and "vscode adapter" in note
