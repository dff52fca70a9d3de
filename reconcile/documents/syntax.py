"""One field of an entry as its file writes it (issue 38 point 5): `"command": "npx"` in
JSON, `command = "npx"` in TOML, `command: npx` in YAML and agent frontmatter.

Values stay on one line (flow style), so that a plan shows each field once and a
diff shows each side of it on its own line.
"""

from __future__ import annotations

import json
import re
from typing import Any

from aidokit.adapters.base import Format

_BARE_TOML_KEY = re.compile(r"[A-Za-z0-9_-]+")
# A YAML plain scalar that reads back as the same string in block and flow context:
# no indicator first, no `: `/` #`, no flow punctuation, and not a number, bool or null.
_PLAIN_YAML = re.compile(r"(?:[A-Za-z0-9_./$<]|-(?=\S))[A-Za-z0-9_./@+=$:<>-]*(?<!:)")
_YAML_WORDS = re.compile(
    r"(?i:y|n|yes|no|on|off|true|false|null|~|[-+]?\.inf|\.nan)|[-+]?\.?[0-9].*", re.DOTALL
)


def field(fmt: Format, key: str, value: Any) -> str:
    """`key` and `value` as one line of a file in `fmt`."""
    if fmt in (Format.JSON, Format.JSONC):
        return f"{_json(key)}: {_json(value)}"
    if fmt is Format.TOML:
        return f"{_toml_key(key)} = {_toml(value)}"
    if fmt in (Format.YAML, Format.MARKDOWN):
        return f"{_yaml(key)}: {_yaml(value)}"
    return f"{key} = {_json(value)}"


def entry_lines(fmt: Format, where: tuple[str, ...], name: str, entry: Any) -> list[str]:
    """Entry `name` of the map at `where` as its file holds it, one field a line: a
    `[table]` and its keys in TOML, `name:` and its keys in YAML, an object in JSON."""
    if fmt is Format.TOML and isinstance(entry, dict):
        table = "[" + ".".join(_toml_key(part) for part in (*where, name)) + "]"
        return [table, *(field(fmt, str(k), v) for k, v in entry.items())]
    if fmt in (Format.YAML, Format.MARKDOWN) and isinstance(entry, dict):
        return [f"{_yaml(name)}:", *(f"  {field(fmt, str(k), v)}" for k, v in entry.items())]
    shown = json.dumps({name: entry}, indent=2, ensure_ascii=True)
    return [line[2:] for line in shown.splitlines()[1:-1]]  # `"name": {` ... `}`


def ascii_escaped(line: str) -> str:
    """`line` with every character outside printable ASCII written as an escape that JSON,
    TOML and YAML strings read back (`\\u200e`, `\\U0001f600`): nothing hidden or look-alike
    reaches a confirmation prompt. Outside a string (a key) aido's keys are ASCII."""
    return "".join(
        c if " " <= c <= "~" else (f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}")
        for c in line
    )


def value(fmt: Format, item: Any) -> str:
    """`item` alone, as a file in `fmt` writes it."""
    if fmt is Format.TOML:
        return _toml(item)
    if fmt in (Format.YAML, Format.MARKDOWN):
        return _yaml(item)
    return _json(item)


def _json(item: Any) -> str:
    return json.dumps(item, ensure_ascii=False)


def _toml_key(key: str) -> str:
    return key if _BARE_TOML_KEY.fullmatch(key) else _json(key)


def _toml(item: Any) -> str:
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, dict):
        if not item:
            return "{}"
        return "{ " + ", ".join(f"{_toml_key(str(k))} = {_toml(v)}" for k, v in item.items()) + " }"
    if isinstance(item, list | tuple):
        return "[" + ", ".join(_toml(v) for v in item) + "]"
    return _json(item)  # strings (JSON's escapes are TOML's), numbers; TOML has no null


def _yaml(item: Any) -> str:
    if isinstance(item, str):
        plain = _PLAIN_YAML.fullmatch(item) and not _YAML_WORDS.fullmatch(item)
        return item if plain else _json(item)
    if isinstance(item, dict):
        return "{" + ", ".join(f"{_yaml(str(k))}: {_yaml(v)}" for k, v in item.items()) + "}"
    if isinstance(item, list | tuple):
        return "[" + ", ".join(_yaml(v) for v in item) + "]"
    return _json(item)  # numbers, true/false, null
