"""Text and JSON views of `aido search` results (no printing here).

Registry text is outside input: each field is read by shape, cut to a
bounded length and escaped (catalog/errors.py) before it reaches a line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from aidokit.catalog.errors import printable, shortened
from aidokit.catalog.models import MCPDef
from aidokit.catalog.search import Hit, Score
from aidokit.catalog.views import flags

FORMAT_VERSION = 1  # of `aido search --json`, docs/schemas/search.schema.json
_FIELD = 200  # characters of a registry field shown


@dataclass(frozen=True)
class RegistryHit:
    """A server the registry found, with the catalog entries that are it (none: not curated)."""

    name: str
    title: str
    description: str
    version: str
    status: str
    curated_as: tuple[str, ...]
    score: Score


def field(server: dict[str, Any], key: str) -> str:
    """`server[key]` when it is a string, cut to a bounded length; else ""."""
    value = server.get(key)
    return shortened(value, _FIELD) if isinstance(value, str) else ""


def _entry_json(hit: Hit) -> dict[str, Any]:
    entry = hit.entry
    return {
        "id": entry.id,
        "name": entry.name,
        "purpose": entry.purpose,
        "tags": list(entry.tags),
        "security_sensitive": entry.security_sensitive,
        "deprecated": entry.deprecated,
        "replaced_by": entry.replaced_by,
        "matched_words": hit.score.matched,
        "score": hit.score.points,
    }


def _registry_json(hit: RegistryHit) -> dict[str, Any]:
    return {
        "name": hit.name,
        "title": hit.title,
        "description": hit.description,
        "version": hit.version,
        "status": hit.status,
        "curated": bool(hit.curated_as),
        "curated_as": list(hit.curated_as),
        "matched_words": hit.score.matched,
        "score": hit.score.points,
    }


def search_json(
    words: Sequence[str], hits: Sequence[Hit], registry: str | None, found: Sequence[RegistryHit]
) -> dict[str, Any]:
    """The stable JSON shape of `aido search --json`."""
    return {
        "format_version": FORMAT_VERSION,
        "words": list(words),
        "catalog": [_entry_json(hit) for hit in hits],
        "registry": None
        if registry is None
        else {"url": registry, "servers": [_registry_json(hit) for hit in found]},
    }


def _gates(entry: MCPDef) -> str:
    marks = flags(entry)
    return f"  [{marks}]" if marks else ""


def search_text(
    words: Sequence[str], hits: Sequence[Hit], registry: str | None, found: Sequence[RegistryHit]
) -> str:
    """Human view: catalog entries first, then the registry's servers marked by curation."""
    query = " ".join(words)
    lines = [f"Catalog: {_count(len(hits), 'entry', 'entries')} match '{query}'" + _colon(hits)]
    width = max((len(hit.entry.id) for hit in hits), default=0)
    lines += [
        f"  {hit.entry.id.ljust(width)}  {hit.entry.purpose}{_gates(hit.entry)}" for hit in hits
    ]
    if registry is not None:
        lines.append(
            f"Registry {registry}: {_count(len(found), 'server', 'servers')}" + _colon(found)
        )
        lines += [line for hit in found for line in _registry_lines(hit)]
    if hits:
        lines.append("Add one: aido mcp add ID, then aido plan.")
    return "\n".join(lines) + "\n"


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def _colon(items: Sequence[object]) -> str:
    return ":" if items else "."


def _registry_lines(hit: RegistryHit) -> list[str]:
    name = printable(hit.name)
    version = f" {printable(hit.version)}" if hit.version else ""
    status = "" if hit.status == "active" else f" ({hit.status})"
    head = f"  {name}{version}{status}: {printable(hit.description)}"
    if hit.curated_as:
        return [f"{head}", f"      curated as: {', '.join(hit.curated_as)}"]
    return [
        head,
        "      not curated: no catalog entry is this server; aido mcp add ID --from-registry "
        f"{name} adds it as a custom (security-sensitive) server",
    ]
