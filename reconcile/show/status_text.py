"""Render `aido status` as text or as stable JSON (format_version 1)."""

from __future__ import annotations

import json
from typing import Any

from aidokit.catalog.errors import printable
from aidokit.reconcile.plan.model import owner
from aidokit.reconcile.show.plan_text import wrap
from aidokit.reconcile.show.status import (
    STATUS_FORMAT_VERSION,
    EntryStatus,
    FileStatus,
    Status,
    counts,
    reach,
)

_COLOURS = {
    Status.MANAGED: "32",
    Status.DRIFTED: "33",
    Status.CONFLICT: "35",
    Status.UNMANAGED: "0",
    Status.MISSING: "36",
}


NOTHING = "No harness config file is targeted; set `adapters` in aido.toml."


def render_status(
    files: tuple[FileStatus, ...],
    *,
    colour: bool = False,
    nothing: str = NOTHING,
    width: int | None = None,
) -> str:
    """One block per file, one line per entry, then a summary line; `nothing` says what to
    do when no file is targeted (the plan's sentence, `render.text.untargeted`)."""
    out: list[str] = []
    for file in files:
        head = printable(f"# {file.path} ({owner(file.adapter, file.agent)}, {file.scope})")
        out.append(_paint("1", head) if colour else head)  # as plan's file headers
        if file.error:
            error = printable(f"  error: {file.error}")
            out.append(_paint("31", error) if colour else error)
        elif not file.entries:
            out.append("  (no MCP entries)")
        for entry in file.entries:
            word = f"{entry.status.value:<9}"
            if colour:
                word = _paint(_COLOURS[entry.status], word)
            detail = f"  ({entry.detail})" if entry.detail else ""
            loads = f"  [loads {entry.tools}]" if entry.tools else ""  # docs/context-budget.md
            out.append(f"  {word}  {printable(entry.name + detail + loads)}")
        out.append("")
    if not files:
        out += [nothing, ""]
    out += _reach_lines(files)
    out.append(summary_line(files))
    if width:  # prose wrapped to the terminal (render.text.wrap), only when asked
        return wrap(out, width)
    return "\n".join(out) + "\n"


def _paint(code: str, text: str) -> str:
    return f"\033[{code}m{text}\033[0m"


def _reach_lines(files: tuple[FileStatus, ...]) -> list[str]:
    """Who sees which server, for harnesses where some servers live in agent files."""
    lines = [
        printable(f"  {adapter}: {who}: {', '.join(names)}")
        for adapter, groups in reach(files).items()
        for who, names in groups.items()
    ]
    return ["Who sees which server:", *lines, ""] if lines else []


def summary_line(files: tuple[FileStatus, ...]) -> str:
    """`Status: 2 managed, 1 drifted, 0 conflicts, 3 unmanaged, 0 missing.`"""
    n = counts(files)
    text = (
        f"Status: {n['managed']} managed, {n['drifted']} drifted, {n['conflict']} "
        f"{'conflict' if n['conflict'] == 1 else 'conflicts'}, {n['unmanaged']} unmanaged, "
        f"{n['missing']} missing."
    )
    if n["error"]:
        text += f" {n['error']} {'file' if n['error'] == 1 else 'files'} with errors."
    return text


def _tools(entry: EntryStatus) -> dict[str, Any]:
    """What the model loads (docs/context-budget.md), where aido.toml asks or it is known."""
    if not entry.tools and entry.tools_total is None:
        return {}
    return {
        "tools": entry.tools,
        "tools_loaded": entry.tools_loaded,
        "tools_total": entry.tools_total,
    }


def render_status_json(files: tuple[FileStatus, ...], *, project: str, scope: str) -> str:
    """The status as JSON: stable, fields only ever added."""
    data: dict[str, Any] = {
        "format_version": STATUS_FORMAT_VERSION,
        "project": project,
        "scope": scope,
        "files": [
            {
                "adapter": file.adapter,
                "scope": file.scope,
                "path": file.path,
                "agent": file.agent,
                "error": file.error,
                "entries": [
                    {
                        "name": e.name,
                        "id": e.id,
                        "status": e.status.value,
                        "detail": e.detail,
                        **_tools(e),
                    }
                    for e in file.entries
                ],
            }
            for file in files
        ],
        "summary": counts(files),
        "reach": reach(files),
    }
    return json.dumps(data, indent=2, sort_keys=True) + "\n"
