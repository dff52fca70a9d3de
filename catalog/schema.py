"""The JSON Schema of the catalog model, for editors and external tooling."""

from __future__ import annotations

from typing import Any

from aidokit.catalog.models import MCPDef
from aidokit.catalog.validation import json_schema


def catalog_json_schema() -> dict[str, Any]:
    """Return the JSON Schema of `MCP_CATALOG` (an array of `MCPDef` objects)."""
    schema = json_schema(tuple[MCPDef, ...])
    schema["title"] = "aido MCP catalog"
    return schema
