"""Text and JSON views of catalog entries, selections and facts (no printing here)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from aidokit.catalog.facts import Fact, Facts
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec
from aidokit.catalog.triggers import Selection


def flags(entry: MCPDef) -> str:
    """Short markers for the gates on an entry."""
    marks = []
    if entry.security_sensitive:
        marks.append("sensitive")
    if entry.deprecated:
        marks.append(f"deprecated -> {entry.replaced_by}" if entry.replaced_by else "deprecated")
    return ", ".join(marks)


def entry_summary(entry: MCPDef) -> dict[str, Any]:
    """The stable JSON shape of one entry in `aido catalog list --json`."""
    return {
        "id": entry.id,
        "name": entry.name,
        "purpose": entry.purpose,
        "triggers": list(entry.triggers),
        "suggested_for": list(entry.suggested_for),
        "security_sensitive": entry.security_sensitive,
        "deprecated": entry.deprecated,
        "replaced_by": entry.replaced_by,
        "adapters": sorted(entry.install),
    }


def list_text(entries: Iterable[MCPDef]) -> str:
    """A table of entries: id, triggers, gates, purpose."""
    rows = [(e.id, " | ".join(e.triggers), flags(e), e.purpose) for e in entries]
    header = ("ID", "TRIGGERS", "GATES", "PURPOSE")
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(3)]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row[:3], widths, strict=True))
        + "  "
        + row[3]
        for row in [header, *rows]
    ]
    return "\n".join(lines) + f"\n\n{len(rows)} entries\n"


def spec_line(spec: StdioSpec | RemoteSpec) -> str:
    """One line describing an install spec."""
    if isinstance(spec, StdioSpec):
        text = " ".join([spec.command, *spec.args])
        if spec.env:
            text += "  env: " + ", ".join(f"{k}={v}" for k, v in spec.env.items())
        return text
    text = f"{spec.url} ({spec.transport})"
    if spec.headers:
        text += "  headers: " + ", ".join(f"{k}: {v}" for k, v in spec.headers.items())
    return text


def show_text(entry: MCPDef) -> str:
    """Everything about one entry, for `aido catalog show`."""
    lines = [
        f"{entry.id}: {entry.name}",
        f"  purpose:       {entry.purpose}",
        f"  triggers:      {' | '.join(entry.triggers)}",
        f"  suggested for: {', '.join(entry.suggested_for)}",
    ]
    if entry.homepage:
        lines.append(f"  homepage:      {entry.homepage}")
    if flags(entry):
        lines.append(f"  gates:         {flags(entry)}")
    for var in entry.env:
        kind = "secret" if var.secret else "value"
        need = "required" if var.required else "optional"
        lines.append(f"  env {var.name} ({kind}, {need}): {var.description}")
    groups: dict[str, list[str]] = {}
    for adapter, spec in entry.install.items():
        groups.setdefault(spec_line(spec), []).append(adapter)
    lines.append("  install:")
    for text, adapters in groups.items():
        lines.append(f"    {', '.join(adapters)}:")
        lines.append(f"      {text}")
    return "\n".join(lines) + "\n"


def fact_json(fact: Fact | None) -> dict[str, str] | None:
    """A fact as `{value, source}`."""
    return None if fact is None else {"value": fact.value, "source": fact.source}


def facts_json(facts: Facts) -> dict[str, Any]:
    """All facts with their sources."""
    return {
        "os": facts.os,
        "stack_packs": {key: fact_json(value) for key, value in sorted(facts.stack_packs.items())},
        "languages": {key: fact_json(value) for key, value in sorted(facts.languages.items())},
        "remote_url": fact_json(facts.remote_url),
        "beads": fact_json(facts.beads),
        "brownfield": fact_json(facts.brownfield),
        "conformance": fact_json(facts.conformance),
    }


def selection_json(selection: Selection, facts: Facts) -> dict[str, Any]:
    """The stable JSON shape of `aido suggest --json`."""
    return {
        "selected": [
            {"id": m.id, "trigger": m.trigger, "reason": m.reason} for m in selection.selected
        ],
        "left_out": [
            {
                "id": out.id,
                "because": out.because,
                "replaced_by": out.replaced_by,
                "trigger": out.trigger,
                "reason": out.reason,
            }
            for out in selection.left_out
        ],
        "facts": facts_json(facts),
    }


def selection_text(selection: Selection, total: int) -> str:
    """Human view of `aido suggest`: each pick with the fact behind it, then the gated ones."""
    lines = [f"Selected {len(selection.selected)} of {total} catalog entries:"]
    lines += [f"  {m.id}: {m.reason}" for m in selection.selected] or ["  (none)"]
    # Only the gated entries this project's facts would pick are named (issue 54: not every
    # sensitive or deprecated entry of the catalog); the others are one line.
    matched = [out for out in selection.left_out if out.reason]
    if matched:
        lines.append("Left out (they would match here):")
    for out in matched:
        if out.because == "security-sensitive":
            why = "security-sensitive; add it to [mcp] add in aido.toml to install it"
        else:
            why = f"deprecated; use {out.replaced_by}" if out.replaced_by else "deprecated"
        lines.append(f"  {out.id}: {why} (would match: {out.reason})")
    rest = len(selection.left_out) - len(matched)
    if rest:
        lines.append(
            f"{rest} more security-sensitive or deprecated entries match nothing here "
            "(`aido suggest --json` lists them; `aido catalog list` shows the catalog)."
        )
    return "\n".join(lines) + "\n"
