"""The plan's last step, diff (docs/architecture.md): each file's desired entries against
what it holds and aido's records of it, as the file's changes (plan/planner.py's pure
diff), with what the plan says of that file.

`diff_file` plans any one file; `diff_shared`, `diff_agent`, `diff_companion` and
`diff_orphan` add what each kind of file says besides (trust gates, hints, reasons);
`outside_policy` lists the entries aido does not own that a policy refuses.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, NamedTuple

from aidokit.adapters.agents import AgentFileScoping, NamedAgentScoping
from aidokit.adapters.approval import AgentApproval, ApprovalRecords, NeedsApproval
from aidokit.adapters.base import ITEMS, Adapter, Host
from aidokit.adapters.common import identity_of
from aidokit.catalog.models import MCPDef
from aidokit.reconcile.core.errors import AidoError
from aidokit.reconcile.plan.model import Action, Change, FileChange, Gone, Reason
from aidokit.reconcile.plan.planner import conflict_hint, plan_companions, plan_entries
from aidokit.reconcile.plan.render import CompanionFile
from aidokit.reconcile.plan.scoping import Placement
from aidokit.reconcile.policy.layers import PolicyLayer
from aidokit.reconcile.policy.violation import PolicyViolation
from aidokit.reconcile.read.desired import DesiredEntry
from aidokit.reconcile.read.ownership import Record
from aidokit.reconcile.read.world import TargetFile


class DiffContext(NamedTuple):
    """What diffing a file needs besides the file and its entries."""

    host: Host
    trust: ApprovalRecords  # the harness records the approval gates look at
    catalog: Collection[MCPDef]  # every catalog entry (why a deprecated one goes)


def diff_shared(
    target: TargetFile,
    placed: Placement,
    gone: Gone,
    context: DiffContext,
    *,
    notes: tuple[str, ...],
    selected: Mapping[str, MCPDef],
) -> FileChange:
    """Takes one adapter's shared file, what scoping left there, why owned entries go,
    the host, trust records and catalog, the file's notes from the earlier steps (a
    native policy's) and the selected servers by id; gives the file's changes, with its
    trust gate, an `aido import` hint on a conflict that runs a catalog entry in another
    form, why a deprecated entry goes, and how roles are enforced there."""
    adapter = target.adapter
    gone = {**placed.gone, **gone}
    file = diff_file(target, placed.shared, context.host, gone, context.trust)
    file = import_hints(file, adapter, selected)
    file = replace(file, notes=(*file.notes, *placed.notes), scoped=placed.scoped)
    file = deprecation_reasons(file, context.catalog)
    if placed.roles_used:
        file = role_scoping_note(file, adapter, placed.scoping)
    if notes:
        file = replace(file, notes=tuple(dict.fromkeys((*file.notes, *notes))))
    return file


def diff_agent(
    target: TargetFile, placed: Placement, gone: Gone, context: DiffContext
) -> FileChange:
    """Takes one agent's file, what scoping put there, why owned entries go, and the host,
    trust records and catalog; gives the file's changes, with the servers the agent holds
    but cannot use and the harness's gate on the agent. aido never creates an agent file:
    one gone since discovery only loses its records."""
    host, trust = context.host, context.trust
    mine = placed.agents.get(target.agent or "", []) if target.exists else []
    file = diff_file(target, mine, host, gone, trust)
    file = replace(file, notes=(*file.notes, *blocked(target, mine)))
    adapter = target.adapter
    if mine and file.trust is None and isinstance(adapter, AgentApproval):
        changed = bool(file.actionable)
        file = replace(file, trust=adapter.agent_approval(target.location, host, changed, trust))
    return replace(deprecation_reasons(file, context.catalog), agent=target.agent, scoped=True)


def diff_companion(side: CompanionFile, context: DiffContext) -> FileChange:
    """Takes a companion file with the items that go there and its notes, and the host and
    trust records; gives its changes, each item owned one by one."""
    file = diff_file(side.target, side.entries, context.host, {}, context.trust)
    return replace(file, notes=(*file.notes, *side.notes))


def diff_orphan(orphan: TargetFile, context: DiffContext) -> FileChange:
    """Takes a file holding aido's records that this run does not target (SPEC §6); gives
    the deletion of what aido owns there, each saying why (`TargetFile.orphaned`)."""
    reasons: Gone = {}
    if orphan.orphaned:  # read/world.py names the case by the Reason's value
        why = (Reason(orphan.orphaned), orphan.adapter.name)
        reasons = dict.fromkeys((r.id for r in orphan.records), why)
    file = diff_file(orphan, [], context.host, reasons, context.trust)
    return replace(file, agent=orphan.agent)


def outside_policy(
    files: Sequence[TargetFile],
    layers: Sequence[PolicyLayer],
    host: Host,
    catalog: Collection[MCPDef],
) -> tuple[PolicyViolation, ...]:
    """Takes the targeted files as read, the policy layers, the host and the catalog; gives
    the entries in those files that aido does not own and the layers refuse (the plan
    leaves them alone and lists them; `aido doctor` fails on them)."""
    if not layers:
        return ()
    from aidokit.reconcile.plan.policy.found import hand_written  # noqa: PLC0415 (off a converged plan's path)

    by_id = {entry.id: entry for entry in catalog}
    found = []
    for target in files:
        if target.document is not None:
            found += hand_written(
                target.adapter, target.servers(), target.records, host=host, catalog=by_id,
                layers=layers, shown=target.shown,
            )  # fmt: skip
    return tuple(found)


def only_removals(file: FileChange, remove: Collection[str]) -> FileChange:
    """`file` with only the deletions of the entries `aido remove` names."""
    kept = [c for c in file.changes if c.action is Action.DELETE and c.id in remove]
    return replace(file, changes=tuple(kept))


def diff_file(
    target: TargetFile,
    desired: list[DesiredEntry],
    host: Host,
    gone: Gone,
    trust: ApprovalRecords,
) -> FileChange:
    """Takes one file as read, the entries it should hold, the host, why owned entries
    go and the trust records; gives its changes (checked against the document layer,
    which refuses a layout it does not edit: then the file's error) and its gate."""
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
        gate = (
            adapter.approval(location, host, names, trust)
            if isinstance(adapter, NeedsApproval)
            else None
        )
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


def blocked(agent: TargetFile, entries: list[DesiredEntry]) -> list[str]:
    """Notes for servers an agent holds but cannot use (e.g. Kiro's `tools` list)."""
    adapter = agent.adapter
    if not isinstance(adapter, AgentFileScoping) or agent.document is None or not entries:
        return []
    value = _without_own_items(agent.document.value, entries)
    found = ((e.name, adapter.agent_blocked(value, e.name)) for e in entries)
    return [f"{name}: {why}" for name, why in found if why]


def _without_own_items(value: dict[str, Any], entries: list[DesiredEntry]) -> dict[str, Any]:
    """An agent file's frontmatter without the list items aido's budgets put there: an
    agent budget that switches a server off for the agent (Claude Code's `mcp__<server>`
    in `disallowedTools`) blocks it on purpose, so only the user's items are a reason."""
    own = [c for e in entries for c in e.budget_companions if c.map_path[-1:] == (ITEMS,)]
    if not own:
        return value
    value = copy.deepcopy(value)
    for comp in own:
        parent: Any = value
        for key in comp.map_path[:-2]:
            parent = parent.get(key) if isinstance(parent, dict) else None
        key = comp.map_path[-2]
        if isinstance(parent, dict) and isinstance(parent.get(key), list):
            parent[key] = [item for item in parent[key] if item != comp.value]
    return value


def deprecation_reasons(file: FileChange, catalog: Collection[MCPDef]) -> FileChange:
    """Say why an owned entry goes when its catalog entry was deprecated: "deprecated, use X"."""
    going = {c.id for c in file.changes if c.action is Action.DELETE and not c.map_path}
    if not going:
        return file
    reasons = {e.id: e.replaced_by or "" for e in catalog if e.deprecated and e.id in going}
    changes = tuple(
        replace(c, why=Reason.DEPRECATED, detail=reasons[c.id])
        if c.action is Action.DELETE and not c.map_path and c.id in reasons
        else c
        for c in file.changes
    )
    return replace(file, changes=changes)


def import_hints(file: FileChange, adapter: Adapter, selected: Mapping[str, MCPDef]) -> FileChange:
    """A conflict whose entry runs its catalog server in another form hints `aido import`,
    which takes it (issue 38 §1): the hint is the command that works (recognise.takes_as)."""
    conflicts = [
        c for c in file.changes
        if c.action is Action.CONFLICT and not c.map_path and isinstance(c.before, dict)
        and c.source == "catalog" and c.hint and " --force " in c.hint
    ]  # fmt: skip
    if not conflicts:
        return file
    from aidokit.reconcile.read.recognise import takes_as  # noqa: PLC0415 (off a converged plan's path)

    hints = {
        c.name: conflict_hint(c.name, c.id or c.name, file.adapter, as_is=False, imports=True)
        for c in conflicts
        if c.id in selected and c.name == c.id and takes_as(adapter, c.before, selected[c.id])
    }
    changes = tuple(replace(c, hint=hints[c.name]) if c.name in hints else c for c in file.changes)
    return replace(file, changes=changes)


def role_scoping_note(file: FileChange, adapter: Adapter, scoping: bool) -> FileChange:
    """Say once per written file how the entries' roles are (or are not) enforced there."""
    written = [c for c in file.changes if c.action in (Action.CREATE, Action.UPDATE)]
    scoped = [c for c in written if c.roles and "*" not in c.roles]
    if scoping or not scoped or any(c.map_path for c in written):
        return file
    if not isinstance(adapter, NamedAgentScoping):
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
