"""Where each entry goes in a harness that can scope: its agents' files or the shared file.

Pure: the placement of one adapter's desired entries, given the agents found in this
scope and the `[roles]` table (docs/roles.md). An entry goes into the files of the
agents that play its roles and leaves the shared file, so no other agent and not the
main session loads it. When no agent plays its roles, the plan says so: an entry whose
roles come from the catalog stays shared (nothing the user had disappears), one whose
roles `[mcp.roles]` names is held back (the user asked for those roles only); `["*"]`
shares an entry on purpose. The reserved agent `main` (`[roles] implementer = ["main"]`)
is the session that runs without `--agent`: an entry whose roles it plays stays in the
shared file, and goes into the files of the other agents of its roles as well.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aidokit.adapters import ADAPTERS
from aidokit.adapters.agents import AgentFileScoping, NamedAgentScoping
from aidokit.adapters.base import Adapter, Companion, Host, Scope
from aidokit.adapters.budget import AgentBudgets, Budget, Budgeted, budgeted
from aidokit.reconcile.core.errors import AidoError
from aidokit.reconcile.plan.model import Gone, Reason
from aidokit.reconcile.read.agents import MAIN, SHARED, agents_playing, main_plays
from aidokit.reconcile.read.desired import DesiredEntry
from aidokit.reconcile.read.world import TargetFile


class Placement:
    """One adapter's entries: the shared file's, each agent's, and why some left (filled in
    by `place`, so a small mutable class)."""

    __slots__ = ("agents", "budgeted", "gone", "notes", "roles_used", "scoped", "scoping", "shared")

    def __init__(self, shared: list[DesiredEntry] | None = None) -> None:
        self.shared: list[DesiredEntry] = [] if shared is None else shared
        self.agents: dict[str, list[DesiredEntry]] = {}
        self.gone: Gone = {}  # id -> why it leaves the shared file
        self.notes: list[str] = []  # the shared file's
        # (id, agent) of each per-agent budget compiled (docs/context-budget.md), or said why.
        self.budgeted: set[tuple[str, str]] = set()
        # Set by `scope_to_agents`: the harness scopes servers by agent files in this scope;
        # roles can decide anything in this project (`roles_used`); and both, so the shared
        # file's entries show their roles (`FileChange.scoped`).
        self.scoping = False
        self.roles_used = False
        self.scoped = False


def scope_to_agents(
    adapter: Adapter,
    desired: list[DesiredEntry],
    agent_files: tuple[TargetFile, ...],
    agents: Mapping[str, tuple[str, ...]],
    table: Mapping[str, tuple[str, ...]],
    scope: Scope,
    host: Host,
) -> Placement:
    """Scope to agents: takes the entries of one adapter's own file, its agent files read,
    the agents found per adapter (`World.agents`), the `[roles]` table, the scope and the
    host; gives which entries stay in the shared file and which go to each agent's file
    (with the per-agent budgets compiled there), why some leave the shared file, and the
    shared file's notes. An agent whose definition cannot hold servers gets none."""
    refused = refused_agents(agent_files)
    found = tuple(n for n in agents.get(adapter.name, ()) if n not in refused)
    # A scope without agent files (Claude Code's local scope) cannot scope: all shared.
    scoping = (
        isinstance(adapter, AgentFileScoping)
        and adapter.agent_files.folder(scope, host) is not None
    )
    named = isinstance(adapter, NamedAgentScoping)
    if named:
        placed = companions_for(adapter, desired, found, table)
    else:
        placed = place(adapter, desired, found, table) if scoping else Placement(list(desired))
    agent_budget_notes(adapter, desired, placed)
    placed.notes += refused.values()
    placed.scoping = scoping
    placed.roles_used = roles_used(desired, agents, table)
    # OpenCode scopes only what [mcp.roles] names (companions_for).
    placed.scoped = placed.roles_used and (any(i.scoped for i in desired) if named else scoping)
    return placed


