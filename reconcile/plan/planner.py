"""The pure diff (SPEC §6): desired entries vs one file's server map and ownership.

The lock's side of a plan (which pins move, the next `aido.lock`) is plan/lock_pins.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from aidokit.adapters.base import ITEMS
from aidokit.reconcile.plan.model import (
    Action,
    Change,
    DiffKind,
    FieldDiff,
    Gone,
    Reason,
)
from aidokit.reconcile.read.desired import DesiredEntry
from aidokit.reconcile.read.ownership import Record, entry_digest, launch_set

Identity = Callable[[Mapping[str, Any]], str | None]
Lookup = Callable[[tuple[str, ...]], Mapping[str, Any]]


def plan_entries(
    *,
    adapter: str,
    current: Mapping[str, Any],
    desired: list[DesiredEntry],
    records: list[Record],
    identity: Identity,
    lookup: Lookup | None = None,
    gone: Gone | None = None,
    harness: frozenset[str] = frozenset(),
    launch: frozenset[str] = frozenset(),
) -> tuple[Change, ...]:
    """Every change for one file: its server map, then companions; sorted by label.

    `lookup(map_path)` reads another map of the same file (role scoping);
    `gone` says, per id, why an owned entry is no longer desired; `harness` are
    the keys the harness writes into entries (`Adapter.caps.harness_keys`): its own;
    `launch` the keys it starts or reaches the server by (`Adapter.caps.launch_keys`):
    aido's in an entry it owns, whoever added them.
    """
    companions = plan_companions(
        desired=desired,
        records=[r for r in records if r.map_path],
        lookup=lookup or (lambda _: {}),
    )
    recorded = {r.name: r for r in records if not r.map_path}
    servers = [item for item in desired if not item.companions_only]
    changes = [
        _plan_desired(item, current, recorded.get(item.name), identity, adapter, harness, launch)
        for item in servers
    ]
    wanted = {item.name for item in servers}
    for name, record in recorded.items():
        if name in wanted or name not in current:
            continue
        value = current[name]
        if _owned(record, value, identity):
            changes.append(
                Change(
                    action=Action.DELETE,
                    name=name,
                    id=record.id,
                    before=value,
                    **_gone(gone, record.id),
                )
            )
    return tuple(sorted([*changes, *companions], key=lambda c: (c.map_path, c.name)))


def plan_companions(
    *, desired: list[DesiredEntry], records: list[Record], lookup: Lookup
) -> list[Change]:
    """Changes for values outside the server map that belong to desired entries.

    A companion is owned when recorded; a user's different value at that key
    is a conflict, and a recorded one that drifted is healed.
    """
    recorded = {(r.map_path, r.name): r for r in records}
    changes: list[Change] = []
    wanted: set[tuple[tuple[str, ...], str]] = set()
    for item in desired:
        for comp in (*item.companions, *item.budget_companions):
            key = (comp.map_path, comp.name)
            wanted.add(key)
            current = lookup(comp.map_path)
            base = {
                "name": comp.name,
                "id": item.id,
                "map_path": comp.map_path,
                "after": comp.value,
                "roles": item.roles,
            }
            if comp.name not in current:
                action = Action.HEAL if key in recorded else Action.CREATE
                if item.companions_only:  # a native policy, a per-agent budget: it says why
                    why = _because(Reason(item.why), item.detail)
                elif comp in item.companions:
                    why = _because(Reason.ROLE_SCOPING)
                elif not item.budget.enabled:
                    why = _because(Reason.OFF_SWITCH)
                else:
                    why = _because(Reason.BUDGET)
                changes.append(Change(action=action, **why, **base))
            elif current[comp.name] == comp.value:
                if key not in recorded and ITEMS in comp.map_path:
                    base["id"] = None  # the user's own item: aido never claims it
                changes.append(Change(action=Action.NOOP, before=comp.value, **base))
            elif key in recorded:
                changes.append(
                    Change(
                        action=Action.HEAL,
                        before=current[comp.name],
                        why=Reason.DRIFTED,
                        **base,
                    )
                )
            else:
                changes.append(
                    Change(
                        action=Action.CONFLICT,
                        before=current[comp.name],
                        why=Reason.SET_BY_HAND,
                        hint="change it by hand",
                        **base,
                    )
                )
    for key, record in recorded.items():
        current = lookup(record.map_path)
        if (
            key not in wanted
            and record.name in current
            and entry_digest(current[record.name]) == record.digest
        ):
            changes.append(
                Change(
                    action=Action.DELETE,
                    name=record.name,
                    id=record.id,
                    map_path=record.map_path,
                    before=current[record.name],
                    why=_gone_reason(record),
                )
            )
    return changes


def _because(why: Reason, particulars: str = "") -> dict[str, Any]:
    """A change's `why` and `detail` (the particulars): in place of the desired entry's."""
    return {"why": why, "detail": particulars}


def _gone(gone: Gone | None, entry_id: str | None) -> dict[str, Any]:
    """Why an owned entry is deleted: as `gone` says, or no longer desired."""
    return _because(*(gone or {}).get(entry_id or "", (Reason.NO_LONGER_DESIRED, "")))


def _gone_reason(record: Record) -> Reason:
    """Why an owned companion goes: role scoping writes `<server>_*` globs, a budget exact
    tool names or array items, a native policy its rules."""
    if record.id == POLICY_ID:
        return Reason.POLICY_GONE
    if record.name.endswith("_*") and ITEMS not in record.map_path:
        return Reason.ROLE_SCOPING_GONE
    return Reason.BUDGET_GONE


# The id of the records of a policy aido writes into a harness's own enforcement
# (reconcile/plan/policy/native.py): they belong to no server.
POLICY_ID = "policy"


def _owned(record: Record | None, value: Any, identity: Identity) -> bool:
    """SPEC §6: recorded, an object, and still running what aido wrote."""
    return record is not None and isinstance(value, dict) and identity(value) == record.identity


def _plan_desired(
    item: DesiredEntry,
    current: Mapping[str, Any],
    record: Record | None,
    identity: Identity,
    adapter: str,
    harness: frozenset[str],
    launch: frozenset[str] = frozenset(),
) -> Change:
    base: dict[str, Any] = {
        "name": item.name,
        "id": item.id,
        "why": Reason(item.why),
        "detail": item.detail,
        "after": item.entry,
        "roles": item.roles,
        "sensitive": item.sensitive,
        "source": item.source,
        "claimed": tuple(sorted(item.claims)),
    }
    if item.budget.chosen or item.budget.known is not None:  # docs/context-budget.md
        from aidokit.reconcile.plan.budget import loads  # noqa: PLC0415 (off a converged plan's path)

        load = loads(item.budget, filtered=item.filtered)
        base.update(tools=load.words, tools_loaded=load.loaded, tools_total=load.total)
    harness = harness - item.claims  # what aido.toml sets is aido's (SPEC §6)
    if item.name not in current:
        action = Action.HEAL if record is not None else Action.CREATE
        if action is Action.HEAL:
            base.update(_because(Reason.REMOVED_BY_HAND))
        return Change(action=action, **base)
    value = current[item.name]
    if not isinstance(value, dict):
        return Change(
            action=Action.CONFLICT,
            **{**base, **_because(Reason.NOT_AN_OBJECT)},
            before=value,
            hint="fix or remove it by hand",
        )
    if not _owned(record, value, identity):
        # SPEC §6: a conflict names every way out, first the one command that works as is.
        mine, want = adoption_fields(value, item.entry, identity, harness, launch)
        hint = conflict_hint(item.name, item.id, adapter, as_is=mine == want)
        why = _because(Reason.NOT_OWNED if record is None else Reason.REPLACED)
        return Change(action=Action.CONFLICT, **{**base, **why}, before=value, hint=hint)
    if record is None:  # _owned() checked it
        raise RuntimeError("aido bug: expected record is not None")
    owned = owned_fields(record, item.entry, harness) | launch_set(value, launch)
    mine, kept = split_fields(value, owned)
    want, _ = split_fields(item.entry, owned)
    base["kept"] = kept
    if mine == want:
        return Change(action=Action.NOOP, before=value, **base)
    fields = record.fields
    drifted = record.digest == entry_digest(item.entry, fields) and (
        fields is None or frozenset(fields) == frozenset(want)
    )
    action = Action.HEAL if drifted else Action.UPDATE
    if drifted:
        base.update(_because(Reason.DRIFTED))
    return Change(action=action, before=value, diff=field_diff(mine, want), **base)


def adoption_fields(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    identity: Identity,
    harness: frozenset[str],
    launch: frozenset[str] = frozenset(),
) -> tuple[dict[str, Any], dict[str, Any]]:
    """What `aido adopt` compares (SPEC §6): the entry's part aido would own, as it is and as
    aido writes it; equal, adopt takes it as it stands. Keys aido does not write (the
    harness's, `harness`, or the user's) stay theirs, unless it runs another server; the
    `launch` keys it sets are aido's whoever wrote them."""
    owned = (frozenset(after) - harness) | launch_set(before, launch)
    if identity(before) != identity(after):
        owned = frozenset(before) | owned  # another server: replaced whole
    return split_fields(before, owned)[0], split_fields(after, owned)[0]


