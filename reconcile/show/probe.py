"""Render `aido doctor --probe` results: a table, or JSON (docs/schemas/probe.schema.json)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aidokit.catalog.errors import no_commands, printable
from aidokit.reconcile.probe.targets import FAILURES, Result, Status
from aidokit.reconcile.show.json_output import dumps

if TYPE_CHECKING:
    from aidokit.reconcile.probe.pinning import PinCheck

FORMAT_VERSION = 1
HEADER = ("SERVER", "HARNESSES", "STATUS", "TOOLS", "TIME")


def summary_line(results: list[Result]) -> str:
    """The closing sentence: how many probes ended how."""
    if not results:
        return "Probe: no servers in the targeted files."
    counts = Counter(result.status for result in results)
    parts = [f"{counts[status]} {status.value}" for status in Status if counts[status]]
    return "Probe: " + ", ".join(parts) + "."


def render_probes(
    results: list[Result], checks: Sequence[PinCheck | None] = (), *, upgrade: bool = False
) -> str:
    """One row per probe; under each that did not list tools, why (and its stderr's end);
    under each that did, its tools against their pin (`checks`, in the same order)."""
    from aidokit.reconcile.show.tool_pins import pin_lines, pin_sentence

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
        check = checks[index - 1] if index and index - 1 < len(checks) else None
        if check is not None:
            lines += [f"    {line}" for line in pin_lines(check, upgrade=upgrade)]
    last = summary_line(results) + pin_sentence(checks)
    text = "\n".join(printable(line) for line in [*lines, last]) + "\n"
    return no_commands(text)  # an id from a file never starts a line with `::` (SPEC §7)


def render_probes_json(
    results: list[Result],
    checks: Sequence[PinCheck | None] = (),
    moved: Sequence[str] | None = None,
) -> str:
    """`{"format_version": 1, "probes": [...], "summary": {status: count}, "pins": {...}}`;
    `moved`: the ids whose tool pins `aido upgrade --tools` moved."""
    from aidokit.reconcile.show.tool_pins import pin_json, pin_summary

    counts = Counter(result.status.value for result in results)
    found = list(checks) + [None] * (len(results) - len(checks))
    doc: dict[str, Any] = {
        "format_version": FORMAT_VERSION,
        "probes": [_probe(r) | {"pin": pin_json(c)} for r, c in zip(results, found, strict=True)],
        "summary": {status.value: counts[status.value] for status in Status},
        "pins": pin_summary(found),
    }
    if moved is not None:
        doc["moved"] = list(moved)
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
