"""Saved plans (`aido plan --out FILE`, `aido apply FILE`): write and strictly re-read a Plan."""

from __future__ import annotations

import dataclasses
import json
import os
import types
import typing
from dataclasses import replace
from enum import Enum
from pathlib import Path
from typing import Any

from aidokit.reconcile.documents.format import ABSENT
from aidokit.reconcile.errors import ConfigError
from aidokit.reconcile.plan import PLAN_FORMAT_VERSION, Plan
from aidokit.reconcile.plan_key import absent_token, plan_key
from aidokit.reconcile.redaction import redact_plan
from aidokit.reconcile.safe_read import parse_nested, read_file


def dump_plan(plan: Plan) -> str:
    """The plan as JSON text, enough for apply to write exactly it."""

    def default(value: object) -> object:
        if isinstance(value, Enum):
            return value.name
        raise TypeError(f"cannot save {type(value).__name__}")

    key = plan_key(os.environ)
    files = tuple(
        replace(file, digest=absent_token(key, file.abs_path)) if file.digest == ABSENT else file
        for file in plan.files
    )
    data = dataclasses.asdict(redact_plan(replace(plan, files=files)))  # only what aido writes
    return json.dumps(data, indent=2, sort_keys=True, default=default) + "\n"


def load_plan(path: Path) -> Plan:
    """Read a saved plan; anything but a plan from this aido is an error.

    Its claims are not trusted yet: `provenance.check_saved` re-derives them.
    """
    hint = f"{path} is not a plan saved by this aido; run aido plan --out {path} again"
    raw = read_file(path, error=ConfigError)
    if raw is None:
        raise ConfigError(f"saved plan {path} does not exist; run aido plan --out {path}")
    try:
        data = parse_nested(path, lambda: json.loads(raw), error=ConfigError)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ConfigError(hint) from None
    if not isinstance(data, dict) or data.get("format_version") != PLAN_FORMAT_VERSION:
        raise ConfigError(hint)
    try:
        plan = _build(Plan, data)
    except (TypeError, ValueError, KeyError):
        raise ConfigError(hint) from None
    assert isinstance(plan, Plan)
    return plan


def _build(cls: type, data: Any) -> Any:
    """Construct dataclass `cls` from `data`, checking every field's type."""
    hints = typing.get_type_hints(cls)
    if not isinstance(data, dict) or set(data) - set(hints):
        raise ValueError(f"bad {cls.__name__}")
    return cls(**{name: _coerce(hints[name], value) for name, value in data.items()})


def _coerce(kind: Any, value: Any) -> Any:
    origin = typing.get_origin(kind)
    if kind is Any:
        return value
    if dataclasses.is_dataclass(kind) and isinstance(kind, type):
        return _build(kind, value)
    if isinstance(kind, type) and issubclass(kind, Enum):
        # json writes a str-valued enum as its value, any other by its name (`default`).
        return kind(value) if issubclass(kind, str) else kind[value]
    if origin is tuple:
        if not isinstance(value, list):
            raise TypeError("expected a list")
        return tuple(_coerce(typing.get_args(kind)[0], item) for item in value)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in typing.get_args(kind):
            return None
        (inner,) = [arg for arg in typing.get_args(kind) if arg is not type(None)]
        return _coerce(inner, value)
    if (
        isinstance(kind, type)
        and isinstance(value, kind)
        and not (kind is int and isinstance(value, bool))
    ):
        return value
    raise TypeError(f"expected {kind}")
