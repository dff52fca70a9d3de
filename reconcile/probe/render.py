"""Render `aido doctor --probe` results: a table, or JSON (docs/schemas/probe.schema.json)."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from aidokit.catalog.errors import no_commands, printable
from aidokit.reconcile.probe.pin_render import pin_json, pin_lines, pin_sentence, pin_summary
from aidokit.reconcile.probe.targets import FAILURES, Result, Status
from aidokit.reconcile.show.json_output import dumps

if TYPE_CHECKING:
    from aidokit.reconcile.probe.pinning import PinCheck

FORMAT_VERSION = 1
HEADER = ("SERVER", "STATUS", "TOOLS", "TIME", "HARNESSES")
WIDTH = 80  # the table and its folded lines fit a terminal this wide
SERVER_COLUMN = 24  # the widest SERVER column; a longer id gets a line of its own
# The order a server's status is told in when its harnesses' probes ended differently.
_WORST = (Status.FAILED, Status.TIMEOUT, Status.MISSING_LAUNCHER, Status.MISSING_ENV,
          Status.NEEDS_AUTH, Status.SKIPPED, Status.OK)  # fmt: skip


def summary_line(results: list[Result]) -> str:
    """The closing sentence: how many probes ended how."""
    if not results:
        return "Probe: no servers in the targeted files."
    counts = Counter(result.status for result in results)
    parts = [f"{counts[status]} {status.value}" for status in Status if counts[status]]
    return "Probe: " + ", ".join(parts) + "."


def render_probes(
    results: list[Result],
    checks: Sequence[PinCheck | None] = (),
    *,
    upgrade: bool = False,
    width: int = WIDTH,
) -> str:
    """One row per server (its id) with every harness that starts it, fitting `width`
    columns: the harnesses fold under their column; under the row, the names of its tools
    (what `exclude_tools` takes), folded, for a probe that did not list tools, why (and its
    stderr's end), led by its harnesses when the server's probes ended differently, and its
    tools against their pin (`checks`, in the order of `results`)."""
    servers: dict[str, list[Result]] = {}
    pins: dict[int, PinCheck] = {}
    for index, result in enumerate(results):
        servers.setdefault(result.probe.id, []).append(result)
        check = checks[index] if index < len(checks) else None
        if check is not None:
            pins[id(result)] = check
    rows = [(*HEADER[:4], HEADER[4])]
    for server, found in servers.items():
        status = min((r.status for r in found), key=_WORST.index)
        tools = max((len(r.tools) for r in found if r.status is Status.OK), default=None)
        seconds = max(r.seconds for r in found)
        harnesses = ", ".join(dict.fromkeys(a for r in found for a in r.probe.adapters))
        rows.append((server, status.value, "-" if tools is None else str(tools),
                     f"{seconds:.1f}s", harnesses))  # fmt: skip
    # A server id longer than SERVER_COLUMN stands on a line of its own above its row.
    widths = [min(max(len(row[0]) for row in rows), SERVER_COLUMN)]
    widths += [max(len(row[i]) for row in rows) for i in range(1, 4)]
    left = sum(widths) + 2 * 4
    lines: list[str] = []
    for index, row in enumerate(rows):
        cells = row[:4]
        if len(row[0]) > widths[0]:
            lines.append(row[0])
            cells = ("", *row[1:4])
        head = "  ".join(cell.ljust(w) for cell, w in zip(cells, widths, strict=True))
        folded = _fold(row[4], width - left) or [""]
        lines.append(f"{head}  {folded[0]}".rstrip())
        lines += [" " * left + part for part in folded[1:]]
        if index:
            lines += _details(servers[row[0]], width, pins, upgrade=upgrade)
    lines += _fold(summary_line(results) + pin_sentence(checks), width, rest="  ")
    text = "\n".join(printable(line) for line in lines) + "\n"
    return no_commands(text)  # an id from a file never starts a line with `::` (SPEC §7)


def _details(
    found: list[Result], width: int, pins: dict[int, PinCheck], *, upgrade: bool = False
) -> list[str]:
    """The tool names of a server, then each probe's error and stderr's end, and its pin."""
    lines: list[str] = []
    tools = next((r.tools for r in found if r.status is Status.OK and r.tools), ())
    if tools:
        lines += _fold(", ".join(tools), width, first="    tools: ", rest="      ")
    several = len({r.status for r in found}) > 1 or len({r.error for r in found}) > 1
    for r in found:
        if not r.error:
            continue
        lead = f"{', '.join(r.probe.adapters)}: " if several else ""
        lines += _fold(f"{lead}{r.error}", width, first="    ", rest="      ")
        if r.status in FAILURES:
            lines += [f"    | {line}" for line in r.stderr]
    for r in found:
        check = pins.get(id(r))
        if check is not None:
            for line in pin_lines(check, upgrade=upgrade):
                lines += _fold(line, width, first="    ", rest="      ")
    return lines


def _fold(text: str, width: int, *, first: str = "", rest: str = "") -> list[str]:
    """`text` cut between words (a name is never split) into lines of at most `width`."""
    return textwrap.wrap(
        text,
        width,
        initial_indent=first,
        subsequent_indent=rest,
        break_long_words=False,
        break_on_hyphens=False,
    )


def render_probes_json(
    results: list[Result],
    checks: Sequence[PinCheck | None] = (),
    moved: Sequence[str] | None = None,
) -> str:
    """`{"format_version": 1, "probes": [...], "summary": {status: count}, "pins": {...}}`;
    `moved`: the ids whose tool pins `aido upgrade --tools` moved."""
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
