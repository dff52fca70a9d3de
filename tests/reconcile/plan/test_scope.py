"""The plan's step "scope to agents" (reconcile/plan/scoping.py `scope_to_agents`) alone, on
small values: which entries stay in an adapter's shared file and which go to its agents."""

from __future__ import annotations

from pathlib import Path

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Format, Host, Location, Scope
from aidokit.reconcile.documents import Document
from aidokit.reconcile.plan.model import Reason
from aidokit.reconcile.plan.scoping import refused_agents, roles_used, scope_to_agents
from aidokit.reconcile.read.desired import DesiredEntry
from aidokit.reconcile.read.world import TargetFile, state_location

HOST = Host(project=Path("/nonexistent/p"), home=Path("/nonexistent/h"), os="linux", environ={})
GEMINI, CURSOR = ADAPTERS["gemini-cli"], ADAPTERS["cursor"]
TABLE = {"tester": ("qa",)}


def _entry(name: str, *roles: str, scoped: bool = False) -> DesiredEntry:
    return DesiredEntry(name, name, {"command": name}, "r", roles, False, scoped=scoped)


def _agent_file(name: str, frontmatter: str) -> TargetFile:
    """Gemini CLI's agent `name`, its file holding `frontmatter`."""
    path = HOST.project / f".gemini/agents/{name}.md"
    location = Location("gemini-cli", Scope.PROJECT, path, Format.MARKDOWN, ("mcp_servers",))
    raw = f"---\n{frontmatter}---\nBody.\n".encode()
    document = Document(location.path, location.fmt, raw)
    state_path, record_path = state_location(location, HOST)
    return TargetFile(
        GEMINI,
        location,
        state_path,
        record_path,
        f".gemini/agents/{name}.md",
        document,
        None,
        (),
        agent=name,
    )


def test_an_entry_whose_role_an_agent_plays_goes_to_that_agent_only() -> None:
    """`tester` is played by agent qa: git leaves the shared file for qa's; an entry
    without roles stays shared; the shared file's entries show their roles."""
    desired = [_entry("git", "tester"), _entry("fetch")]
    placed = scope_to_agents(
        GEMINI, desired, (), {"gemini-cli": ("qa",)}, TABLE, Scope.PROJECT, HOST
    )
    assert [e.name for e in placed.shared] == ["fetch"]
    assert [e.name for e in placed.agents["qa"]] == ["git"]
    assert placed.gone == {"git": (Reason.AGENTS_ONLY, "qa")}
    assert placed.scoping and placed.roles_used and placed.scoped


def test_nobody_playing_a_catalog_role_keeps_the_entry_shared_and_says_so() -> None:
    """No agent plays `tester`: git stays shared, one note names the choices."""
    placed = scope_to_agents(GEMINI, [_entry("git", "tester")], (), {}, TABLE, Scope.PROJECT, HOST)
    assert [e.name for e in placed.shared] == ["git"] and placed.agents == {}
    (note,) = placed.notes
    assert note.startswith("no gemini-cli agent plays the roles of git")


def test_an_agent_that_cannot_hold_servers_gets_none_and_the_plan_says_why() -> None:
    """A remote Gemini agent playing the role: the entry stays shared, the note names it."""
    remote = _agent_file("qa", "name: qa\nkind: remote\n")
    placed = scope_to_agents(
        GEMINI,
        [_entry("git", "tester")],
        (remote,),
        {"gemini-cli": ("qa",)},
        TABLE,
        Scope.PROJECT,
        HOST,
    )
    assert placed.agents == {} and [e.name for e in placed.shared] == ["git"]
    assert placed.notes[-1] == (
        "agent qa (.gemini/agents/qa.md) is a remote agent, which cannot hold mcp_servers; "
        "aido puts no server there"
    )
    local = _agent_file("qa", "name: qa\n")
    assert refused_agents((local,)) == {}


def test_a_harness_without_agent_files_keeps_every_entry_shared() -> None:
    """Cursor cannot scope: all shared, nothing leaves the shared file."""
    desired = [_entry("git", "tester", scoped=True)]
    placed = scope_to_agents(CURSOR, desired, (), {}, TABLE, Scope.PROJECT, HOST)
    assert placed.shared == desired and placed.gone == {}
    assert not placed.scoping and placed.roles_used and not placed.scoped


def test_roles_decide_nothing_without_roles_table_named_roles_or_agents() -> None:
    """No `[roles]`, no `[mcp.roles]`, no agent but the main session: roles are unused."""
    desired = [_entry("git", "tester")]
    assert not roles_used(desired, {"gemini-cli": ("main",)}, {})
    assert roles_used(desired, {"gemini-cli": ("qa",)}, {})
    assert roles_used([_entry("git", "tester", scoped=True)], {}, {})
    assert roles_used(desired, {}, TABLE)
