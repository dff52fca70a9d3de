"""Re-derive what a saved plan claims before trusting it (SPEC §6, §7).

A saved plan is a file anyone could have edited: its paths must be the ones
aido itself would write for that adapter and scope (no path traversal, no
state written elsewhere), and a change is only treated as routine when it is
exactly the catalog's rendering of a non-sensitive entry.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from aidokit.adapters.base import Host, Scope
from aidokit.adapters.registry import ADAPTERS
from aidokit.catalog.models import MCPDef
from aidokit.reconcile.errors import SecurityError
from aidokit.reconcile.plan import Action, Change, FileChange, Plan


def check_locations(plan: Plan, source: Path) -> None:
    """Refuse a saved plan whose files or state are not where aido would put them."""
    from aidokit.reconcile.world import state_location

    host = Host.current(Path(plan.project))
    for file in plan.files:
        adapter = ADAPTERS.get(file.adapter)
        location = None
        if adapter is not None and file.scope in {s.value for s in Scope}:
            location = adapter.location(Scope(file.scope), host)
        expected = None
        if location is not None:
            state_path, record_path = state_location(location, host)
            expected = (
                str(location.path),
                location.fmt.value,
                location.map_path,
                str(state_path),
                record_path,
            )
        claimed = (file.abs_path, file.fmt, file.map_path, file.state_path, file.record_path)
        if claimed != expected:
            raise SecurityError(
                f"saved plan {source} names {file.path!r} for {file.adapter!r} at a location "
                f"aido would not write; run aido plan --out {source} again"
            )


def mark_sensitive(plan: Plan, catalog: Iterable[MCPDef]) -> Plan:
    """The plan with every write that is not a routine catalog entry marked sensitive."""
    routine = {entry.id: entry for entry in catalog if not entry.security_sensitive}
    files = tuple(
        replace(file, changes=tuple(_marked(file, c, routine) for c in file.changes))
        for file in plan.files
    )
    return replace(plan, files=files)


def _marked(file: FileChange, change: Change, routine: dict[str, MCPDef]) -> Change:
    if change.sensitive or change.action in (Action.DELETE, Action.NOOP, Action.CONFLICT):
        return change
    entry = routine.get(change.id or "")
    adapter = ADAPTERS.get(file.adapter)
    spec = entry.install.get(file.adapter) if entry is not None else None
    if (
        entry is not None
        and adapter is not None
        and spec is not None
        and change.name == entry.id
        and adapter.render(entry, spec) == change.after
    ):
        return change
    return replace(change, sensitive=True)
