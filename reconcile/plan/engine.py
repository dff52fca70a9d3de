"""Compute the plan from the world read once (SPEC §1): pure, every read happened in `world`."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from functools import partial
from typing import Any

from aidokit.adapters.base import ITEMS, Adapter, Companion, Host, Scope, TrustRecords, role_scoping
from aidokit.adapters.common import identity_of
from aidokit.catalog.models import MCPDef
from aidokit.reconcile.core.errors import AidoError, StateError
from aidokit.reconcile.plan.model import (
    Action,
    BaselineUse,
    Change,
    FileChange,
    Gone,
    Plan,
    PolicyViolation,
    Reason,
)
from aidokit.reconcile.plan.personal import nowhere, with_switches
from aidokit.reconcile.plan.planner import (
    POLICY_ID,
    lock_change,
    next_lock,
    pin,
    plan_companions,
    plan_entries,
)
from aidokit.reconcile.plan.scoping import Placement, agent_budget_notes, companions_for, place
from aidokit.reconcile.read.agents import MAIN
from aidokit.reconcile.read.choices.lockfile import lock_path
from aidokit.reconcile.read.desired import DesiredEntry, Wanted, resolve_for
from aidokit.reconcile.read.state import Record
from aidokit.reconcile.read.world import TargetFile, World, role_table, writes_lock


def build_plan(
    world: World,
    *,
    remove: Collection[str] | None = None,
    removed_by: str | None = None,
    upgrade: Collection[str] = (),
) -> Plan:
    """Compute the plan for every targeted file of `world`, and its orphans; reads nothing.

    With `remove`, plan only the deletion of owned entries with those ids
    (`aido remove`, and `aido destroy` with every id); `removed_by` names the command
    that removes them when it is not a `skip`; the lock is left alone. Catalog entries in
    `aido.lock` render from it, except those in `upgrade`.
    """
    if world.state_errors:
        raise StateError(world.state_errors[0])
    inputs = world.inputs
    loaded = inputs.loaded
    wanted = list(world.wanted)
    if world.personal is not None:  # a person's additions: their own pins, then the team's
        wanted = pin(wanted, world.personal.lock, upgrade)
    wanted = pin(wanted, world.lock, upgrade)
    notes = list(world.notes)
    lock = None
    if writes_lock(inputs) and remove is None:
        new = next_lock(wanted, world.lock, upgrade, loaded.baselines)
        lock = lock_change(str(lock_path(inputs.host.project)), world.lock, new, world.lock_digest)
    elif world.personal is not None and world.personal.lock_path is not None and remove is None:
        # SPEC §4: a local choice's pin lives with the person, never in aido.lock.
        mine = world.personal
        new = next_lock(wanted, mine.lock, upgrade, {})
        if new.entries or mine.lock is not None:  # nothing of theirs: no file of pins
            lock = lock_change(str(mine.lock_path), mine.lock, new, mine.lock_digest)
    # After the lock: it keeps the catalog's spec, the override stays in the config.
    if loaded.config.override:
        from aidokit.reconcile.read.choices.overrides import with_overrides

        wanted = with_overrides(wanted, loaded.config, loaded.origin)
    if any(item.budget.chosen or item.agent_budgets for item in wanted):
        from aidokit.reconcile.plan.budget import check_named, pinned_lists, with_known

        # docs/context-budget.md: the tools a pin lists (issue 53), else the last probe's.
        pinned = pinned_lists(world.lock)
        known = {**world.tool_lists, **pinned}
        for item in wanted:
            if item.server.id in pinned:
                where = loaded.origin.get(f"override:{item.server.id}", "aido.toml")
                budgets = {"": item.budget, **item.agent_budgets}
                check_named(item.server.id, budgets, pinned[item.server.id], where)
        wanted = [
            item._replace(
                budget=with_known(item.budget, known, item.server.id),
                agent_budgets={
                    agent: with_known(budget, known, item.server.id)
                    for agent, budget in item.agent_budgets.items()
                },
            )
            for item in wanted
        ]
    notes += _unset_references(wanted, inputs.host)
    gone: Gone = {
        i: (Reason.SKIPPED, loaded.origin.get(f"skip:{i}", "aido.toml"))
        for i in loaded.config.mcp.skip
    }
    if remove is not None:
        notes += [
            f"'{item.server.id}' is still desired ({item.reason}), so the next apply adds it "
            "again; `aido remove` it to keep it out"
            for item in wanted
            if item.server.id in remove
        ]
        wanted = [item for item in wanted if item.server.id not in remove]
        gone.update(dict.fromkeys(remove, (Reason.REMOVED, removed_by)) if removed_by else {})
    files: list[FileChange] = []
    for adapter in inputs.adapters:
        target = world.file_of(adapter.name)
        if target is None:
            if world.personal is not None:
                notes += nowhere(adapter, world.personal)
            elif adapter.name not in world.not_installed:
                notes.append(f"{adapter.name} has no {inputs.scope} scope; nothing to do there")
            continue
        allowed, refused, outside = _admitted(wanted, adapter, world)
        desired, skipped = resolve_for(
            adapter, allowed, inputs.host.os, inputs.scope, host=inputs.host
        )
        notes.extend([*refused, *skipped])
        if world.personal is not None:
            desired, said = with_switches(adapter, desired, world.personal)
            notes += said
        native = remove is None or POLICY_ID not in remove
        files += _plan_adapter(world, target, desired, {**gone, **outside}, native=native)
    for orphan in world.orphans:
        reasons: Gone = {}
        if orphan.orphaned:  # read/world.py names the case by the Reason's value
            why = (Reason(orphan.orphaned), orphan.adapter.name)
            reasons = dict.fromkeys((r.id for r in orphan.records), why)
        files.append(
            replace(_plan_file(orphan, [], inputs.host, reasons, world.trust), agent=orphan.agent)
        )
    if remove is not None:
        files = [_only_removals(file, remove) for file in files]
    files.sort(key=lambda f: (f.path, f.adapter))
    return Plan(
        project=str(inputs.host.project),
        scope=inputs.scope,
        files=tuple(files),
        notes=(*inputs.notes, *notes),
        lock=lock,
        policy_violations=_hand_written(world),
        baselines=tuple(
            BaselineUse(source, pin.commit, pin.digest)
            for source, pin in sorted(loaded.baselines.items())
        ),
    )


def _admitted(
    wanted: list[Wanted], adapter: Adapter, world: World
) -> tuple[list[Wanted], list[str], Gone]:
    """What the policy layers admit on `adapter` (reconcile/plan/policy/enforce.py)."""
    if not world.inputs.policy:
        return wanted, [], {}
    from aidokit.reconcile.plan.policy.enforce import admitted  # only when a policy exists

    return admitted(wanted, adapter, world.inputs.policy, world.inputs.loaded.config)


def _hand_written(world: World) -> tuple[PolicyViolation, ...]:
    """Entries outside policy in the targeted files that aido does not own (left alone)."""
    if not world.inputs.policy:
        return ()
    from aidokit.reconcile.plan.policy.found import hand_written

    catalog = {entry.id: entry for entry in world.entries}
    found = []
    for target in world.files:
        if target.document is None:
            continue
        found += hand_written(
            target.adapter, target.servers(), target.records, host=world.inputs.host,
            catalog=catalog, layers=world.inputs.policy, shown=target.shown,
        )  # fmt: skip
    return tuple(found)


def _unset_references(wanted: Collection[Wanted], host: Host) -> list[str]:
    """A custom server's `${NAME}` references (a credential aido replaced, SPEC §7) that
    are not set where aido runs: the harness will start the server without them."""
    notes = []
    for item in wanted:
        unset = [v.name for v in item.server.env if v.secret and not host.environ.get(v.name)]
        if unset and "custom" in item.server.tags:
            notes.append(
                f"{item.server.id}: set {', '.join(unset)} in the environment the harness "
                "starts in; aido writes only a reference to it, never the credential"
            )
    return notes


def _plan_adapter(
    world: World,
    target: TargetFile,
    desired: list[DesiredEntry],
    gone: Gone,
    *,
    native: bool = True,
) -> list[FileChange]:
    """The shared file of one adapter, the agent files its entries' roles reach, and its
    companion files (`native`: with the items of a policy written there)."""
    desired, notes = _native_in_own_file(world, target, desired, native)
    sides = world.companions_of(target.adapter.name)
    if not sides and not any(c.file for d in desired for c in d.budget_companions):
        files = _plan_own(world, target, desired, gone)
    else:
        own = [d._replace(budget_companions=_in_file(d, None)) for d in desired]
        side_files = [_plan_companion_file(world, side, desired, native) for side in sides]
        files = [*_plan_own(world, target, own, gone), *(f for f in side_files if f is not None)]
    if notes:  # the first file is the shared one
        files[0] = replace(files[0], notes=tuple(dict.fromkeys((*files[0].notes, *notes))))
    return files


def _native_in_own_file(
    world: World, target: TargetFile, desired: list[DesiredEntry], native: bool
) -> tuple[list[DesiredEntry], tuple[str, ...]]:
    """`desired` with the native policy's items when the harness keeps its enforcement in
    the file of its servers (Gemini CLI, Qwen Code: no companion files), and its notes."""
    inputs = world.inputs
    if not native or not inputs.policy:
        return desired, ()
    if target.adapter.companion_files(inputs.scope, inputs.host):
        return desired, ()  # its policy goes there (_plan_companion_file)
    from aidokit.reconcile.plan.policy.native import admin_note, native_entry

    policy, notes = native_entry(target.adapter, inputs, None)
    if inputs.scope is Scope.USER:
        entries = {d.name: d.entry for d in desired}
        admin = admin_note(target.adapter, inputs.policy, entries)
        notes += (admin,) if admin else ()
    return ([*desired, policy] if policy is not None else desired), notes


def _plan_own(
    world: World, target: TargetFile, desired: list[DesiredEntry], gone: Gone
) -> list[FileChange]:
    """The shared file of one adapter, and the agent files its entries' roles reach."""
    adapter, host = target.adapter, world.inputs.host
    refused = _refused(world.agent_files_of(adapter.name))
    found = tuple(n for n in world.agents.get(adapter.name, ()) if n not in refused)
    # A scope without agent files (Claude Code's local scope) cannot scope: all shared.
    agents = adapter.agents
    scoping = agents is not None and agents.folder(world.inputs.scope, host) is not None
    table = role_table(world.inputs)
    if adapter.named_agents is not None:
        placed = companions_for(adapter, desired, found, table)
    else:
        placed = place(adapter, desired, found, table) if scoping else Placement(list(desired))
    agent_budget_notes(adapter, desired, placed)
    used = _roles_used(world, desired)
    shared = _plan_file(target, placed.shared, host, {**placed.gone, **gone}, world.trust)
    shared = _import_hints(shared, adapter, world)
    shared = replace(
        shared,
        notes=(*shared.notes, *placed.notes, *refused.values()),
        # OpenCode scopes only what [mcp.roles] names (companions_for).
        scoped=used
        and (scoping if adapter.named_agents is None else any(i.scoped for i in desired)),
    )
    shared = _deprecation_reasons(shared, world.entries)
    files = [_note_role_scoping(shared, adapter, scoping) if used else shared]
    for agent in world.agent_files_of(adapter.name):
        if agent.agent is None:
            raise RuntimeError("aido bug: expected agent.agent is not None")
        # aido never creates an agent file: one gone since discovery only loses its records.
        mine = placed.agents.get(agent.agent, []) if agent.exists else []
        file = _plan_file(agent, mine, host, gone, world.trust)
        file = replace(file, notes=(*file.notes, *_blocked(agent, mine)))
        if mine and file.trust is None and adapter.agents is not None:
            gate = adapter.agents.gate(agent.location, host, bool(file.actionable), world.trust)
            file = replace(file, trust=gate)
        files.append(
            replace(_deprecation_reasons(file, world.entries), agent=agent.agent, scoped=True)
        )
    return files