def conflict_hint(
    name: str, entry_id: str, adapter: str, *, as_is: bool, imports: bool = False
) -> str:
    """The ways out of a conflict, first the one command that succeeds as hinted: adopt
    when the entry already holds aido's version, import when it runs the catalog entry in
    another form, else adopt --force (which shows the diff and replaces it)."""
    rest = (
        f"or add '{entry_id}' to `skip` under [mcp]; "
        f"or customise aido's version with [override.{entry_id}]"
    )
    adopt = f"aido adopt {name} --adapter {adapter}"
    if as_is:
        return f"{adopt} takes it over as it stands; {rest}"
    force = f"{adopt} --force replaces it with aido's version"
    if imports:
        return (
            f"aido import takes it over as catalog entry '{entry_id}', with the other "
            f"hand-written servers; or {force}; {rest}"
        )
    return f"{force}; {rest}"


def owned_fields(
    record: Record, entry: Mapping[str, Any], harness: frozenset[str] = frozenset()
) -> frozenset[str]:
    """The fields of an entry aido owns (SPEC §6): those it wrote and those it writes now,
    but the `harness` keys: aido may write the harness's default on creating the entry
    (Goose needs `enabled`), the harness owns it from then on. A key aido.toml sets is
    aido's: leave it out of `harness`.

    A record from before field ownership (no field list) owned what aido rendered,
    so the fields aido renders now stand for it and an upgrade reports nothing new.
    """
    return (frozenset(entry) - harness) | frozenset(record.fields or ())


