"""`build_plan` on hand-built worlds: the pure diff, with no file on disk behind it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.agents import AgentFileScoping
from aidokit.adapters.base import Host, Scope
from aidokit.adapters.common import identity_of
from aidokit.catalog.entries import ENTRIES_BY_ID
from aidokit.catalog.facts import Facts
from aidokit.reconcile.core.errors import StateError
from aidokit.reconcile.documents import Document
from aidokit.reconcile.plan.engine import build_plan
from aidokit.reconcile.plan.model import Action
from aidokit.reconcile.read.choices.config import LoadedConfig, ProjectConfig
from aidokit.reconcile.read.desired import Wanted, resolve_for
from aidokit.reconcile.read.ownership import Record, entry_digest
from aidokit.reconcile.read.world import Inputs, TargetFile, World, state_location

# Nothing exists here: a plan that read the disk would see no file at all.
HOST = Host(
    project=Path("/nonexistent/proj"), home=Path("/nonexistent/home"), os="linux", environ={}
)
CLAUDE = ADAPTERS["claude-code"]
LOCATION = CLAUDE.location(Scope.PROJECT, HOST)
CONTEXT7 = Wanted(ENTRIES_BY_ID["context7"], "always", explicit=False, roles=())
DESIRED = resolve_for(CLAUDE, [CONTEXT7])[0][0].entry


def _record(name: str, entry: dict[str, object], *, id: str = "context7") -> Record:
    return Record(
        adapter="claude-code", path=".mcp.json", name=name, id=id,
        digest=entry_digest(entry), identity=identity_of(CLAUDE, entry),
    )  # fmt: skip


def _world(
    servers: dict[str, object] | None,
    *,
    wanted: tuple[Wanted, ...] = (CONTEXT7,),
    records: tuple[Record, ...] = (),
    error: str | None = None,
    state_errors: tuple[str, ...] = (),
) -> World:
    """A world with one Claude Code `.mcp.json` holding `servers` (None: no file)."""
    assert LOCATION is not None
    raw = None if servers is None else json.dumps({"mcpServers": servers}).encode()
    document = None if error else Document(LOCATION.path, LOCATION.fmt, raw)
    state_path, record_path = state_location(LOCATION, HOST)
    target = TargetFile(
        CLAUDE, LOCATION, state_path, record_path, record_path, document, error, records
    )
    inputs = Inputs(HOST, LoadedConfig(ProjectConfig(), HOST.project / "aido.toml", False),
                    Scope.PROJECT, (CLAUDE,), ())  # fmt: skip
    return World(inputs, (), Facts(os="linux"), wanted, (), (target,), state_errors=state_errors)


def _actions(world: World, **kw: object) -> list[tuple[Action, str]]:
    (file,) = build_plan(world, **kw).files  # type: ignore[arg-type]
    return [(c.action, c.name) for c in file.changes]


def test_a_wanted_server_missing_from_the_file_is_created() -> None:
    """A desired entry the file lacks is a create, planned from the world alone."""
    assert _actions(_world(None)) == [(Action.CREATE, "context7")]


def test_an_owned_entry_equal_to_the_desired_one_is_a_noop() -> None:
    """Converged: the recorded entry still holds what aido wrote."""
    world = _world({"context7": DESIRED}, records=(_record("context7", DESIRED),))
    (file,) = build_plan(world).files
    assert not file.actionable


def test_a_same_named_entry_aido_does_not_own_is_a_conflict() -> None:
    """Name alone never grants ownership (SPEC §6)."""
    assert _actions(_world({"context7": DESIRED})) == [(Action.CONFLICT, "context7")]


def test_an_owned_entry_no_longer_wanted_is_deleted() -> None:
    """An owned entry that nothing asks for any more goes."""
    world = _world({"context7": DESIRED}, wanted=(), records=(_record("context7", DESIRED),))
    assert _actions(world) == [(Action.DELETE, "context7")]


def test_a_hand_edited_owned_entry_is_healed() -> None:
    """A field aido wrote changed, with the identity unchanged: a heal."""
    edited = {**DESIRED, "type": "sse"}
    world = _world({"context7": edited}, records=(_record("context7", DESIRED),))
    assert _actions(world) == [(Action.HEAL, "context7")]


def test_remove_plans_only_the_deletion_of_those_ids() -> None:
    """`remove` keeps the deletes of the named ids and notes that they are still desired."""
    world = _world({"context7": DESIRED}, records=(_record("context7", DESIRED),))
    plan = build_plan(world, remove={"context7"})
    assert [(c.action, c.name) for c in plan.files[0].changes] == [(Action.DELETE, "context7")]
    assert any("still desired" in note for note in plan.notes)


def test_a_file_that_could_not_be_read_is_that_files_error() -> None:
    """The read error travels with the file; nothing is planned for it."""
    (file,) = build_plan(_world(None, error="broken.json is not JSON")).files
    assert file.error == "broken.json is not JSON" and not file.changes


def test_unreadable_state_fails_the_plan() -> None:
    """Corrupt state is an error with its own message, never silently reset (SPEC §6)."""
    with pytest.raises(StateError, match="state is corrupt"):
        build_plan(_world(None, state_errors=("state is corrupt",)))


def test_the_plan_names_the_file_and_its_digest() -> None:
    """The plan carries the digest of the bytes the world read, for apply to check."""
    world = _world({})
    (file,) = build_plan(world).files
    assert world.files[0].document is not None
    assert file.digest == world.files[0].document.digest and file.path == ".mcp.json"


def test_field_paths_come_from_deepdiff_as_lists() -> None:
    """A key that looks like path syntax stays one key; it is quoted, never split."""
    from aidokit.reconcile.plan.planner import field_diff

    rows = field_diff({"env": {"x']['y": "1"}}, {"env": {"x']['y": "2"}, "args": ["a"]})
    assert [(r.path, r.kind.value) for r in rows] == [
        ("args", "added"),
        ("env[\"x']['y\"]", "changed"),
    ]


def test_list_items_and_plain_keys_read_naturally() -> None:
    """`args[1]` and `env.A`, as the text plan shows them."""
    from aidokit.reconcile.plan.planner import field_diff

    rows = field_diff({"args": ["a", "b"], "env": {"A": "1"}}, {"args": ["a", "c"], "env": {}})
    assert [r.path for r in rows] == ["args[1]", "env.A"]


GEMINI = ADAPTERS["gemini-cli"]
PLAYWRIGHT = Wanted(ENTRIES_BY_ID["playwright"], "added", explicit=True, roles=("tester-reviewer",))


def _scoped_world(
    agents: tuple[str, ...], *, roles: dict[str, tuple[str, ...]], wanted: Wanted = PLAYWRIGHT
) -> World:
    """A Gemini CLI world: an empty settings.json plus one empty agent file per name."""
    shared = GEMINI.location(Scope.PROJECT, HOST)
    assert shared is not None and isinstance(GEMINI, AgentFileScoping)
    files = []
    for name, location in (
        (None, shared),
        *((a, GEMINI.agent_files.location(GEMINI.name, Scope.PROJECT, HOST, a)) for a in agents),
    ):
        assert location is not None
        raw = b"{}" if name is None else f"---\nname: {name}\n---\nbody\n".encode()
        state_path, record_path = state_location(location, HOST)
        document = Document(location.path, location.fmt, raw)
        files.append(TargetFile(GEMINI, location, state_path, record_path, record_path,
                                document, None, (), agent=name))  # fmt: skip
    config = ProjectConfig(roles=roles)  # type: ignore[arg-type]
    inputs = Inputs(HOST, LoadedConfig(config, HOST.project / "aido.toml", True),
                    Scope.PROJECT, (GEMINI,), ())  # fmt: skip
    return World(inputs, (), Facts(os="linux"), (wanted,), (), tuple(files),
                 agents={GEMINI.name: agents})  # fmt: skip


def test_an_entry_goes_into_the_agents_of_its_roles_only() -> None:
    """The agents playing the entry's roles get it; the shared file and other agents do not."""
    world = _scoped_world(("qa", "writer"), roles={"tester-reviewer": ("qa",)})
    plan = build_plan(world)
    changes = {(f.path, f.agent): [(c.action, c.name) for c in f.changes] for f in plan.files}
    assert changes == {
        (".gemini/agents/qa.md", "qa"): [(Action.CREATE, "playwright")],
        (".gemini/agents/writer.md", "writer"): [],
        (".gemini/settings.json", None): [],
    }
    (qa,) = (f for f in plan.files if f.agent == "qa")
    assert qa.map_path == ("mcp_servers",) and "httpUrl" not in json.dumps(qa.changes[0].after)


