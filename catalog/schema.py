"""The JSON Schema of the catalog model, for editors and external tooling."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from aidokit.catalog.models import MCPDef


def catalog_json_schema() -> dict[str, Any]:
    """Return the JSON Schema of `MCP_CATALOG` (an array of `MCPDef` objects)."""
    schema = TypeAdapter(tuple[MCPDef, ...]).json_schema()
    schema["title"] = "aido MCP catalog"
    return schema
