"""Text and JSON views of `aido catalog sync`'s report (no printing here)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aidokit.catalog.errors import printable
from aidokit.catalog.registry_sync import SyncResult

FORMAT_VERSION = 1  # of `aido catalog sync --json`, docs/schemas/catalog-sync.schema.json


@dataclass(frozen=True)
class SyncRun:
    """One sync: where it read, from when, what it found, and where the drafts went."""

    registry: str
    updated_since: str | None  # None: the registry was read in full
    next_since: str | None  # what the next sync reads from (the newest updatedAt seen)
    servers: int
    out: str
    result: SyncResult


def sync_json(run: SyncRun) -> dict[str, Any]:
    """The stable JSON shape of `aido catalog sync --json` (and report.json)."""
    result = run.result
    return {
        "format_version": FORMAT_VERSION,
        "registry": run.registry,
        "updated_since": run.updated_since,
        "next_updated_since": run.next_since,
        "servers": run.servers,
        "out": run.out,
        "drafts": [
            {"file": d.file_name, "server": d.server, "kind": d.kind, "entry_id": d.entry_id}
            for d in result.drafts
        ],
        "proposals": [
            {"entry_id": p.entry_id, "server": p.server, "change": p.change, "detail": p.detail}
            for p in result.proposals
        ],
        "skipped": [{"server": s.server, "reason": s.reason} for s in result.skipped],
        "unchanged": list(result.unchanged),
    }


def sync_text(run: SyncRun) -> str:
    """Human view: what was read, the drafts written, the proposals, what was skipped."""
    result = run.result
    since = f"updated since {run.updated_since}" if run.updated_since else "listed in full"
    lines = [f"Registry {run.registry}: {run.servers} servers {since}."]
    lines.append(f"Drafts written to {run.out} ({len(result.drafts)}):")
    lines += [f"  {d.file_name}  ({d.kind}: {printable(d.server)})" for d in result.drafts]
    lines.append(f"Proposals for existing entries ({len(result.proposals)}):")
    lines += [
        f"  {p.entry_id}: {p.change}: {printable(p.detail)} ({printable(p.server)})"
        for p in result.proposals
    ]
    if result.skipped:
        lines.append(f"Skipped ({len(result.skipped)}):")
        lines += [f"  {printable(s.server)}: {printable(s.reason)}" for s in result.skipped]
    if result.unchanged:
        lines.append(f"Up to date: {', '.join(result.unchanged)}")
    lines.append(
        "The catalog was not changed: review the drafts, then open a pull request "
        "(docs/adding-an-entry.md)."
    )
    return "\n".join(lines) + "\n"
