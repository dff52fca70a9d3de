"""Edit entries of a TOML file (Codex `config.toml`) with tomlkit, keeping everything else.

An entry is written the way Codex itself writes one: a `[mcp_servers.<name>]` table whose
dict values become sub-tables (`[mcp_servers.<name>.env]`); dicts inside arrays become
inline tables. tomlkit quotes names that are not bare keys (`[mcp_servers."my.srv"]`).
New tables follow the file's line breaks (CRLF when every line ends so). Deleting the last
entry of an implicit map (no `[mcp_servers]` header of its own) removes the map, since
TOML has no text for an empty implicit table; an explicit `[mcp_servers]` stays, empty.

Reading uses the standard library's `tomllib` (a plan only reads); tomlkit, which is
slower to import and to parse, is loaded on the first edit.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aidokit.reconcile.documents.format import BOM, decode_text
from aidokit.reconcile.documents.jsonedit import describe
from aidokit.reconcile.documents.jsonstyle import same
from aidokit.reconcile.errors import DocumentError

if TYPE_CHECKING:
    import tomlkit.exceptions
    from tomlkit.items import Item, Table
    from tomlkit.toml_document import TOMLDocument

_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
_BARE_LF = re.compile(r"(?<!\r)\n")


class TomlEditor:
    """Edit entries of one TOML file through tomlkit's format-preserving tree."""

    def __init__(self, path: Path, raw: bytes) -> None:
        self.path = path
        self._bom, text = decode_text(path, raw)
        self._raw = raw
        self._text = text
        # tomlkit writes new tables with LF; a file whose every line ends in CRLF keeps CRLF.
        self._crlf = "\r\n" in text and _BARE_LF.search(text) is None
        self._doc: TOMLDocument | None = None
        try:
            self._value: dict[str, Any] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            at = _AT.search(str(exc))
            where = f"{at.group(1)}:{at.group(2)}" if at else "1"
            reason = _AT.sub("", str(exc)).strip()
            raise DocumentError(
                f"{path}:{where}: {path.name} is not valid TOML ({reason});"
                " fix it by hand, aido will not edit this file"
            ) from None
        except RecursionError:
            raise DocumentError(
                f"{path}: {path.name} nests too deeply to be read as TOML; fix it by hand,"
                " aido will not edit this file"
            ) from None

    def _editable(self) -> TOMLDocument:
        """Return tomlkit's format-preserving tree, parsing it on the first edit."""
        if self._doc is None:
            import tomlkit
            import tomlkit.exceptions

            try:
                self._doc = tomlkit.parse(self._text)
            except tomlkit.exceptions.ParseError as exc:
                raise DocumentError(
                    f"{self.path}:{exc.line}:{exc.col}: {self.path.name} cannot be edited as"
                    f" TOML ({_reason(exc)}); fix it by hand, aido will not edit this file"
                ) from None
            except (tomlkit.exceptions.TOMLKitError, RecursionError) as exc:
                raise DocumentError(
                    f"{self.path}: {self.path.name} cannot be edited as TOML ({exc}); fix it"
                    " by hand, aido will not edit this file"
                ) from None
        return self._doc

    @property
    def value(self) -> dict[str, Any]:
        """Return the whole document as plain Python values."""
        if self._doc is None:
            return self._value
        result: dict[str, Any] = self._doc.unwrap()
        return result

    def _node(self, key_path: tuple[str, ...], *, create: bool) -> Any:
        """Return the table at `key_path` (None when absent), creating it when asked."""
        node: Any = self._editable() if create or self._doc is not None else self._value
        for depth, key in enumerate(key_path):
            if key not in node:
                if not create:
                    return None
                import tomlkit

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
        result: dict[str, Any] = node.unwrap() if self._doc is not None else node
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
        current = self._node(key_path, create=False)
        if current is None or name not in current:
            return
        from tomlkit.items import Table

        self._editable()
        node = self._node(key_path, create=False)
        del node[name]
        # An implicit table (only `[mcp_servers.x]` headers, no `[mcp_servers]`) has no text
        # of its own: once empty it is gone from the file, so it goes from the value too.
        if key_path and not node and isinstance(node, Table) and node.is_super_table():
            del self._node(key_path[:-1], create=False)[key_path[-1]]

    def render(self) -> bytes:
        """Return the file's bytes."""
        if self._doc is None:
            return self._raw
        import tomlkit

        text = tomlkit.dumps(self._doc)
        if self._crlf:
            text = _BARE_LF.sub("\r\n", text)
        return (BOM if self._bom else b"") + text.encode("utf-8")


def _reason(exc: tomlkit.exceptions.ParseError) -> str:
    """Return tomlkit's message without its own ' at line X col Y' suffix."""
    return str(exc).split(" at line ")[0]


def _table(entry: Mapping[str, Any]) -> Table:
    """Build a table for `entry`: nested dicts as sub-tables, one blank line after it."""
    import tomlkit

    table = tomlkit.table()
    for key, value in entry.items():
        table.append(_key(key), _table(value) if isinstance(value, Mapping) else _item(value))
    return table


def _item(value: Any) -> Item:
    """Convert one value; dicts inside arrays become inline tables."""
    import tomlkit

    if isinstance(value, list | tuple):
        array = tomlkit.array()
        array.extend(_inline(v) if isinstance(v, Mapping) else _item(v) for v in value)
        return array
    if isinstance(value, str | int | float | bool):
        return tomlkit.item(value)
    raise TypeError(f"cannot write a {type(value).__name__} to a TOML file: {value!r}")


def _inline(value: Mapping[str, Any]) -> Item:
    """Convert a dict to an inline table."""
    import tomlkit

    table = tomlkit.inline_table()
    for key, child in value.items():
        table.append(_key(key), _inline(child) if isinstance(child, Mapping) else _item(child))
    return table


def _key(key: object) -> str:
    """Check a table key is a string."""
    if not isinstance(key, str):
        raise TypeError(f"TOML keys must be strings, not {key!r}")
    return key
