"""Render `aido doctor` findings as text or stable JSON."""

from __future__ import annotations

import dataclasses

from aidokit.catalog.errors import no_commands, printable
from aidokit.reconcile.show.doctor import Finding, Severity
from aidokit.reconcile.show.json_output import dumps
from aidokit.reconcile.show.plan_text import wrap


def summary_line(findings: list[Finding]) -> str:
    """The one closing sentence."""
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = len(findings) - errors
    if not findings:
        return "Doctor: no problems found."
    return (
        f"Doctor: {errors} {'error' if errors == 1 else 'errors'}, "
        f"{warnings} {'warning' if warnings == 1 else 'warnings'}."
    )


_COLOURS = {Severity.ERROR: "31", Severity.WARNING: "33"}  # as plan's errors and trust lines


def render_findings(
    findings: list[Finding], *, colour: bool = False, width: int | None = None
) -> str:
    """One line per finding (its severity coloured when `colour`), then the summary; wrapped
    to `width` when given."""
    lines = []
    for f in findings:
        word = f"{f.severity.value:<8}"
        if colour:
            word = f"\033[{_COLOURS[f.severity]}m{word}\033[0m"
        lines.append(f"{word} {printable(f'{f.check:<14} {f.subject}: {f.message}')}")
    if width:
        # A name from a file can start a wrapped line: none may start with `::` (SPEC §7).
        return no_commands(wrap([*lines, summary_line(findings)], width))
    return no_commands("\n".join([*lines, summary_line(findings)]) + "\n")


def render_findings_json(findings: list[Finding]) -> str:
    """`{"format_version": 1, "findings": [...], "summary": {...}}`."""
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    doc = {
        "format_version": 1,
        "findings": [dataclasses.asdict(f) for f in findings],
        "summary": {"error": errors, "warning": len(findings) - errors},
    }
    return dumps(doc)