def runs_as_rendered(
    value: Mapping[str, Any],
    rendered: Mapping[str, Any],
    harness: frozenset[str],
    launch: frozenset[str],
) -> bool:
    """Whether entry `value` is what aido renders (`rendered`) in every field aido would own
    there and every launch key it sets: what the harness runs for it is aido's rendering
    (the probe runs no other entry unconfirmed, SPEC §7)."""
    owned = (frozenset(rendered) - harness) | launch_set(value, launch)
    return split_fields(value, owned)[0] == split_fields(rendered, owned)[0]


def split_fields(
    value: Mapping[str, Any], owned: frozenset[str]
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """An entry as aido's part (its owned fields) and the keys someone else added, in order."""
    mine = {key: child for key, child in value.items() if key in owned}
    return mine, tuple(key for key in value if key not in owned)


def field_diff(before: Any, after: Any) -> tuple[FieldDiff, ...]:
    """Field-level differences as readable paths, computed with deepdiff."""
    from deepdiff import DeepDiff  # only when a change must be diffed: a heavy import

    diff = DeepDiff(before, after, view="tree")
    rows: list[FieldDiff] = []
    for kind, key in (
        (DiffKind.CHANGED, "values_changed"),
        (DiffKind.CHANGED, "type_changes"),
        (DiffKind.ADDED, "dictionary_item_added"),
        (DiffKind.REMOVED, "dictionary_item_removed"),
        (DiffKind.ADDED, "iterable_item_added"),
        (DiffKind.REMOVED, "iterable_item_removed"),
    ):
        for level in diff.get(key, ()):
            old = None if kind is DiffKind.ADDED else level.t1
            new = None if kind is DiffKind.REMOVED else level.t2
            path = readable_path(level.path(output_format="list"))
            rows.append(FieldDiff(path=path, before=old, after=new, kind=kind))
    return tuple(sorted(rows, key=lambda r: r.path))


def readable_path(parts: list[str | int]) -> str:
    """`['args', 1]` -> `args[1]`; `['env', 'A']` -> `env.A`; odd keys quoted: `env["a.b"]`."""
    out: list[str] = []
    for part in parts:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif part and part.isascii() and all(c.isalnum() or c in "_-" for c in part):
            out.append(("." if out else "") + part)
        else:
            out.append(f"[{json.dumps(part, ensure_ascii=False)}]")
    return "".join(out)