def _roles_used(world: World, desired: list[DesiredEntry]) -> bool:
    """Whether roles can decide anything here: the project maps roles (`[roles]`), names an
    entry's roles (`[mcp.roles]`), or has agents that scoping can reach (issue 54: a project
    without them hears nothing of roles)."""
    from aidokit.adapters import ADAPTERS

    if role_table(world.inputs) or any(item.scoped for item in desired):
        return True
    for adapter, names in world.agents.items():
        named = ADAPTERS[adapter].named_agents if adapter in ADAPTERS else None
        built_in = set(named.built_in) if named is not None else set()
        if any(name != MAIN and name not in built_in for name in names):
            return True
    return False


def _in_file(entry: DesiredEntry, key: str | None) -> tuple[Companion, ...]:
    """The budget companions of `entry` that live in companion file `key` (None: its own)."""
    return tuple(c for c in entry.budget_companions if c.file == key)


def _plan_companion_file(
    world: World, target: TargetFile, desired: list[DesiredEntry], native: bool
) -> FileChange | None:
    """A companion file (`Adapter.companion_files`): the items the entries' companions and
    the native policy put there, each owned item by item (reconcile/plan/policy/native.py).
    None when aido neither wants an item there nor recorded one: the file is not aido's
    business then (it is not shown, and an unreadable one is no error of this plan)."""
    key = target.companion
    if key is None:
        raise RuntimeError("aido bug: expected key is not None")
    mine = [
        d._replace(companions=(), budget_companions=_in_file(d, key))
        for d in desired
        if _in_file(d, key)
    ]
    notes: tuple[str, ...] = ()
    if native and world.inputs.policy:
        from aidokit.reconcile.plan.policy.native import native_entry

        policy, notes = native_entry(target.adapter, world.inputs, key)
        mine += [policy] if policy is not None else []
    if not mine and not target.records and not notes:
        return None
    file = _plan_file(target, mine, world.inputs.host, {}, world.trust)
    return replace(file, notes=(*file.notes, *notes))


