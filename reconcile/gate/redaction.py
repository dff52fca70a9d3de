"""The one redaction rule (SPEC §7): a secret read from a harness file is never shown.

A user's own entry (or a drifted field of one aido wrote) may hold a token
typed by hand. Plans, diffs and saved plans show the user's values, so that a
conflict or `aido adopt --force` can be reviewed, but every secret in them
becomes `<redacted>`: what the secret rules say is one (the same rules that
refuse a literal secret in `aido.toml`, `hardening.py` and `credentials.py`):

- the value of a secret-named key (`GITHUB_TOKEN`, `apiKey`, `Authorization`)
  unless it is only `${NAME}` references, and `NAME=value` / `--token value`
  in arguments under such a name;
- a credential inside a string: a URL's userinfo, a secret key's value in a
  query string or DSN, a known token format (`ghp_...`, `sk-...`, JWTs);
- a random-looking token in a map's value (env, headers), as `env_problem` judges.

What aido itself would write is shown as it is: `aido.toml` cannot hold a secret.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from aidokit.catalog.models import PLACEHOLDER_RE
from aidokit.reconcile.checks import credentials, hardening
from aidokit.reconcile.plan.model import Change, FieldDiff, FileChange, Plan

REDACTED = "<redacted>"
_ASSIGNMENT = re.compile(r"^(?P<name>-{0,2}[A-Za-z_][A-Za-z0-9_.-]*)=(?P<value>.+)$", re.DOTALL)
_PATH_PART = re.compile(r'\.?([A-Za-z0-9_-]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]')


def secret_name(key: str) -> bool:
    """Whether a value under `key` (an env variable, header or field name) is a secret."""
    bare = key.lstrip("-")
    return bool(
        hardening.SECRET_NAME_RE.search(bare)
        or bare.lower() in hardening.CREDENTIAL_HEADERS
        or credentials.normal(bare) in credentials.SECRET_KEYS
    )


def redacted(value: Any, key: str = "", *, depth: int = 0) -> Any:
    """`value` (read from a file, under `key`) with every secret in it replaced by
    REDACTED; keys and every other value as they are. `depth` 0 is an entry, 1 its
    fields, 2 and more the values of its maps (env, headers)."""
    if isinstance(value, str):
        return _string(value, key, mapped=depth >= 2)
    if isinstance(value, dict):
        return {k: redacted(item, str(k), depth=depth + 1) for k, item in value.items()}
    if isinstance(value, list | tuple):
        items = [redacted(item, key, depth=depth) for item in value]  # args: still a field
        for index in range(1, len(items)):  # `--token VALUE`: the flag names the next one
            flag = value[index - 1]
            if _flag(flag) and isinstance(value[index], str) and not _flag(value[index]):
                items[index] = _whole(value[index])
        return items
    return value


def _flag(item: Any) -> bool:
    return isinstance(item, str) and item.startswith("-") and "=" not in item and secret_name(item)


def _string(text: str, key: str, *, mapped: bool) -> str:
    if key and secret_name(key):
        return _whole(text)
    assignment = _ASSIGNMENT.match(text)
    if assignment and secret_name(assignment.group("name")):
        return f"{assignment.group('name')}={_whole(assignment.group('value'))}"
    return _inside(text, mapped=mapped)


def _inside(text: str, *, mapped: bool) -> str:
    """`text` with each credential and secret-looking token in it redacted."""
    for cred in reversed(credentials.found(text)):
        text = text[: cred.start] + REDACTED + text[cred.end :]
    return "".join(
        REDACTED if _random(piece, mapped=mapped) else piece
        for piece in re.split(r"([A-Za-z0-9_\-+/=.]+)", text)
    )


def _whole(text: str) -> str:
    """REDACTED for a literal; a value with a `${NAME}` reference (`Bearer ${TOKEN}`) is
    not one (`hardening.env_problem`), only the credentials inside it are."""
    if PLACEHOLDER_RE.search(text) is None:
        return REDACTED if text.strip() else text
    return _inside(text, mapped=True)


def _random(piece: str, *, mapped: bool) -> bool:
    if not piece or piece == REDACTED or PLACEHOLDER_RE.fullmatch(piece):
        return False
    return hardening.secret_like(piece, entropy=mapped)


def redact_change(change: Change) -> Change:
    """The change with what the file holds now (`before`, and each diff's old side) redacted."""
    before = redacted(change.before)
    rows = tuple(_redact_row(row, before) for row in change.diff)
    return replace(change, before=before, diff=rows)


def _redact_row(row: FieldDiff, before: Any) -> FieldDiff:
    """The row's old side as it sits in the redacted `before` (its context decides), or
    redacted on its own when the path does not lead there."""
    parts = path_parts(row.path)
    found = _lookup(before, parts)
    if found is _MISSING:
        keys = [part for part in parts if isinstance(part, str)]
        found = redacted(row.before, keys[-1] if keys else "", depth=len(parts))
    return replace(row, before=found)


_MISSING = object()


def _lookup(value: Any, parts: list[str | int]) -> Any:
    for part in parts:
        index = isinstance(part, int) and isinstance(value, list) and 0 <= part < len(value)
        if not (index or (isinstance(part, str) and isinstance(value, dict) and part in value)):
            return _MISSING
        value = value[part]
    return value


def path_parts(path: str) -> list[str | int]:
    """`env.API_KEY` -> `['env', 'API_KEY']`, `args[1]` -> `['args', 1]`, `["a.b"]` ->
    `['a.b']` (`planner.readable_path` read back)."""
    parts: list[str | int] = []
    for match in _PATH_PART.finditer(path):
        name, index, quoted = match.groups()
        if index is not None:
            parts.append(int(index))
        elif quoted is not None:
            parts.append(str(json.loads(quoted)))
        else:
            parts.append(name)
    return parts


def redact_plan(plan: Plan) -> Plan:
    """The plan with every change redacted: what `plan --json` prints and `plan --out` saves."""
    files = tuple(_redact_file(file) for file in plan.files)
    return replace(plan, files=files)


def _redact_file(file: FileChange) -> FileChange:
    return replace(file, changes=tuple(redact_change(c) for c in file.changes))
