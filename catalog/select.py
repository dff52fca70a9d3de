"""Which catalog entries a project's facts select, and why (SPEC §3, `suggest`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple

from aidokit.catalog.facts import Facts
from aidokit.catalog.models import MCPDef
from aidokit.catalog.stacks import PACKS_BY_ID
from aidokit.catalog.triggers import first_match

LeftOutBecause = Literal["security-sensitive", "deprecated"]


class Match(NamedTuple):
    """An entry selected by a trigger, with the fact behind it."""

    id: str
    trigger: str
    reason: str


class LeftOut(NamedTuple):
    """An entry never suggested, and whether a trigger would otherwise have matched."""

    id: str
    because: LeftOutBecause
    replaced_by: str | None = None
    trigger: str | None = None
    reason: str | None = None


class Selection(NamedTuple):
    """What `select` decided: matched entries and the gated ones, in catalog order."""

    selected: tuple[Match, ...]
    left_out: tuple[LeftOut, ...]

    def ids(self) -> tuple[str, ...]:
        """Ids of the selected entries."""
        return tuple(match.id for match in self.selected)


def suggest(entry: MCPDef, facts: Facts) -> Match | None:
    """Return the first matching trigger of `entry`, or None if gated or unmatched."""
    # Sensitive is checked first: it is a hard gate (SPEC §3, §7).
    if entry.security_sensitive or entry.deprecated:
        return None
    found = first_match(entry.triggers, facts) or recommended(entry.id, facts)
    if found is None:
        return None
    return Match(entry.id, *found)


def recommended(entry_id: str, facts: Facts) -> tuple[str, str] | None:
    """The first detected stack pack whose `recommends` names `entry_id`: a
    (trigger, reason) pair like a trigger match, `stack.has(<pack>)`."""
    for pack_id, fact in sorted(facts.stack_packs.items()):
        pack = PACKS_BY_ID.get(pack_id)
        if pack is not None and entry_id in pack.recommends:
            return f"stack.has({pack_id})", f"stack pack {pack_id} recommends it ({fact.source})"
    return None


def _left_out(entry: MCPDef, facts: Facts) -> LeftOut | None:
    because: LeftOutBecause
    if entry.security_sensitive:
        because = "security-sensitive"
    elif entry.deprecated:
        because = "deprecated"
    else:
        return None
    found = first_match(entry.triggers, facts)
    trigger, reason = found if found else (None, None)
    return LeftOut(entry.id, because, entry.replaced_by, trigger, reason)


def select(catalog: Iterable[MCPDef], facts: Facts) -> Selection:
    """Evaluate every entry against `facts`."""
    selected: list[Match] = []
    left_out: list[LeftOut] = []
    for entry in catalog:
        gated = _left_out(entry, facts)
        if gated is not None:
            left_out.append(gated)
            continue
        match = suggest(entry, facts)
        if match is not None:
            selected.append(match)
    return Selection(tuple(selected), tuple(left_out))