def _refused(agents: tuple[TargetFile, ...]) -> dict[str, str]:
    """Agents whose definition cannot hold servers at all (e.g. a Gemini remote agent)."""
    refused = {}
    for agent in agents:
        descriptor = agent.adapter.agents
        if descriptor is None or agent.agent is None or agent.document is None:
            continue
        why = descriptor.refuses(agent.document.value)
        if why:
            refused[agent.agent] = (
                f"agent {agent.agent} ({agent.shown}) {why}; aido puts no server there"
            )
    return refused


def _blocked(agent: TargetFile, entries: list[DesiredEntry]) -> list[str]:
    """Notes for servers an agent holds but cannot use (e.g. Kiro's `tools` list)."""
    descriptor = agent.adapter.agents
    if descriptor is None or agent.document is None or not entries:
        return []
    value = _without_own_items(agent.document.value, entries)
    found = ((e.name, descriptor.blocked(value, e.name)) for e in entries)
    return [f"{name}: {why}" for name, why in found if why]


def _without_own_items(value: dict[str, Any], entries: list[DesiredEntry]) -> dict[str, Any]:
    """An agent file's frontmatter without the list items aido's budgets put there: an
    agent budget that switches a server off for the agent (Claude Code's `mcp__<server>`
    in `disallowedTools`) blocks it on purpose, so only the user's items are a reason."""
    own = [c for e in entries for c in e.budget_companions if c.map_path[-1:] == (ITEMS,)]
    if not own:
        return value
    import copy

    value = copy.deepcopy(value)
    for comp in own:
        parent: Any = value
        for key in comp.map_path[:-2]:
            parent = parent.get(key) if isinstance(parent, dict) else None
        key = comp.map_path[-2]
        if isinstance(parent, dict) and isinstance(parent.get(key), list):
            parent[key] = [item for item in parent[key] if item != comp.value]
    return value


