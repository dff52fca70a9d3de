"""The claude-code adapter: golden fixture cases and Claude Code specifics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.adapters.approval import ApprovalGate
from aidokit.adapters.base import Host, Scope
from aidokit.adapters.claude_code import ADAPTER
from aidokit.reconcile.core.errors import CatalogError
from aidokit.reconcile.read.world import read_trust
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
    assert ADAPTER.build(server, server.install["claude-code"]).entry["type"] == "http"


def test_cwd_is_refused() -> None:
    """stdio cwd support is unverified for Claude Code, so a spec with cwd is refused."""
    server = make_server("claude-code", {"id": "x", "stdio": {"command": "x", "cwd": "/srv"}})
    with pytest.raises(CatalogError, match="cwd"):
        ADAPTER.build(server, server.install["claude-code"])


def test_detects_the_project_file(tmp_path: Path) -> None:
    """A project .mcp.json is a reason to manage Claude Code."""
    (tmp_path / ".mcp.json").write_text("{}")
    host = make_host({"environ": {"PATH": ""}}, tmp_path)
    assert ADAPTER.detect(host, Scope.PROJECT) == "found .mcp.json"


def test_agent_files_are_the_subagents_with_a_list_of_servers(tmp_path: Path) -> None:
    """Subagents live in .claude/agents (project) and ~/.claude/agents (user), not local;
    their servers are the items of the frontmatter `mcpServers` list."""
    from aidokit.adapters.base import LIST_ITEMS, Format

    host = make_host({}, tmp_path / "app")
    agents = ADAPTER.agent_files
    assert agents.fmt is Format.MARKDOWN
    assert agents.map_path == ("mcpServers", LIST_ITEMS)
    project = agents.location(ADAPTER.name, Scope.PROJECT, host, "qa")
    user = agents.location(ADAPTER.name, Scope.USER, host, "qa")
    assert project is not None and project.path == tmp_path / "app/.claude/agents/qa.md"
    assert user is not None and user.path == host.home / ".claude/agents/qa.md"
    assert agents.location(ADAPTER.name, Scope.LOCAL, host, "qa") is None
    entry = {"type": "stdio", "command": "npx", "args": ["x"]}
    assert ADAPTER.agent_entry(entry) == entry  # the shape of .mcp.json entries


def _trust(home: Path, folder: Path, value: object = True) -> None:
    """Record in `home`/.claude.json what Claude Code's trust dialog records for `folder`."""
    home.mkdir(parents=True, exist_ok=True)
    record = {"projects": {str(folder): {"hasTrustDialogAccepted": value}}}
    (home / ".claude.json").write_text(json.dumps(record), encoding="utf-8")


def _agent_gate(host: Host, scope: Scope = Scope.PROJECT) -> ApprovalGate | None:

    location = ADAPTER.agent_files.location(ADAPTER.name, scope, host, "qa")
    assert location is not None
    return ADAPTER.approval(location, host, ("playwright",), read_trust(ADAPTER, location, host))


def test_project_agent_servers_wait_for_folder_trust_not_approval(tmp_path: Path) -> None:
    """A project agent's servers wait for the folder's trust (2.1.238+); `.mcp.json`'s wait
    for approval whatever the folder's trust."""
    host = Host(project=tmp_path / "app", home=tmp_path / "home", os="linux", environ={})
    shared = ADAPTER.location(Scope.PROJECT, host)
    assert shared is not None
    gate = _agent_gate(host)
    assert gate is not None and "pending approval" not in gate.requires
    assert f'projects["{host.project}"].hasTrustDialogAccepted to true' in gate.grant
    assert _agent_gate(host, Scope.USER) is None  # user agents need no trust
    _trust(host.home, host.project)
    assert _agent_gate(host) is None
    assert (
        ADAPTER.approval(shared, host, ("playwright",), read_trust(ADAPTER, shared, host))
        is not None
    )


@pytest.mark.parametrize(
    ("record", "gated"),
    [
        ("{}", True),
        ('{"projects": {"@": {"hasTrustDialogAccepted": false}}}', True),
        ('{"projects": {"@": {"hasTrustDialogAccepted": "true"}}}', True),
        ('{"projects": {"@": {"hasTrustDialogAccepted": true}}', True),  # unreadable
        ('{"projects": {"@": {"hasTrustDialogAccepted": true}}}', False),
    ],
)
def test_only_an_explicit_true_trusts_the_folder(tmp_path: Path, record: str, gated: bool) -> None:
    """Only `hasTrustDialogAccepted: true` counts; a record aido cannot read leaves the gate."""
    host = Host(project=tmp_path / "app", home=tmp_path / "home", os="linux", environ={})
    host.home.mkdir()
    text = record.replace("@", str(host.project))
    (host.home / ".claude.json").write_text(text, encoding="utf-8")
    assert (_agent_gate(host) is not None) is gated


def test_folder_trust_is_keyed_by_the_git_repository(tmp_path: Path) -> None:
    """In a git repository Claude Code keys trust by the repository's root: trusting the
    subfolder the project is in does not count."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    host = Host(project=repo / "app", home=tmp_path / "home", os="linux", environ={})
    _trust(host.home, host.project)
    gate = _agent_gate(host)
    assert gate is not None and f'projects["{repo}"]' in gate.grant
    _trust(host.home, repo)
    assert _agent_gate(host) is None


def test_windows_note_on_agent_files_does_not_offer_local_scope(tmp_path: Path) -> None:
    """Project agent files keep plain npx on Windows too; local scope would not help them."""
    host = make_host({"os": "win32"}, tmp_path / "app")

    agent = ADAPTER.agent_files.location(ADAPTER.name, Scope.PROJECT, host, "qa")
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

    why = ADAPTER.agent_blocked(agent, "playwright")
    assert (why is not None) == blocked
    assert why is None or "disallowedTools" in why
