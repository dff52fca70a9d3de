"""Render `aido doctor --probe` results: a table, or JSON (docs/schemas/probe.schema.json)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from aidokit.catalog.errors import no_commands, printable
from aidokit.reconcile.probe.targets import FAILURES, Result, Status
from aidokit.reconcile.show.json_output import dumps

FORMAT_VERSION = 1
HEADER = ("SERVER", "HARNESSES", "STATUS", "TOOLS", "TIME")


def summary_line(results: list[Result]) -> str:
    """The closing sentence: how many probes ended how."""
    if not results:
        return "Probe: no servers in the targeted files."
    counts = Counter(result.status for result in results)
    parts = [f"{counts[status]} {status.value}" for status in Status if counts[status]]
    return "Probe: " + ", ".join(parts) + "."


def render_probes(results: list[Result]) -> str:
    """One row per probe; under each that did not list tools, why (and its stderr's end)."""
    rows = [HEADER]
    for r in results:
        tools = str(len(r.tools)) if r.status is Status.OK else "-"
        rows.append((r.probe.id, ",".join(r.probe.adapters), r.status.value, tools,
                     f"{r.seconds:.1f}s"))  # fmt: skip
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADER))]
    lines: list[str] = []
    for index, row in enumerate(rows):
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
        result = results[index - 1] if index else None
        if result is not None and result.error:
            lines.append(f"    {result.error}")
            if result.status in FAILURES:
                lines += [f"    | {line}" for line in result.stderr]
    text = "\n".join(printable(line) for line in [*lines, summary_line(results)]) + "\n"
    return no_commands(text)  # an id from a file never starts a line with `::` (SPEC §7)


def render_probes_json(results: list[Result]) -> str:
    """`{"format_version": 1, "probes": [...], "summary": {status: count}}`."""
    counts = Counter(result.status.value for result in results)
    doc = {
        "format_version": FORMAT_VERSION,
        "probes": [_probe(result) for result in results],
        "summary": {status.value: counts[status.value] for status in Status},
    }
    return dumps(doc)


def _probe(result: Result) -> dict[str, Any]:
    probe = result.probe
    return {
        "id": probe.id,
        "adapters": list(probe.adapters),
        "entries": [{"adapter": u.adapter, "file": u.file, "name": u.name} for u in probe.uses],
        "status": result.status.value,
        "tools": list(result.tools),
        "error": result.error,
        "server": result.server,
        "seconds": round(result.seconds, 3),
        "stderr": list(result.stderr),
    }
