"""The syntaxes a harness config file can have.

It lives with the adapters, which declare each file's format, so that they need
nothing from `reconcile`; the document layer (`reconcile/documents/`) edits each.
"""

from __future__ import annotations

from enum import StrEnum


class Format(StrEnum):
    """On-disk syntax of a config file."""

    JSON = "json"  # strict JSON: never gets comments or trailing commas
    JSONC = "jsonc"  # JSON with comments and trailing commas
    TOML = "toml"
    YAML = "yaml"  # block-style YAML (Goose), edited by splicing (yamldoc)
    MARKDOWN = "markdown"  # Markdown with YAML frontmatter (agent files), edited there only


# The last step of a map path that addresses a YAML list of one-key maps as a map:
# entry `playwright` is the item `- playwright: {...}` (Claude Code agents' `mcpServers`).
LIST_ITEMS = "[]"
# The last step of a map path that addresses a TOML array of tables as a map keyed by each
# element's `name` field: entry `playwright` is the `[[mcp_servers]]` table whose
# `name = "playwright"`, without that field (Mistral Vibe's `[[mcp_servers]]`).
NAMED_TABLES = "[[name]]"

# The last step of a map path that addresses a JSON array as the map of its items, each
# named by `item_key`: Claude Code's `permissions.deny` strings, its `deniedMcpServers`
# objects. aido owns the items it added, never the array (docs/documents.md).
ITEMS = "[*]"


def item_key(item: object) -> str:
    """The name of an array item: a string is its own name, a one-key object with a
    string value `key=value`, anything else its canonical JSON."""
    if isinstance(item, str):
        return item
    if isinstance(item, dict) and len(item) == 1:
        ((key, value),) = item.items()
        if isinstance(value, str):
            return f"{key}={value}"
    import json  # only for an item that is neither

    return json.dumps(item, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
