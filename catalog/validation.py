"""Pydantic at the edges: validate, dump and describe aido's dataclass models.

Only code that takes input from outside (`aido.toml`, `catalog import`, the
tests) imports this module, so pydantic loads only when something must be
validated; catalog/models.py says why.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

T = TypeVar("T")

__all__ = ["ValidationError", "dump", "json_schema", "validate", "validate_json"]


_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def _adapter(model: Any) -> TypeAdapter[Any]:
    """One TypeAdapter per model: building it is the expensive part."""
    if model not in _ADAPTERS:
        _ADAPTERS[model] = TypeAdapter(model)
    return _ADAPTERS[model]


def validate(model: type[T], data: object) -> T:
    """`data` as a `model`, every rule checked; raises pydantic's ValidationError."""
    return _adapter(model).validate_python(data)  # type: ignore[no-any-return]


def validate_json(model: type[T], raw: bytes) -> T:
    """The JSON document `raw` as a `model`, in strict mode: no value changes its type."""
    return _adapter(model).validate_json(raw, strict=True)  # type: ignore[no-any-return]


def validate_data(model: type[T], data: object) -> T:
    """Parsed TOML `data` as a `model`, as strictly as JSON: `"no"` is no boolean, `1` no
    string (the JSON Schema says the same). A date, which JSON lacks, is checked as is."""
    try:
        raw = json.dumps(data).encode("utf-8")
    except (TypeError, ValueError):  # a TOML date or time: no field takes one
        return validate(model, data)
    return validate_json(model, raw)


def dump(value: object) -> Any:
    """`value` as plain JSON-ready data (tuples become lists)."""
    return _adapter(type(value)).dump_python(value, mode="json")


def json_schema(model: Any) -> dict[str, Any]:
    """The JSON Schema of `model` (a model class or a type such as `tuple[MCPDef, ...]`)."""
    return _adapter(model).json_schema()
