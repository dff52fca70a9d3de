"""Compute the plan from the world read once (SPEC §1): pure, every read happened in `world`."""

from __future__ import annotations

from collections.abc import Collection

from aidokit.reconcile.core.errors import StateError
from aidokit.reconcile.plan.diff import (
    DiffContext,
    diff_agent,
    diff_companion,
    diff_orphan,
    diff_shared,
    only_removals,
    outside_policy,
)
from aidokit.reconcile.plan.model import Action, BaselineUse, FileChange, Plan
from aidokit.reconcile.plan.planner import POLICY_ID
from aidokit.reconcile.plan.render import admit, by_file, native_policy, no_file, render
from aidokit.reconcile.plan.scoping import scope_to_agents
from aidokit.reconcile.plan.wanted import (
    budget,
    lock_after,
    override,
    pin_to_locks,
    select,
    take_out,
    unset_for_new,
    warn_unset,
)
from aidokit.reconcile.policy.violation import PolicyViolation
from aidokit.reconcile.read.choices.lockfile import lock_path
from aidokit.reconcile.read.world import World, role_table, writes_lock


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
    that removes them when it is not a `skip` (then the lock is left alone; a skip drops
    the pin). Catalog entries in `aido.lock` render from it, except those in `upgrade`.

    The desired state flows through named steps (docs/architecture.md, "Building a
    plan"): over the whole project plan/wanted.py, then for each adapter plan/render.py,
    plan/scoping.py and plan/diff.py.
    """
    if world.state_errors:
        raise StateError(world.state_errors[0])
    inputs, config, origin = world.inputs, world.inputs.loaded.config, world.inputs.loaded.origin
    host, personal = inputs.host, world.personal
    selected = select(world.wanted, world.notes, config.mcp.skip, origin)
    desired = pin_to_locks(selected, world.lock, personal.lock if personal else None, upgrade)
    lock = None
    if remove is None or removed_by is None:  # `aido remove` records a skip: its pin goes
        lock = lock_after(
            desired, team=world.lock, team_digest=world.lock_digest, personal=personal,
            team_path=str(lock_path(host.project)) if writes_lock(inputs) else None,
            upgrade=upgrade, baselines=inputs.loaded.baselines,
        )  # fmt: skip
    desired = override(desired, config, origin)
    desired = budget(desired, world.tool_lists, world.lock, origin)
    desired = warn_unset(desired, host)
    if remove is not None:
        desired = take_out(desired, remove, removed_by)
    native = remove is None or POLICY_ID not in remove  # `aido remove policy` takes it out
    servers = {item.server.id: item.server for item in selected.wanted}
    table = role_table(inputs)
    context = DiffContext(host, world.trust, world.entries)
    notes: list[str] = list(desired.notes)
    files: list[FileChange] = []
    refused: list[PolicyViolation] = []
    for adapter in inputs.adapters:
        target = world.file_of(adapter.name)
        if target is None:
            notes += no_file(adapter, inputs.scope, personal, world.not_installed)
            continue
        admitted = admit(desired.wanted, adapter, inputs.policy, config)
        rendered = render(adapter, admitted.wanted, inputs, personal)
        notes += [*admitted.notes, *rendered.notes]
        refused += admitted.refused
        entries, said = native_policy(adapter, rendered.entries, inputs, native=native)
        sides = world.companions_of(adapter.name)
        own, companions = by_file(adapter, entries, sides, inputs, native=native)
        agents = world.agent_files_of(adapter.name)
        placed = scope_to_agents(adapter, own, agents, world.agents, table, inputs.scope, host)
        gone = {**desired.gone, **admitted.gone, **rendered.gone}
        files.append(diff_shared(target, placed, gone, context, notes=said, selected=servers))
        files += [diff_agent(agent, placed, gone, context) for agent in agents]
        files += [diff_companion(side, context) for side in companions]
    files += [diff_orphan(orphan, context) for orphan in world.orphans]
    if remove is not None:
        files = [only_removals(file, remove) for file in files]
    files.sort(key=lambda f: (f.path, f.adapter))
    adding = {c.id for f in files for c in f.changes if c.action is Action.CREATE and c.id}
    notes += unset_for_new(desired, host, adding)
    return Plan(
        project=str(host.project),
        scope=inputs.scope,
        files=tuple(files),
        notes=(*inputs.notes, *notes),
        lock=lock,
        policy_violations=(
            *outside_policy(world.files, inputs.policy, host, world.entries),
            *refused,  # suggested entries the policy left out, by id (the job summary)
        ),
        baselines=tuple(
            BaselineUse(source, pin.commit, pin.digest)
            for source, pin in sorted(inputs.loaded.baselines.items())
        ),
    )