def refused_agents(agent_files: tuple[TargetFile, ...]) -> dict[str, str]:
    """Agents whose definition cannot hold servers at all (e.g. a Gemini remote agent)."""
    refused = {}
    for agent in agent_files:
        adapter = agent.adapter
        if not isinstance(adapter, AgentFileScoping):
            continue
        if agent.agent is None or agent.document is None:
            continue
        why = adapter.agent_refuses(agent.document.value)
        if why:
            refused[agent.agent] = (
                f"agent {agent.agent} ({agent.shown}) {why}; aido puts no server there"
            )
    return refused


def roles_used(
    desired: list[DesiredEntry],
    agents: Mapping[str, tuple[str, ...]],
    table: Mapping[str, tuple[str, ...]],
) -> bool:
    """Whether roles can decide anything here: the project maps roles (`[roles]`), names an
    entry's roles (`[mcp.roles]`), or has agents that scoping can reach (issue 54: a project
    without them hears nothing of roles)."""
    if table or any(item.scoped for item in desired):
        return True
    for adapter, names in agents.items():
        harness = ADAPTERS.get(adapter)
        built_in: set[str] = set()
        if isinstance(harness, NamedAgentScoping):
            built_in = set(harness.named_agents.built_in)
        if any(name != MAIN and name not in built_in for name in names):
            return True
    return False


def place(
    adapter: Adapter,
    desired: list[DesiredEntry],
    found: tuple[str, ...],
    table: Mapping[str, tuple[str, ...]],
) -> Placement:
    """Place every desired entry of `adapter` (all shared when it cannot scope)."""
    result = Placement()
    unplayed: list[DesiredEntry] = []
    for item in desired:
        if not isinstance(adapter, AgentFileScoping) or not item.roles or SHARED in item.roles:
            result.shared.append(item)
            continue
        names = agents_playing(item.roles, table, found)
        main = main_plays(item.roles, table)
        if main:
            result.shared.append(item)
        if not names:
            if not main:
                unplayed.append(item)
            continue
        try:
            entry = adapter.agent_entry(item.entry)
        except AidoError as exc:
            result.notes.append(f"{item.id}: kept in the shared file of {adapter.name}: {exc}")
            if not main:
                result.shared.append(item)
            continue
        if not main:
            result.gone[item.id] = (Reason.AGENTS_ONLY, ", ".join(names))
        for name in names:
            agent_item = _agent_item(adapter, item, entry, name, result)
            if agent_item is not None:
                result.agents.setdefault(name, []).append(agent_item)
    # With no agent and no `[roles]`, roles decide nothing: the entries stay shared unsaid.
    said = any(name != MAIN for name in found) or bool(table)
    _nobody(adapter.name, unplayed, found, result, said=said)
    _agent_files_only(adapter, desired, found, result)
    return result


def _agent_files_only(
    adapter: Adapter, desired: list[DesiredEntry], found: tuple[str, ...], result: Placement
) -> None:
    """Per-agent budgets of servers that are not in the agent's own file, for a harness
    whose agents inherit the main session's servers and deny tools in their own file
    (Claude Code's frontmatter `disallowedTools`): values of that agent file only."""
    if not isinstance(adapter, AgentFileScoping) or not isinstance(adapter, AgentBudgets):
        return
    for item in desired:
        for agent, budget in item.agent_budgets.items():
            if (item.id, agent) in result.budgeted:
                continue
            compiled = adapter.agent_budget(item.id, agent, budget)
            if compiled is None:
                return  # said by agent_budget_notes
            result.budgeted.add((item.id, agent))
            table = f"[override.{item.id}.agents.{agent}]"
            if agent not in found:
                result.notes.append(f"{item.id}: {table} names no {adapter.name} agent found here")
                continue
            if budget.enabled and not item.budget.enabled:
                result.notes.append(
                    f"{item.id}: {table} cannot switch on for one agent a server that is off "
                    f"in {adapter.name}; scope it to the agent with [mcp.roles] instead"
                    " (docs/roles.md)"
                )
                continue
            result.notes.extend(compiled.notes)
            if compiled.companions:
                values = item._replace(
                    companions=(),
                    budget_companions=compiled.companions,
                    companions_only=True,
                    why=Reason.BUDGET,
                    detail=agent,
                )
                result.agents.setdefault(agent, []).append(values)


