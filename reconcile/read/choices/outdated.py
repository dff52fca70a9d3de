"""`aido outdated`: locked entries behind the running catalog, or behind their registry.

The catalog comparison is offline. With `--registry`, each locked npm or PyPI
package is looked up (reconcile/remote/package_index.py) and a newer published version
is listed too.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from aidokit.catalog.models import MCPDef, Package, deprecation, package_of
from aidokit.reconcile.read.choices.lockfile import Lock, Locked

if TYPE_CHECKING:  # the network code loads only with --registry
    from aidokit.reconcile.read.baselines.fetch import Upstream
    from aidokit.reconcile.remote.package_index import Deadlines

OUTDATED_FORMAT_VERSION = 1


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
    from aidokit.reconcile.remote.package_index import Deadlines

    return Deadlines()  # reads AIDO_REGISTRY_TIMEOUT before any request


def _newer_releases(locked: Locked, deadlines: Deadlines) -> tuple[str, ...]:
    from aidokit.reconcile.remote.package_index import latest_version

    packages = sorted({p for spec in locked.specs() if (p := package_of(spec))})
    newer = []
    for package in packages:
        latest = latest_version(package, deadlines)
        if package.version and latest != package.version:
            newer.append(str(Package(package.registry, package.name, latest)))
    return tuple(newer)


def render_outdated(rows: list[Outdated]) -> str:
    """One block per outdated entry, npm-style: what aido.lock holds, what this aido's
    catalog pins (Wanted, which `aido upgrade` moves the lock to) and, with `--registry`,
    the newest release (Latest, which only a newer catalog or a custom server brings);
    then which command moves which. A single line when the lock is current."""
    if not rows:
        return "aido.lock matches this aido's catalog: nothing is outdated.\n"
    out = []
    for row in rows:
        out.append(f"{row.id}{f'  ({row.note})' if row.note else ''}")
        out.append(f"  locked:  {', '.join(row.locked) or '-'}")
        if row.catalog and row.catalog != row.locked:
            out.append(f"  wanted:  {', '.join(row.catalog)}  (this aido's catalog)")
        if row.latest:
            out.append(f"  latest:  {', '.join(row.latest)}  (the registry)")
    behind = [row.id for row in rows if row.catalog and row.catalog != row.locked]
    ahead = [row for row in rows if row.latest]
    out.append("")
    if behind:
        out.append(
            f"{len(behind)} behind this aido's catalog: `aido upgrade {' '.join(behind)}` "
            "moves aido.lock (and the files) to the wanted pins."
        )
    if ahead:
        first = ahead[0].id
        out.append(
            f"{len(ahead)} with a newer release than the catalog pins: aido runs only "
            "reviewed pins, so `aido upgrade` cannot reach it; a newer aido "
            "(pip install -U aidokit) brings the newer pins its catalog has, or run "
            f"the release as your own server (`[custom.{first}]` in aido.toml, confirmed by "
            "name)."
        )
    noted = [row.id for row in rows if row.note]
    if noted:
        out.append(
            f"{len(noted)} with a note ({', '.join(noted)}): `aido plan` shows what this "
            "aido does with them."
        )
    return "\n".join(out) + "\n"


def render_outdated_json(rows: list[Outdated], baselines: list[Upstream] | None = None) -> str:
    """The list as JSON with a format_version (docs/schemas/outdated.schema.json);
    `baselines` (with `--baseline`) as each pin against its remote ref."""
    doc: dict[str, object] = {
        "format_version": OUTDATED_FORMAT_VERSION,
        "outdated": [
            {
                "id": row.id,
                "locked": list(row.locked),
                "catalog": list(row.catalog),
                "latest": list(row.latest),
                "note": row.note,
            }
            for row in rows
        ],
    }
    if baselines is not None:
        doc["baselines"] = [
            {
                "source": row.source,
                "locked": row.locked,
                "latest": row.latest,
                "behind": row.behind,
            }
            for row in baselines
        ]
    return json.dumps(doc, indent=2, sort_keys=True) + "\n"
