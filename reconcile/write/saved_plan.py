"""Saved plans (`aido plan --out FILE`, `aido apply FILE`): write and strictly re-read a Plan."""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import replace
from enum import Enum
from pathlib import Path

from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.core.format import ABSENT
from aidokit.reconcile.core.safe_read import parse_nested, read_file
from aidokit.reconcile.plan.model import PLAN_FORMAT_VERSION, Plan
from aidokit.reconcile.read.decode import decode
from aidokit.reconcile.trust.plan_key import absent_token, plan_key
from aidokit.reconcile.trust.redaction import redact_plan


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

    Its claims are not trusted yet: `provenance.check_saved` re-derives them. It is
    input from anywhere, so pydantic checks it every time (no memo).
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
    return decode(Plan, raw, data, fail=lambda _: ConfigError(hint), memo=False)