def _deprecation_reasons(file: FileChange, catalog: Collection[MCPDef]) -> FileChange:
    """Say why an owned entry goes when its catalog entry was deprecated: "deprecated, use X"."""
    going = {c.id for c in file.changes if c.action is Action.DELETE and not c.map_path}
    if not going:
        return file
    reasons = {e.id: e.replaced_by or "" for e in catalog if e.deprecated and e.id in going}
    changes = tuple(
        replace(c, why=Reason.DEPRECATED, reason=reasons[c.id])
        if c.action is Action.DELETE and not c.map_path and c.id in reasons
        else c
        for c in file.changes
    )
    return replace(file, changes=changes)


def _import_hints(file: FileChange, adapter: Adapter, world: World) -> FileChange:
    """A conflict whose entry runs its catalog server in another form hints `aido import`,
    which takes it (issue 38 §1): the hint is the command that works (recognise.takes_as)."""
    from aidokit.reconcile.plan.planner import conflict_hint

    conflicts = [
        c for c in file.changes
        if c.action is Action.CONFLICT and not c.map_path and isinstance(c.before, dict)
        and c.source == "catalog" and c.hint and " --force " in c.hint
    ]  # fmt: skip
    if not conflicts:
        return file
    from aidokit.reconcile.read.recognise import takes_as

    servers = {w.server.id: w.server for w in world.wanted}
    hints = {
        c.name: conflict_hint(c.name, c.id or c.name, file.adapter, as_is=False, imports=True)
        for c in conflicts
        if c.id in servers and c.name == c.id and takes_as(adapter, c.before, servers[c.id])
    }
    changes = tuple(replace(c, hint=hints[c.name]) if c.name in hints else c for c in file.changes)
    return replace(file, changes=changes)