def _agent_item(
    adapter: Adapter, item: DesiredEntry, entry: dict[str, Any], name: str, result: Placement
) -> DesiredEntry | None:
    """`item` as the file of agent `name` holds it: with its per-agent budget
    (`[override.ID.agents.NAME]`) compiled into the agent's own entry, where the harness
    keeps the tool filter in the entry; None when that budget switches it off there and
    the harness has no off switch (left out of that agent's file, the plan says so)."""
    plain = item._replace(entry=entry, companions=(), budget_companions=())
    budget = item.agent_budgets.get(name)
    if budget is None or item.plain is None or not isinstance(adapter, AgentFileScoping):
        return plain
    result.budgeted.add((item.id, name))
    table = f"[override.{item.id}.agents.{name}]"
    compiled = budgeted(adapter, item.id, item.plain, budget, Scope.PROJECT)
    if compiled.entry is None:
        result.notes.append(
            f"{item.id}: {table} switches it off and {adapter.name} has no off switch, "
            f"so aido leaves it out of agent {name}'s file"
        )
        return None
    if compiled.companions:  # the filter lives outside the entry (Claude Code's settings)
        own_file = _in_agent_file(adapter, item.id, name, budget)
        if own_file is not None:
            return plain._replace(
                notes=(*plain.notes, *own_file.notes),
                budget_companions=own_file.companions,
            )
        why = (
            f"{item.id}: {adapter.name} keeps a server's tool filter outside the agent's "
            f"file, so aido cannot write {table} there; agent {name} loads what the shared "
            "budget leaves"
        )
        return plain._replace(notes=(*plain.notes, why))
    try:
        own = adapter.agent_entry(compiled.entry)
    except AidoError as exc:
        return plain._replace(notes=(*plain.notes, f"{item.id}: {table} not applied: {exc}"))
    return plain._replace(
        entry=own,
        notes=(*plain.notes, *compiled.notes),
        claims=compiled.claims,
        budget=budget,
        filtered=compiled.filtered,
    )


def _in_agent_file(adapter: Adapter, name: str, agent: str, budget: Budget) -> Budgeted | None:
    """Server `name`'s budget for agent `agent` as values of the agent's own file (Claude
    Code's `disallowedTools`); None where the harness keeps per-agent budgets in its
    config file (OpenCode's `agent.<name>.tools`) or has none."""
    if not isinstance(adapter, AgentBudgets) or isinstance(adapter, NamedAgentScoping):
        return None
    return adapter.agent_budget(name, agent, budget)


def companions_for(
    adapter: Adapter,
    desired: list[DesiredEntry],
    found: tuple[str, ...],
    table: Mapping[str, tuple[str, ...]],
) -> Placement:
    """Scoping by companions (OpenCode): an entry `[mcp.roles]` names gets the tool globs of
    the real agents `found` that play its roles; none when the main session plays one (the
    shared file is what it loads, and every agent with it); held back, with a note, when
    nobody plays them. Other entries stay as they are."""
    result = Placement()
    unplayed: list[DesiredEntry] = []
    for item in desired:
        if not item.companions:
            result.shared.append(item)
            continue
        names = agents_playing(item.roles, table, found)
        if main_plays(item.roles, table):
            result.shared.append(item._replace(companions=()))
        elif names and isinstance(adapter, NamedAgentScoping):
            result.shared.append(item._replace(companions=adapter.role_scoping(item.id, names)))
        elif names:
            result.shared.append(item._replace(companions=()))
        else:
            unplayed.append(item)
    _nobody(adapter.name, unplayed, found, result)
    result.shared = [_with_agent_budgets(adapter, item, found, result) for item in result.shared]
    return result


