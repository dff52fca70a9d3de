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


def test_agent_files_are_the_subagents_with_a_list_of_servers(tmp_path: Path) -> None:
    """Subagents live in .claude/agents (project) and ~/.claude/agents (user), not local;
    their servers are the items of the frontmatter `mcpServers` list."""
    from aidokit.adapters.format import LIST_ITEMS, Format

    host = make_host({}, tmp_path / "app")
    agents = ADAPTER.agents
    assert agents is not None and agents.fmt is Format.MARKDOWN
    assert agents.map_path == ("mcpServers", LIST_ITEMS)
    project = agents.location(ADAPTER.name, Scope.PROJECT, host, "qa")
    user = agents.location(ADAPTER.name, Scope.USER, host, "qa")
    assert project is not None and project.path == tmp_path / "app/.claude/agents/qa.md"
    assert user is not None and user.path == host.home / ".claude/agents/qa.md"
    assert agents.location(ADAPTER.name, Scope.LOCAL, host, "qa") is None
    entry = {"type": "stdio", "command": "npx", "args": ["x"]}
    assert agents.entry(entry) == entry  # the shape of .mcp.json entries


def test_only_mcp_json_servers_wait_for_approval(tmp_path: Path) -> None:
    """The approval gate is .mcp.json's: an agent file's servers have none."""
    host = make_host({}, tmp_path / "app")
    shared = ADAPTER.location(Scope.PROJECT, host)
    assert ADAPTER.agents is not None
    agent = ADAPTER.agents.location(ADAPTER.name, Scope.PROJECT, host, "qa")
    assert shared is not None and agent is not None
    assert ADAPTER.trust_gate(shared, host, ("playwright",)) is not None
    assert ADAPTER.trust_gate(agent, host, ("playwright",)) is None


def test_windows_note_on_agent_files_does_not_offer_local_scope(tmp_path: Path) -> None:
    """Project agent files keep plain npx on Windows too; local scope would not help them."""
    host = make_host({"os": "win32"}, tmp_path / "app")
    assert ADAPTER.agents is not None
    agent = ADAPTER.agents.location(ADAPTER.name, Scope.PROJECT, host, "qa")
    shared = ADAPTER.location(Scope.PROJECT, host)
    assert agent is not None and shared is not None
    (note,) = ADAPTER.file_notes(agent, host)
    assert "agent files are shared" in note and "--scope local" not in note
    assert "--scope local" in ADAPTER.file_notes(shared, host)[0]


@pytest.mark.parametrize(
    ("agent", "blocked"),
    [
        ({}, False),
        ({"tools": ["Read"]}, False),  # the agent's own servers skip its allow-list
        ({"disallowedTools": ["mcp__other"]}, False),
        ({"disallowedTools": ["Bash", "mcp__playwright"]}, True),
        ({"disallowedTools": "Bash, mcp__playwright__*"}, True),
        ({"disallowedTools": ["mcp__*"]}, True),
        ({"disallowedTools": 3}, False),
    ],
)
def test_only_disallowed_tools_keep_an_agent_from_its_own_server(
    agent: dict[str, object], blocked: bool
) -> None:
    """`disallowedTools` naming the server (or every MCP server) leaves it unusable."""
    assert ADAPTER.agents is not None
    why = ADAPTER.agents.blocked(agent, "playwright")
    assert (why is not None) == blocked
    assert why is None or "disallowedTools" in why
