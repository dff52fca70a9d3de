"""`aido outdated` as text or JSON: the locked entries behind the catalog or their registry
(reconcile/read/choices/outdated.py finds them), and with `--baseline` each baseline
against its ref."""

from __future__ import annotations

import json

from aidokit.catalog.errors import printable
from aidokit.reconcile.read.baselines.fetch import Upstream
from aidokit.reconcile.read.choices.outdated import Outdated

OUTDATED_FORMAT_VERSION = 1


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
