"""Building blocks for the per-adapter entry JSON Schemas (draft 2020-12).

Adapters build their schema inside `schema()`, so nothing here runs at import
time; jsonschema itself is only imported by the code that validates.
"""

from __future__ import annotations

from typing import Any

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def string() -> dict[str, Any]:
    """A non-empty string."""
    return {"type": "string", "minLength": 1}


def strings() -> dict[str, Any]:
    """An array of strings."""
    return {"type": "array", "items": {"type": "string"}}


def string_map() -> dict[str, Any]:
    """An object of string values (env, headers)."""
    return {"type": "object", "additionalProperties": {"type": "string"}}


def const(value: Any) -> dict[str, Any]:
    """Exactly `value`."""
    return {"const": value}


def enum(*values: Any) -> dict[str, Any]:
    """One of `values`."""
    return {"enum": list(values)}


def boolean() -> dict[str, Any]:
    """true or false."""
    return {"type": "boolean"}


def number() -> dict[str, Any]:
    """A non-negative number (timeouts)."""
    return {"type": "number", "minimum": 0}


def shape(required: dict[str, Any], optional: dict[str, Any] | None = None) -> dict[str, Any]:
    """A closed object: `required` keys must be present, only documented keys allowed."""
    return {
        "type": "object",
        "properties": {**required, **(optional or {})},
        "required": sorted(required),
        "additionalProperties": False,
    }


def entry(*shapes: dict[str, Any], title: str) -> dict[str, Any]:
    """The top-level schema of one entry: exactly one of `shapes`."""
    return {"$schema": DRAFT, "title": title, "oneOf": list(shapes)}


def stdio(required: dict[str, Any] | None = None, **optional: Any) -> dict[str, Any]:
    """The usual stdio entry: `command` (plus `required`), optional `args`, `env` and `optional`."""
    return shape(
        {"command": string(), **(required or {})},
        {"args": strings(), "env": string_map(), **optional},
    )


def remote(required: dict[str, Any] | None = None, **optional: Any) -> dict[str, Any]:
    """The usual remote entry: `url` (plus `required`), optional `headers` and `optional`."""
    return shape({"url": string(), **(required or {})}, {"headers": string_map(), **optional})
