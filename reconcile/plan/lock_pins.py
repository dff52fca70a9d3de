"""Pin the desired state to `aido.lock`, and say how the lock moves (issue 19).

A catalog entry the lock has is rendered from the lock's install specs, so a newer aido
with newer pins converges to the same files; `aido upgrade` names the entries that take
the running catalog's specs instead. Custom entries come from `aido.toml` itself, so the
lock only records them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import replace

from aidokit.catalog.models import MCPDef
from aidokit.reconcile.core.atomic import ABSENT
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.plan.model import LockChange, Reason
from aidokit.reconcile.read.baselines.pins import baseline_changes
from aidokit.reconcile.read.choices.lockfile import (
    LOCK_NAME,
    BaselinePin,
    Lock,
    Locked,
    Spec,
    locked_from,
    render_lock,
)
from aidokit.reconcile.read.desired import Wanted


def pin(wanted: list[Wanted], lock: Lock | None, upgrade: Collection[str] = ()) -> list[Wanted]:
    """`wanted` with each catalog entry the lock has rendered from the lock."""
    if lock is None:
        return wanted
    out = []
    for item in wanted:
        locked = lock.entries.get(item.server.id)
        if locked is None or item.source != "catalog" or locked.source != "catalog":
            out.append(item)
        elif item.server.id in upgrade:
            out.append(_upgraded(item, locked))
        else:
            out.append(item._replace(server=_from_lock(item.server, locked)))
    return out


def _from_lock(entry: MCPDef, locked: Locked) -> MCPDef:
    """`entry` with the lock's specs; sensitive when they run what the catalog does not.

    A lock is repository input: a version of the catalog's own package is
    honoured as it stands, anything else needs the typed confirmation of SPEC §7.
    """
    specs = locked.resolved(entry.install)
    foreign = any(_runs_another(entry.install.get(name), spec) for name, spec in specs.items())
    try:
        return replace(
            entry,
            install={**entry.install, **specs},
            security_sensitive=entry.security_sensitive or foreign,
        )
    except ValueError as exc:
        raise ConfigError(
            f"{LOCK_NAME} entry '{entry.id}' does not fit this aido's catalog ({exc}); "
            f"run `aido upgrade {entry.id}` to lock the catalog's spec"
        ) from None


def _runs_another(ours: Spec | None, locked: Spec) -> bool:
    """Whether the lock's spec runs something other than ours at some plain version.

    Read by the package's own grammar (catalog/sources.py): `pkg@https://...`,
    `pkg@file:...`, `pkg@npm:other@1`, a range or a tag is another source.
    """
    if ours is None:
        return True
    if ours == locked:  # the lock holds the catalog's own spec: the usual case
        return False
    from aidokit.catalog.sources import same_source  # noqa: PLC0415 (off a converged plan's path)

    return not same_source(ours, locked)


def _upgraded(item: Wanted, locked: Locked) -> Wanted:
    """The catalog's spec, with the version change as the reason when there is one."""
    before, after = locked.packages(), locked_from(item.server, "catalog").packages()
    if locked.same_specs(locked_from(item.server, "catalog")):
        return item
    return item._replace(why=Reason.UPGRADE, detail=_moves(before, after))


def _moves(before: Iterable[str], after: Iterable[str]) -> str:
    old, new = sorted(set(before) - set(after)), sorted(set(after) - set(before))
    if not old and not new:
        return "install spec changed in the catalog"
    return f"{', '.join(old) or 'nothing'} -> {', '.join(new) or 'nothing'}"


def next_lock(
    wanted: list[Wanted],
    lock: Lock | None,
    upgrade: Collection[str] = (),
    baselines: Mapping[str, BaselinePin] | None = None,
) -> Lock:
    """The lock that records `wanted` as it is rendered, and the baselines read (`baselines`;
    None: the lock's own).

    A catalog entry the lock already has keeps its lock record as it is (unless
    upgraded): a newer aido whose catalog merely adds adapters must not move a
    committed lock, or `--frozen` would fail on every aido upgrade.
    """
    old = {} if lock is None else lock.entries
    entries = {}
    for item in wanted:
        locked = old.get(item.server.id)
        keep = locked is not None and locked.source == item.source == "catalog"
        if keep and locked is not None and item.server.id not in upgrade:
            entries[item.server.id] = locked
        else:
            entries[item.server.id] = locked_from(item.server, item.source)
    if baselines is None:
        baselines = {} if lock is None else lock.baselines
    # Tool pins move only by `aido upgrade --tools` (issue 53): plan and apply carry them.
    return Lock(entries, dict(sorted(baselines.items())), {} if lock is None else lock.tools)


def lock_change(path: str, old: Lock | None, new: Lock, digest: str) -> LockChange:
    """What writing `new` over `old` (None: no lock yet, `digest` of the bytes `old` was
    read from) changes, one line per entry; reads nothing."""
    before = {} if old is None else old.entries
    lines = []
    for entry_id in sorted(set(before) | set(new.entries)):
        was, now = before.get(entry_id), new.entries.get(entry_id)
        if was is None and now is not None:
            lines.append(f"+ {entry_id}: {', '.join(now.packages()) or now.source}")
        elif now is None and was is not None:
            lines.append(f"- {entry_id}")
        elif was is not None and now is not None and _differs(was, now):
            lines.append(f"~ {entry_id}: {_moves(was.packages(), now.packages())}")
    lines += baseline_changes({} if old is None else old.baselines, new.baselines)
    text = render_lock(new)
    return LockChange(path, digest, text, tuple(lines), exists=digest != ABSENT)


def _differs(was: Locked, now: Locked) -> bool:
    return not was.same_specs(now) or was.source != now.source
