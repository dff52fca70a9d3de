"""Which catalog entries a project's facts select. Seed: only `always`; issue 3 adds the grammar."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from aidokit.catalog.facts import Facts
from aidokit.catalog.models import MCPDef


@dataclass(frozen=True)
class Match:
    """Why an entry was selected."""

    entry: MCPDef
    trigger: str
    reason: str


def suggest(entry: MCPDef, facts: Facts) -> Match | None:
    """The first trigger of `entry` that matches `facts`, or None."""
    if entry.security_sensitive or entry.deprecated:
        return None
    for trigger in entry.triggers:
        if trigger == "always":
            return Match(entry, trigger, "always")
    return None


def select(catalog: Iterable[MCPDef], facts: Facts) -> list[Match]:
    """Every entry of `catalog` that `facts` select, in catalog order."""
    return [m for m in (suggest(e, facts) for e in catalog) if m is not None]
