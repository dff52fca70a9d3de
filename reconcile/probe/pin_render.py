"""Tool pins in words and JSON (issue 53): each tool added, removed or changed since the pin.

Every text here came from a server: `tool_pins.shown` escapes it (control, format and
bidi characters as `\\uXXXX`, line breaks as `\\n`) and bounds it, and each line
is indented, so no line starts with `::` for a workflow runner to read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from aidokit.reconcile.probe.pinning import PinCheck
from aidokit.reconcile.read.choices.tool_pins import Flag, ToolChange, shown
from aidokit.reconcile.show.report import cell

PIN_STATES = ("unchanged", "changed", "unpinned")
PART_NAMES = {"description": "description", "schema": "input schema",
              "annotations": "annotations", "digest": "digest"}  # fmt: skip


def pin_lines(item: PinCheck, *, upgrade: bool = False) -> list[str]:
    """The lines under a probe's row: its pin's state, each change, each flag."""
    entry = shown(item.result.probe.id)
    lines: list[str] = []
    if item.status == "unpinned":
        lines.append(f"tools not pinned ({shown(item.source)}); `aido upgrade --tools {entry}` "
                     "pins them")  # fmt: skip
    elif item.status == "unchanged":
        moved = "" if item.pinned_for == item.source else (
            f"; the pin is for {shown(item.pinned_for or '')}, this runs {shown(item.source)}"
        )  # fmt: skip
        lines.append(f"tools unchanged since the pin{moved}")
    else:
        where = shown(item.source)
        if item.pinned_for != item.source:
            where = f"pinned for {shown(item.pinned_for or '')}, this runs {where}"
        count = len(item.changes)
        lines.append(f"tools changed since the pin ({where}): {count} "
                     f"{'tool' if count == 1 else 'tools'}")  # fmt: skip
        lines += [f"  {line}" for change in item.changes for line in change_lines(change)]
        if not upgrade:
            lines.append(f"  review, then `aido upgrade --tools {entry}` moves the pin")
    lines += [flag_line(flag, accepted=flag not in item.unaccepted) for flag in item.flags]
    return lines


def change_lines(change: ToolChange) -> list[str]:
    """A change as a diff: `+ tool (added)`, `- tool (removed)`, `~ tool: description`."""
    tool = shown(change.tool)
    if change.tool == "*":
        return ["~ the pin's digest differs, and the lock lists no tool lines to say which "
                "tool moved (more tools than it lists one per line)"]  # fmt: skip
    if change.change == "added":
        lines = [f"+ {tool} (added)"]
        text = (change.new or {}).get("description")
        return lines + ([f"    description: {text}"] if text else [])
    if change.change == "removed":
        return [f"- {tool} (removed)"]
    parts = ", ".join(PART_NAMES[p] for p in change.parts)
    lines = [f"~ {tool}: {parts} changed"]
    lines += [f"    {detail}" for detail in change.details]
    for part in change.parts:
        if change.details and part != "description":
            continue  # said place by place above
        old = (change.old or {}).get(part)
        new = (change.new or {}).get(part, "")
        label = PART_NAMES[part]
        lines.append(f"    - {label}: {old if old is not None else '(not kept on this machine)'}")
        lines.append(f"    + {label}: {new}")
    return lines


def flag_line(flag: Flag, *, accepted: bool) -> str:
    """One flag: which tool, where, what."""
    what = "hidden characters" if flag.what == "hidden" else "an oversized text"
    note = " (in the pin a person accepted)" if accepted and flag.what == "hidden" else ""
    return f"! {shown(flag.tool)}: {what} in {shown(flag.where)}: {flag.detail}{note}"


def pin_json(item: PinCheck | None) -> dict[str, Any] | None:
    """A probe's pin as `--json` carries it (docs/schemas/doctor-probe.schema.json)."""
    if item is None:
        return None
    return {
        "status": item.status,
        "for": item.source,
        "digest": item.now.digest,
        "pinned_for": item.pinned_for,
        "pinned_digest": item.pinned.digest if item.pinned else None,
        "pinned_server": item.pinned.server if item.pinned else None,
        "changes": [
            {"tool": c.tool, "change": c.change, "parts": list(c.parts),
             "old": dict(c.old) if c.old is not None else None,
             "new": dict(c.new) if c.new is not None else None,
             "details": list(c.details)}
            for c in item.changes
        ],
        "flags": [
            {"tool": shown(f.tool), "where": shown(f.where), "what": f.what, "detail": f.detail,
             "accepted": f not in item.unaccepted}
            for f in item.flags
        ],
    }  # fmt: skip


def pin_summary(checks: Iterable[PinCheck | None]) -> dict[str, int]:
    """How many probes' tools are unchanged, changed, not pinned."""
    counts = Counter(item.status for item in checks if item is not None)
    return {state: counts[state] for state in PIN_STATES}


def pin_sentence(checks: Iterable[PinCheck | None]) -> str:
    """` Tool pins: 1 changed, 2 unchanged.` (empty when nothing listed tools)."""
    counts = pin_summary(checks)
    parts = [f"{counts[s]} {s}" for s in ("changed", "unchanged", "unpinned") if counts[s]]
    return f" Tool pins: {', '.join(parts)}." if parts else ""


def pins_markdown(doc: object, *, name: str) -> str:
    """A job summary section from `aido doctor --probe --json` output: each server whose
    tools changed since their pin, a row per tool added, removed or changed (with the new
    text), and every hidden character flagged. Every cell escaped (show/report.cell)."""
    probes = doc.get("probes") if isinstance(doc, dict) else None
    if not isinstance(probes, list):
        return f"### aido: tool pins in {cell(name)}\n\nThe probe printed no report.\n"
    rows: list[str] = []
    flagged: list[str] = []
    states: Counter[str] = Counter()
    for item in probes:
        pin = item.get("pin") if isinstance(item, dict) else None
        if not isinstance(pin, dict):
            continue
        server = cell(str(item.get("id", "")))
        states[str(pin.get("status"))] += 1
        for change in pin.get("changes") or []:
            if not isinstance(change, dict):
                continue
            parts = ", ".join(PART_NAMES.get(str(p), str(p)) for p in change.get("parts") or [])
            new = change.get("new") if isinstance(change.get("new"), dict) else {}
            text = "; ".join(f"{k}: {v}" for k, v in (new or {}).items() if k == "description")
            tool, what = cell(str(change.get("tool"))), cell(str(change.get("change")))
            rows.append(f"| {server} | `{tool}` | {what} | {cell(parts)} | {cell(text)} |")
        for flag in pin.get("flags") or []:
            if isinstance(flag, dict) and not flag.get("accepted", True):
                tool, where = cell(str(flag.get("tool"))), cell(str(flag.get("where")))
                flagged.append(
                    f"| {server} | `{tool}` | {where} | {cell(str(flag.get('detail')))} |"
                )
    counts = ", ".join(
        f"{states[s]} {s}" for s in ("changed", "unchanged", "unpinned") if states[s]
    )
    out = [f"### aido: tool pins in {cell(name)}", "", f"Servers: {counts or 'none listed tools'}."]
    if rows:
        out += ["", "| server | tool | change | parts | new description |", "|---|---|---|---|---|"]
        out += [*rows, "", "Review, then `aido upgrade --tools ID` moves the pin in aido.lock."]
    if flagged:
        out += ["", "Hidden characters no pin covers:", ""]
        out += ["| server | tool | where | what |", "|---|---|---|---|", *flagged]
    return "\n".join(out) + "\n"
