"""The claude-code adapter: golden fixture cases and Claude Code specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Scope
from aidokit.adapters.claude_code import ADAPTER
from aidokit.reconcile.errors import CatalogError
from tests.adapters.runner import Case, case_params, make_host, make_server, run_case


@pytest.mark.parametrize("case", case_params("claude-code"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_local_scope_is_keyed_by_the_absolute_project_path(tmp_path: Path) -> None:
    """Local scope edits projects[<abs project path>].mcpServers in ~/.claude.json."""
    host = make_host({}, tmp_path / "app")
    location = ADAPTER.location(Scope.LOCAL, host)
    assert location is not None
    assert location.path == host.home / ".claude.json"
    assert location.map_path == ("projects", str(tmp_path / "app"), "mcpServers")


def test_windows_user_file_is_under_the_home_folder() -> None:
    """On Windows `~` is the home folder too (%USERPROFILE%)."""
    host = make_host({"os": "win32", "environ": {"APPDATA": "C:/Users/me/AppData/Roaming"}})
    location = ADAPTER.location(Scope.USER, host)
    assert location is not None and location.path == host.home / ".claude.json"


def test_remote_entries_always_name_their_type() -> None:
    """A url entry without type is read as stdio by Claude Code, so type is written."""
    server = make_server("claude-code", {"id": "x", "remote": {"url": "https://x.example/mcp"}})
    assert ADAPTER.render(server, server.install["claude-code"])["type"] == "http"


def test_cwd_is_refused() -> None:
    """stdio cwd support is unverified for Claude Code, so a spec with cwd is refused."""
    server = make_server("claude-code", {"id": "x", "stdio": {"command": "x", "cwd": "/srv"}})
    with pytest.raises(CatalogError, match="cwd"):
        ADAPTER.render(server, server.install["claude-code"])


def test_detects_the_project_file(tmp_path: Path) -> None:
    """A project .mcp.json is a reason to manage Claude Code."""
    (tmp_path / ".mcp.json").write_text("{}")
    host = make_host({"environ": {"PATH": ""}}, tmp_path)
    assert ADAPTER.detect(host, Scope.PROJECT) == "found .mcp.json"