def _with_agent_budgets(
    adapter: Adapter, item: DesiredEntry, found: tuple[str, ...], result: Placement
) -> DesiredEntry:
    """`item` with its per-agent budgets as values of the shared file (OpenCode's
    `agent.<name>.tools`): each replaces a role-scoping value of the same key."""
    extra: list[Companion] = []
    notes: list[str] = []
    if not isinstance(adapter, AgentBudgets):
        return item  # said by agent_budget_notes
    for agent, budget in item.agent_budgets.items():
        table = f"[override.{item.id}.agents.{agent}]"
        compiled = adapter.agent_budget(item.id, agent, budget)
        if compiled is None:
            continue  # said by agent_budget_notes
        result.budgeted.add((item.id, agent))
        if agent not in found:
            notes.append(f"{item.id}: {table} names no {adapter.name} agent found here")
            continue
        if budget.enabled and not item.budget.enabled:
            notes.append(
                f"{item.id}: {table} cannot switch on for one agent a server that is off in "
                f"{adapter.name} (it is not started); scope it to the agent with [mcp.roles] "
                "instead (docs/roles.md)"
            )
            continue
        extra += compiled.companions
        notes += compiled.notes
    if not extra and not notes:
        return item
    keys = {(c.map_path, c.name) for c in extra}
    kept = tuple(c for c in item.companions if (c.map_path, c.name) not in keys)
    return item._replace(
        companions=kept,
        budget_companions=(*item.budget_companions, *extra),
        notes=(*item.notes, *notes),
    )


def agent_budget_notes(adapter: Adapter, desired: list[DesiredEntry], result: Placement) -> None:
    """A per-agent budget the harness could not apply for that agent: the plan says so
    (the agent loads what the server's own budget leaves)."""
    for item in desired:
        left = [a for a in item.agent_budgets if (item.id, a) not in result.budgeted]
        if not left:
            continue
        tables = ", ".join(f"[override.{item.id}.agents.{a}]" for a in left)
        how = (
            "it applies only where the server is in the agent's own file (give the server "
            "a role the agent plays, docs/roles.md)"
            if isinstance(adapter, AgentFileScoping)
            else "it has no per-agent tool field"
        )
        result.notes.append(
            f"{item.id}: {adapter.name} does not apply {tables}: {how}; "
            "the agent loads what the server's own budget leaves"
        )


def _nobody(
    adapter: str,
    unplayed: list[DesiredEntry],
    found: tuple[str, ...],
    result: Placement,
    *,
    said: bool = True,
) -> None:
    """No agent plays these entries' roles: one note for those kept shared (catalog roles)
    and one for those held back (roles named in `[mcp.roles]`), each with the choices. The
    note on the shared ones only when `said` (the project has agents or `[roles]`)."""
    held = [item for item in unplayed if item.scoped]
    kept = [item for item in unplayed if not item.scoped]
    result.shared += kept
    for item in held:
        result.gone[item.id] = (Reason.NO_AGENT, adapter)
    for items, outcome in (
        (kept if said else [], f"so every {adapter} agent and the main session see {{them}}"),
        (held, f"so aido leaves {{them}} out of {adapter} ([mcp.roles] names the roles)"),
    ):
        if items:
            result.notes.append(_note(adapter, items, found, outcome))


def _note(adapter: str, items: list[DesiredEntry], found: tuple[str, ...], outcome: str) -> str:
    """`no gemini-cli agent plays the roles of a, b, so ...; <the choices>` (each entry's
    roles are its `roles:` line in the plan): the main session first (it is what runs
    without `--agent`), then an agent found."""
    agents = [name for name in found if name != MAIN][:1]
    first = items[0]
    listed = ", ".join(item.id for item in items)
    them = "it" if len(items) == 1 else "them"
    role = first.roles[0]
    to_agent = f' or to an agent with [roles] {role} = ["{agents[0]}"]' if agents else ""
    return (
        f"no {adapter} agent plays the roles of {listed}, {outcome.format(them=them)}; "
        f'give a role to the main session with [roles] {role} = ["{MAIN}"]{to_agent} in '
        f'aido.toml, or share a server on purpose with [mcp.roles] {first.id} = ["*"]'
    )
