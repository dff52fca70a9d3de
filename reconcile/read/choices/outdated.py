"""`aido outdated`: locked entries behind the running catalog, or behind their registry.

The catalog comparison is offline. With `--registry`, each locked npm or PyPI
package is looked up (reconcile/remote/package_index.py) and a newer published version
is listed too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from aidokit.catalog.models import MCPDef, Package, deprecation, package_of
from aidokit.reconcile.read.choices.lockfile import Lock, Locked
from aidokit.reconcile.remote.download import Deadlines
from aidokit.reconcile.remote.package_index import latest_version


class Outdated(NamedTuple):
    """A locked entry whose catalog pin, or registry release, differs from the lock."""

    id: str
    locked: tuple[str, ...]
    catalog: tuple[str, ...]
    latest: tuple[str, ...] = ()  # newer published versions (`--registry`)
    note: str = ""


def find_outdated(lock: Lock, catalog: Iterable[MCPDef], *, registry: bool) -> list[Outdated]:
    """Every locked entry behind the catalog (and, with `registry`, behind its registry)."""
    by_id = {entry.id: entry for entry in catalog}
    deadlines = _deadlines() if registry else None
    rows = []
    for entry_id, locked in sorted(lock.entries.items()):
        row = _against_catalog(locked, by_id.get(entry_id))
        # Newer than what the catalog pins (its Wanted), or than the lock when it is current.
        wanted = _wanted(locked, by_id.get(entry_id))
        newer = _newer_releases(wanted, deadlines) if deadlines else ()
        if newer:
            row = Outdated(
                entry_id,
                locked.packages(),
                row.catalog if row else (),
                newer,
                row.note if row else "",
            )
        if row is not None:
            rows.append(row)
    return rows


def _against_catalog(locked: Locked, entry: MCPDef | None) -> Outdated | None:
    if locked.source != "catalog":
        return None
    if entry is None:
        return Outdated(locked.id, locked.packages(), (), note="not in this aido's catalog")
    # Only the adapters the lock pins: a catalog that merely gained adapters is not newer.
    mine = locked.resolved(entry.install)
    pinned = {name: entry.install[name] for name in mine if name in entry.install}
    current = Locked(entry.id, "catalog", pinned)
    note = deprecation(entry) if entry.deprecated else ""
    if pinned == mine and not note:
        return None
    return Outdated(locked.id, locked.packages(), current.packages(), note=note)


def _wanted(locked: Locked, entry: MCPDef | None) -> Locked:
    """The catalog's pins for the adapters `locked` pins (the lock itself for a custom
    entry or one this catalog lacks)."""
    if locked.source != "catalog" or entry is None:
        return locked
    mine = locked.resolved(entry.install)
    return Locked(entry.id, "catalog", {n: entry.install[n] for n in mine if n in entry.install})


def _deadlines() -> Deadlines:
    return Deadlines()  # reads AIDO_REGISTRY_TIMEOUT before any request


def _newer_releases(locked: Locked, deadlines: Deadlines) -> tuple[str, ...]:
    packages = sorted({p for spec in locked.specs() if (p := package_of(spec))})
    newer = []
    for package in packages:
        latest = latest_version(package, deadlines)
        if package.version and latest != package.version:
            newer.append(str(Package(package.registry, package.name, latest)))
    return tuple(newer)
