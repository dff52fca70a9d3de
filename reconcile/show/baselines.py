"""Baselines against their refs (`aido outdated --baseline`) as text."""

from __future__ import annotations

from aidokit.catalog.errors import printable
from aidokit.reconcile.read.baselines.fetch import Upstream


def behind_text(row: Upstream) -> str:
    """`3 commits behind`, `current`, or why it cannot be counted."""
    if row.locked is None:
        return "not pinned"
    if row.current:
        return "current"
    if row.behind is None:
        return "not on the ref's history (rewritten or moved back)"
    return f"{row.behind} commit{'s' if row.behind != 1 else ''} behind"


def render_upstream(rows: list[Upstream]) -> str:
    """One block per baseline, then one line: how many are behind and what moves them."""
    out = []
    for row in rows:
        out.append(f"baseline {printable(row.source)}  ({behind_text(row)})")
        out.append(f"  locked:  {row.locked[:12] if row.locked else '-'}")
        if not row.current:
            out.append(f"  latest:  {row.latest[:12]}")
    late = sum(1 for row in rows if not row.current)
    if late:
        out.append(f"{late} baseline(s) behind; `aido upgrade --baseline` moves the lock.")
    else:
        out.append("every baseline is at its ref's newest commit.")
    return "\n".join(out) + "\n"