def _only_removals(file: FileChange, remove: Collection[str]) -> FileChange:
    kept = [c for c in file.changes if c.action is Action.DELETE and c.id in remove]
    return replace(file, changes=tuple(kept))


def _note_role_scoping(file: FileChange, adapter: Adapter, scoping: bool) -> FileChange:
    """Say once per written file how the entries' roles are (or are not) enforced there."""
    written = [c for c in file.changes if c.action in (Action.CREATE, Action.UPDATE)]
    scoped = [c for c in written if c.roles and "*" not in c.roles]
    if scoping or not scoped or any(c.map_path for c in written):
        return file
    if role_scoping(adapter, scoped[0].name, scoped[0].roles) is None:
        note = (
            f"role scoping not supported by {file.adapter}: servers are visible to all agents "
            "(their roles are recorded in aido's state)"
        )
    else:
        note = (
            f"{file.adapter} can limit a server to some agents: name them under [mcp.roles] "
            "in aido.toml; until then servers are visible to all agents"
        )
    return replace(file, notes=(*file.notes, note))


def _plan_file(
    target: TargetFile,
    desired: list[DesiredEntry],
    host: Host,
    gone: Gone,
    trust: TrustRecords,
) -> FileChange:
    adapter, location = target.adapter, target.location
    file = FileChange(
        adapter=adapter.name,
        scope=location.scope,
        path=target.shown,
        abs_path=str(location.path),
        fmt=location.fmt,
        map_path=location.map_path,
        state_path=str(target.state_path),
        record_path=target.record_path,
        digest="",
        companion=target.companion,
    )
    if target.companion is None:
        notes = [*target.notes, *(n for d in desired for n in d.notes)]
        names = tuple(d.name for d in desired if not d.companions_only)
        gate = adapter.trust_gate(location, host, names, trust)
        file = replace(file, notes=tuple(dict.fromkeys(notes)), trust=gate)
    if target.document is None:
        return replace(file, error=target.error)
    if not target.exists and target.records:
        return _forget(file, target, desired)
    try:
        changes = _changes(target, desired, list(target.records), gone)
        # An edit the document layer refuses (a layout it does not edit) is a plan error.
        planned = replace(file, changes=changes)
        target.document.rehearse(
            [
                (
                    c.map_path or file.map_path,
                    c.name,
                    None if c.action is Action.DELETE else c.after,
                    c.kept,
                )
                for c in planned.actionable
            ]
        )
    except AidoError as exc:
        return replace(file, error=str(exc))
    return replace(file, digest=target.document.digest, changes=changes)


def _changes(
    target: TargetFile,
    desired: list[DesiredEntry],
    records: list[Record],
    gone: Gone,
) -> tuple[Change, ...]:
    """The changes of one file: its entries and companions, or only the companions that
    live in it when it is a companion file."""
    if target.companion is not None:
        found = plan_companions(desired=desired, records=records, lookup=target.lookup)
        return tuple(sorted(found, key=lambda c: (c.map_path, c.name)))
    adapter = target.adapter
    return plan_entries(
        adapter=adapter.name,
        current=target.servers(),
        desired=desired,
        records=records,
        identity=partial(identity_of, adapter),
        lookup=target.lookup,
        gone=gone,
        harness=adapter.caps.harness_keys,
        launch=adapter.caps.launch_keys,
    )


def _forget(file: FileChange, target: TargetFile, desired: list[DesiredEntry]) -> FileChange:
    """A file that no longer exists: plan it afresh and drop aido's records of it.

    Everything aido wrote there went with the file; a record kept would make a
    same-named entry written later by hand pass for aido's.
    """
    if target.document is None:
        raise RuntimeError("aido bug: expected target.document is not None")
    changes = _changes(target._replace(document=None), desired, [], {})
    names = tuple(sorted({".".join((*r.map_path, r.name)) for r in target.records}))
    note = (
        f"{file.path} no longer exists: aido forgets its {len(names)} ownership "
        f"record{'s' if len(names) != 1 else ''} there ({', '.join(names)})"
    )
    return replace(
        file,
        digest=target.document.digest,
        changes=changes,
        forget=names,
        notes=(*file.notes, note),
    )