def test_an_agent_named_like_the_role_plays_it_without_configuration() -> None:
    """`.gemini/agents/tester-reviewer.md` plays tester-reviewer with no `[roles]` line."""
    plan = build_plan(_scoped_world(("tester-reviewer",), roles={}))
    (agent,) = (f for f in plan.files if f.agent)
    assert [c.action for c in agent.changes] == [Action.CREATE]


def test_no_agent_for_catalog_roles_keeps_it_shared_and_says_so() -> None:
    """Roles from the catalog that no agent plays: the shared entry stays, with the choices."""
    plan = build_plan(_scoped_world(("writer",), roles={}))
    (shared,) = (f for f in plan.files if f.agent is None)
    assert [(c.action, c.name) for c in shared.changes] == [(Action.CREATE, "playwright")]
    (note,) = (n for n in shared.notes if n.startswith("no gemini-cli agent plays the roles"))
    assert '[roles] tester-reviewer = ["writer"]' in note and '["*"]' in note


def test_named_roles_no_agent_plays_leave_the_harness_out() -> None:
    """`[mcp.roles]` roles that no agent plays: neither the shared file nor any agent."""
    scoped = Wanted(PLAYWRIGHT.server, "added", True, ("implementer",), scoped=True)
    plan = build_plan(_scoped_world(("qa",), roles={}, wanted=scoped))
    assert not [c for f in plan.files for c in f.changes]
    assert any("leaves it out of gemini-cli" in n for f in plan.files for n in f.notes)


def test_star_roles_share_the_entry() -> None:
    """`["*"]` renders into the shared file, whatever agents exist."""
    shared = Wanted(PLAYWRIGHT.server, "added", True, ("*",), scoped=True)
    plan = build_plan(_scoped_world(("qa",), roles={"tester-reviewer": ("qa",)}, wanted=shared))
    placed = {f.agent: [c.name for c in f.changes] for f in plan.files}
    assert placed == {None: ["playwright"], "qa": []}
