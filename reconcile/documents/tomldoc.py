"""Edit entries of a TOML file (Codex `config.toml`) with tomlkit, keeping everything else.

An entry is written the way Codex itself writes one: a `[mcp_servers.<name>]` table whose
dict values become sub-tables (`[mcp_servers.<name>.env]`); dicts inside arrays become
inline tables. tomlkit quotes names that are not bare keys (`[mcp_servers."my.srv"]`).
New tables use LF line breaks, whatever the rest of the file uses. Deleting the last
entry of an implicit map (no `[mcp_servers]` header of its own) removes the map, since
TOML has no text for an empty implicit table; an explicit `[mcp_servers]` stays, empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomlkit
import tomlkit.exceptions
from tomlkit.items import Item, Table

from aidokit.reconcile.documents.format import BOM
from aidokit.reconcile.documents.jsonedit import describe
from aidokit.reconcile.documents.jsonstyle import same
from aidokit.reconcile.errors import DocumentError


class TomlEditor:
    """Edit entries of one TOML file through tomlkit's format-preserving tree."""

    def __init__(self, path: Path, raw: bytes) -> None:
        self.path = path
        self._bom = raw.startswith(BOM)
        try:
            text = raw[len(BOM) if self._bom else 0 :].decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw.count(b"\n", 0, exc.start) + 1
            raise DocumentError(
                f"{path}:{line}: {path.name} is not UTF-8 text;"
                " fix it by hand, aido will not edit this file"
            ) from None
        try:
            self._doc = tomlkit.parse(text)
        except tomlkit.exceptions.ParseError as exc:
            raise DocumentError(
                f"{path}:{exc.line}:{exc.col}: {path.name} is not valid TOML ({_reason(exc)});"
                " fix it by hand, aido will not edit this file"
            ) from None
        except (tomlkit.exceptions.TOMLKitError, RecursionError) as exc:
            raise DocumentError(
                f"{path}: {path.name} is not valid TOML ({exc}); fix it by hand,"
                " aido will not edit this file"
            ) from None

    @property
    def value(self) -> dict[str, Any]:
        """Return the whole document as plain Python values."""
        result: dict[str, Any] = self._doc.unwrap()
        return result

    def _node(self, key_path: tuple[str, ...], *, create: bool) -> Any:
        """Return the table at `key_path` (None when absent), creating it when asked."""
        node: Any = self._doc
        for depth, key in enumerate(key_path):
            if key not in node:
                if not create:
                    return None
                node.append(key, tomlkit.table(is_super_table=True))
            node = node[key]
            if not isinstance(node, Mapping):
                raise DocumentError(
                    f"{self.path}: {describe(key_path[: depth + 1])} must be a table, found"
                    f" {node!r}; fix it by hand, aido will not edit this file"
                )
        return node

    def get_map(self, key_path: tuple[str, ...]) -> dict[str, Any] | None:
        """Return the table at `key_path` as plain values; None when absent."""
        node = self._node(key_path, create=False)
        if node is None:
            return None
        result: dict[str, Any] = node.unwrap()
        return result

    def set_entry(self, key_path: tuple[str, ...], name: str, entry: Mapping[str, Any]) -> None:
        """Create or replace the `[<map>.<name>]` table; no-op when it already matches."""
        current = self.get_map(key_path)
        if current is not None and name in current and same(current[name], entry):
            return
        table = _table(entry)
        node = self._node(key_path, create=True)
        if name in node:
            node[name] = table
        else:
            node.append(name, table)

    def delete_entry(self, key_path: tuple[str, ...], name: str) -> None:
        """Remove the entry's table (and its sub-tables) if present."""
        node = self._node(key_path, create=False)
        if node is None or name not in node:
            return
        del node[name]
        # An implicit table (only `[mcp_servers.x]` headers, no `[mcp_servers]`) has no text
        # of its own: once empty it is gone from the file, so it goes from the value too.
        if key_path and not node and isinstance(node, Table) and node.is_super_table():
            del self._node(key_path[:-1], create=False)[key_path[-1]]

    def render(self) -> bytes:
        """Return the file's bytes."""
        return (BOM if self._bom else b"") + tomlkit.dumps(self._doc).encode("utf-8")


def _reason(exc: tomlkit.exceptions.ParseError) -> str:
    """Return tomlkit's message without its own ' at line X col Y' suffix."""
    return str(exc).split(" at line ")[0]


def _table(entry: Mapping[str, Any]) -> Table:
    """Build a table for `entry`: nested dicts as sub-tables, one blank line after it."""
    table = tomlkit.table()
    for key, value in entry.items():
        table.append(_key(key), _table(value) if isinstance(value, Mapping) else _item(value))
    return table


def _item(value: Any) -> Item:
    """Convert one value; dicts inside arrays become inline tables."""
    if isinstance(value, list | tuple):
        array = tomlkit.array()
        array.extend(_inline(v) if isinstance(v, Mapping) else _item(v) for v in value)
        return array
    if isinstance(value, str | int | float | bool):
        return tomlkit.item(value)
    raise TypeError(f"cannot write a {type(value).__name__} to a TOML file: {value!r}")


def _inline(value: Mapping[str, Any]) -> Item:
    """Convert a dict to an inline table."""
    table = tomlkit.inline_table()
    for key, child in value.items():
        table.append(_key(key), _inline(child) if isinstance(child, Mapping) else _item(child))
    return table


def _key(key: object) -> str:
    """Check a table key is a string."""
    if not isinstance(key, str):
        raise TypeError(f"TOML keys must be strings, not {key!r}")
    return key
