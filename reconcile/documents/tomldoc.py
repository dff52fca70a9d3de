"""Edit entries of a TOML file (Codex `config.toml`) by splicing whole table blocks.

An entry is written the way Codex itself writes one: a `[mcp_servers.<name>]` table whose
dict values become sub-tables (`[mcp_servers.<name>.env]`); dicts inside arrays become
inline tables; names that are not bare keys are quoted (`[mcp_servers."my.srv"]`).

`tomllib` reads the file once; `tomlscan` finds each table's block (its leading
comments, header and pairs) once, on the first edit. `set_entry` and `delete_entry`
check the entry's shape and queue the edit; `render` splices every queued edit into the
text as read in one pass (replacing, removing or adding whole blocks and copying every
other character through) and parses the result once: it must read back as exactly the
edited value, or the edit is refused and a slip never reaches the disk. A plan's
rehearsal (`trial`) shares the parse, the scan and that read-back check. Ownership rules:

- a new entry's tables go after the map's last table, before the comments that lead
  the next table; they start with one blank line, which leaves with them;
- deleting an entry removes its tables with their leading comments;
- an entry (or the map) written as an inline table or with dotted keys
  (`mcp_servers = { x = {...} }`, `[mcp_servers]` + `x.command = ...`) is refused with
  a DocumentError naming the file: aido edits `[mcp_servers.<name>]` tables only.

An implicit map (no `[mcp_servers]` header of its own) is gone once its last table is,
since TOML has no text for an empty implicit table; an explicit `[mcp_servers]` stays.

A map path ending in NAMED_TABLES addresses an array of tables (Mistral Vibe's
`[[mcp_servers]]`) as a map keyed by each element's `name` field. An entry is one
element: written as a `[[mcp_servers]]` table with `name` first and every other value on
a line of its own (tables inline); a new one goes after the array's last element (or at
the end), a changed one replaces its element in place (its leading comments stay), a
deleted one leaves with its leading comments. Every other element, and every byte
around, is copied through; the array's order is kept. An array written as a value
(`mcp_servers = [ {...}, ... ]`) is edited element by element in its own layout
(tomlarray.py). An element whose sub-table sits apart from it, and a name two elements
share are refused with a DocumentError naming the file.
"""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aidokit.adapters.base import NAMED_TABLES
from aidokit.reconcile.core.atomic import BOM, MapOrigin, decode_text
from aidokit.reconcile.core.errors import DocumentError
from aidokit.reconcile.core.safe_read import decode_error, parse
from aidokit.reconcile.core.toml_errors import toml_problem
from aidokit.reconcile.documents.jsonedit import describe

if TYPE_CHECKING:  # only edits use them: imported where they are called
    from aidokit.reconcile.documents import tomlscan

_BARE_LF = re.compile(r"(?<!\r)\n")
Splice = tuple[int, int, str]


class _Source:
    """The file as read, shared by an editor and its rehearsals: parsed and scanned once
    (its layouts and last check are filled in as asked, so a small mutable class)."""

    __slots__ = (
        "added_nl", "arrays", "bom", "checked", "layout", "maps", "nl", "raw", "text", "value",
    )  # fmt: skip

    def __init__(
        self, raw: bytes, bom: bool, text: str, added_nl: bool, nl: str, value: dict[str, Any]
    ) -> None:
        self.raw = raw
        self.bom = bom
        self.text = text  # ends with a line break (one is added when the file has none)
        self.added_nl = added_nl  # the file ends without a line break
        self.nl = nl  # the line break new tables use
        self.value = value
        self.layout: tuple[list[tomlscan.Statement], list[tomlscan.Block]] | None = None
        self.maps: dict[tuple[str, ...], tomlscan.MapLayout] = {}
        self.arrays: dict[tuple[str, ...], tomlscan.ArrayLayout] = {}
        self.checked: tuple[str, dict[str, Any]] | None = None  # the last new text, its parse

    def map_layout(self, key_path: tuple[str, ...]) -> tomlscan.MapLayout:
        """Where the map at `key_path` and its entries are written (scanned once)."""
        from aidokit.reconcile.documents import tomlscan  # noqa: PLC0415 (off a converged plan's path)

        if self.layout is None:
            found = tomlscan.statements(self.text)
            self.layout = found, tomlscan.blocks(self.text, found)
        if key_path not in self.maps:
            self.maps[key_path] = tomlscan.map_layout(*self.layout, key_path)
        return self.maps[key_path]

    def array_layout(self, key_path: tuple[str, ...]) -> tomlscan.ArrayLayout:
        """Where the array of tables at `key_path` and its elements are written (once)."""
        from aidokit.reconcile.documents import tomlscan  # noqa: PLC0415 (off a converged plan's path)

        if self.layout is None:
            found = tomlscan.statements(self.text)
            self.layout = found, tomlscan.blocks(self.text, found)
        if key_path not in self.arrays:
            self.arrays[key_path] = tomlscan.array_layout(*self.layout, key_path)
        return self.arrays[key_path]


class TomlEditor:
    """Edit entries of one TOML file: edits are queued, then spliced in one pass."""

    def __init__(self, path: Path, raw: bytes) -> None:
        self.path = path
        bom, text = decode_text(path, raw)
        # New tables use CRLF only when every line of the file already ends so.
        crlf = "\r\n" in text and _BARE_LF.search(text) is None
        nl = "\r\n" if crlf else "\n"
        added = bool(text) and not text.endswith("\n")
        value = self._load(text)
        self._source = _Source(raw, bom, text + nl if added else text, added, nl, value)
        self._reset()

    def _reset(self) -> None:
        """Start with no queued edits."""
        self._value = self._source.value  # copied along a path before its first edit
        self._copied: set[tuple[str, ...]] = set()
        # (map, name) -> the entry's new tables, or None to delete; in edit order.
        self._edits: dict[tuple[tuple[str, ...], str], str | None] = {}
        # Deleted entries whose leading comments stay where they were (a renamed entry).
        self._kept_comments: set[tuple[tuple[str, ...], str]] = set()
        # (entry, key) -> the pair's new line, or None to delete: one field of an entry
        # that holds someone else's keys (SPEC §6), edited alone so theirs keep their bytes.
        self._fields: dict[tuple[tuple[str, ...], str], str | None] = {}
        # (array, name) -> the element's new table, or None to delete (NAMED_TABLES paths).
        self._items: dict[tuple[tuple[str, ...], str], str | None] = {}
        # Elements deleted and written again: they leave their place and go after the last.
        self._moved: set[tuple[tuple[str, ...], str]] = set()
        # (array, name, key) -> the pair's new line, or None to delete: one field of an
        # element that holds someone else's keys, edited alone so theirs keep their bytes.
        self._item_fields: dict[tuple[tuple[str, ...], str, str], str | None] = {}
        self._rendered: bytes | None = self._source.raw

    def _load(self, text: str) -> dict[str, Any]:
        """Parse `text`; fail closed naming line and column."""
        try:
            return parse(text)
        except decode_error() as exc:
            problem = toml_problem(exc, text)
            raise self._refuse(
                f"{problem.line}:{problem.column}: {self.path.name} is not valid TOML: "
                + problem.words
            ) from None
        except RecursionError:
            raise self._refuse(f" {self.path.name} nests too deeply to be read as TOML") from None

    def _refuse(self, detail: str) -> DocumentError:
        """Build the fail-closed error; `detail` starts with `line:col: ` or a space."""
        return DocumentError(f"{self.path}:{detail}; fix it by hand, aido will not edit this file")

    @property
    def value(self) -> dict[str, Any]:
        """Return the whole document as plain Python values, queued edits included."""
        return self._value

    def origin(self, key_path: tuple[str, ...]) -> MapOrigin:
        """TOML keeps entries as `[map.name]` tables: no enclosing map is written, so none
        has bytes to give back (docs/documents.md)."""
        return MapOrigin()

    def restore(self, key_path: tuple[str, ...], origin: MapOrigin) -> None:
        """Nothing to restore: deleting the last `[map.name]` table leaves no map behind."""

    def get_map(self, key_path: tuple[str, ...]) -> dict[str, Any] | None:
        """Return the table at `key_path` as plain values; None when absent."""
        if key_path and key_path[-1] == NAMED_TABLES:
            return self._named(key_path[:-1])
        node: Any = self._value
        for depth, key in enumerate(key_path):
            if key not in node:
                return None
            node = node[key]
            if not isinstance(node, Mapping):
                kind = "an array of tables" if isinstance(node, list) else f"{node!r}"
                raise DocumentError(
                    f"{self.path}: {describe(key_path[: depth + 1])} must be a table, found"
                    f" {kind}; fix it by hand, aido will not edit this file"
                )
        result: dict[str, Any] = node
        return result

    # -- editing -----------------------------------------------------------------------

    def set_entry(self, key_path: tuple[str, ...], name: str, entry: Mapping[str, Any]) -> None:
        """Queue writing the `[<map>.<name>]` tables; no-op when the entry already matches."""
        from aidokit.reconcile.documents import jsonstyle  # noqa: PLC0415 (off a converged plan's path)

        if key_path and key_path[-1] == NAMED_TABLES:
            self._set_item(key_path[:-1], name, entry)
            return
        current = self.get_map(key_path)
        if current is not None and name in current and jsonstyle.same(current[name], entry):
            return
        self._check(key_path, name)
        block = _render_entry((*key_path, name), entry, self._source.nl)
        self._writable(key_path)[name] = _plain(entry)
        original = self._original(key_path)
        if name in original and jsonstyle.same(original[name], entry):
            self._edits.pop((key_path, name), None)  # back to the bytes as read
        else:
            self._edits[(key_path, name)] = block
        self._rendered = None

    def delete_entry(
        self, key_path: tuple[str, ...], name: str, *, keep_comments: bool = False
    ) -> None:
        """Queue removing the entry's tables (and sub-tables) with their leading comments,
        or, with `keep_comments`, leaving the comments above its first table in place."""
        if keep_comments:
            self._kept_comments.add((key_path, name))
        if key_path and key_path[-1] == NAMED_TABLES:
            self._delete_item(key_path[:-1], name)
            return
        current = self.get_map(key_path)
        if current is None or name not in current:
            return
        self._check(key_path, name)
        node = self._writable(key_path)
        del node[name]
        if not node and key_path and not self._source.map_layout(key_path).explicit:
            # TOML has no text for an empty implicit table: the map goes with its last table.
            del self._writable(key_path[:-1])[key_path[-1]]
        if name in self._original(key_path):
            self._edits[(key_path, name)] = None
        else:
            self._edits.pop((key_path, name), None)
        self._rendered = None

    def set_field(self, entry_path: tuple[str, ...], key: str, value: Any) -> None:
        """Queue writing one field of the `[<entry_path>]` table: its `key = value` pair
        (a new one after the table's last pair), or its sub-table when written as one."""
        from aidokit.reconcile.documents import jsonstyle, tomlscan  # noqa: PLC0415 (off a converged plan's path)

        current = self.get_map(entry_path) or {}
        if key in current and jsonstyle.same(current[key], value):
            return
        pair = self._pair(entry_path, key)
        if pair is None and key in current and not isinstance(value, Mapping):
            self.delete_entry(entry_path, key)  # a sub-table becomes a pair
        elif pair is None and isinstance(value, Mapping) and (entry_path, key) not in self._fields:
            self.set_entry(entry_path, key, value)  # `[<entry>.<key>]`, new or as written
            return
        self._check_entry(entry_path)
        self._writable(entry_path)[key] = _plain(value)
        original = self._original(entry_path)
        if pair is not None and jsonstyle.same(original.get(key), value):
            self._fields.pop((entry_path, key), None)  # back to the bytes as read
        else:
            line = f"{tomlscan.render_key(_key(key))} = {_value(value)}{self._source.nl}"
            self._fields[(entry_path, key)] = line
        self._rendered = None

    def delete_field(self, entry_path: tuple[str, ...], key: str) -> None:
        """Queue removing one field of the `[<entry_path>]` table (a pair or a sub-table)."""
        current = self.get_map(entry_path)
        if current is None or key not in current:
            return
        if self._pair(entry_path, key) is None and (entry_path, key) not in self._fields:
            self.delete_entry(entry_path, key)
            return
        self._check_entry(entry_path)
        del self._writable(entry_path)[key]
        self._fields[(entry_path, key)] = None
        self._rendered = None

    def _pair(self, entry_path: tuple[str, ...], key: str) -> tomlscan.Statement | None:
        """The `key = ...` pair written right in the `[<entry_path>]` table, as read."""
        self._source.map_layout(entry_path)  # scans the file once
        if self._source.layout is None:
            raise RuntimeError("aido bug: expected self._source.layout is not None")
        wanted = (*entry_path, key)
        return next(
            (
                stmt
                for stmt in self._source.layout[0]
                if stmt.kind == "pair" and stmt.table == entry_path and stmt.path == wanted
            ),
            None,
        )

    def _check_entry(self, entry_path: tuple[str, ...]) -> None:
        """Refuse to edit a field of an entry not written as a `[<map>.<name>]` table."""
        self._check(entry_path[:-1], entry_path[-1])
        tables = self._source.map_layout(entry_path[:-1]).entries.get(entry_path[-1], [])
        if not tables or tables[0].header.path != entry_path or tables[0].header.kind != "table":
            problem = f"the entry {describe(entry_path)} has no table of its own"
            raise self._shape(tables[0].header.start if tables else 0, problem)

    def _field_end(self, entry_path: tuple[str, ...]) -> int:
        """Where a new pair of the `[<entry_path>]` table goes: after its last pair."""
        first = self._source.map_layout(entry_path[:-1]).entries[entry_path[-1]][0]
        if self._source.layout is None:
            raise RuntimeError("aido bug: expected self._source.layout is not None")
        ends = [
            stmt.end
            for stmt in self._source.layout[0]
            if stmt.kind == "pair"
            and stmt.table == entry_path
            and first.header.end <= stmt.start < first.end
        ]
        return max(ends, default=first.header.end)

    def trial(self) -> TomlEditor:
        """A copy with no queued edits that shares this file's parse, scan and read-back
        check: the plan rehearses its edits there, and apply's check finds them done."""
        trial = copy.copy(self)
        trial._reset()
        return trial

    def render(self) -> bytes:
        """Return the file's bytes: the queued edits spliced in and read back once."""
        queued = self._edits or self._fields or self._items or self._item_fields
        if self._rendered is None and not queued:
            self._rendered = self._source.raw
        if self._rendered is None:
            text = self._spliced()
            self._verify(text)
            self._rendered = (BOM if self._source.bom else b"") + text.encode("utf-8")
        return self._rendered

    # -- arrays of tables (NAMED_TABLES) --------------------------------------------------

    def _array(self, value: Mapping[str, Any], array: tuple[str, ...]) -> list[Any] | None:
        """The array of tables at `array` in `value`; None when absent."""
        node: Any = value
        for key in array:
            if not isinstance(node, Mapping) or key not in node:
                return None
            node = node[key]
        if not isinstance(node, list) or not all(isinstance(item, Mapping) for item in node):
            kind = "a table" if isinstance(node, Mapping) else f"{node!r:.40}"
            raise DocumentError(
                f"{self.path}: {describe(array)} must be an array of tables, found {kind};"
                " fix it by hand, aido will not edit this file"
            )
        return node

    def _named(self, array: tuple[str, ...]) -> dict[str, Any] | None:
        """The elements of the array at `array` by their `name`, each without it."""
        items = self._array(self._value, array)
        if items is None:
            return None
        return {
            item["name"]: {k: v for k, v in item.items() if k != "name"}
            for item in items
            if isinstance(item.get("name"), str)
        }

    def _set_item(self, array: tuple[str, ...], name: str, entry: Mapping[str, Any]) -> None:
        """Queue writing the element named `name`: in its place, or after the last one."""
        from aidokit.reconcile.documents import jsonstyle  # noqa: PLC0415 (off a converged plan's path)

        if "name" in entry:
            raise TypeError(f"an element of {array!r} names itself: {entry!r}")
        current = self._named(array) or {}
        if name in current and jsonstyle.same(current[name], entry):
            return
        self._check_item(array, name)
        element = {"name": name, **_plain(entry)}
        items = self._writable_array(array)
        at = _index(items, name)
        original = self._original_items(array)
        before = _index(original, name)
        if at is None:
            items.append(element)
            if before is not None:  # deleted before: written again after the last element
                self._moved.add((array, name))
        else:
            items[at] = element
        self._drop_fields(array, name)
        moved = (array, name) in self._moved
        if before is not None and not moved and jsonstyle.same(original[before], element):
            self._items.pop((array, name), None)  # back to the bytes as read
        else:
            if moved:  # written again: after the new ones, in edit order
                self._items.pop((array, name), None)
            self._items[(array, name)] = self._render_element(array, element)
        self._rendered = None

    def update_item(
        self, array: tuple[str, ...], name: str, entry: Mapping[str, Any], keep: tuple[str, ...]
    ) -> None:
        """Write aido's fields `entry` into the element named `name` pair by pair: the keys
        in `keep` are someone else's and keep their bytes; any other key not in `entry`
        goes. A field written as a sub-table or a dotted key, or an element rewritten in
        this edit, is written with the whole element instead (kept keys' values kept)."""
        from aidokit.reconcile.documents import jsonstyle  # noqa: PLC0415 (off a converged plan's path)

        current = (self._named(array) or {}).get(name)
        if current is None:
            self._set_item(array, name, entry)
            return
        if "name" in entry:
            raise TypeError(f"an element of {array!r} names itself: {entry!r}")
        drops = [k for k in current if k not in entry and k not in keep]
        changes = {
            k: v
            for k, v in entry.items()
            if k not in keep and (k not in current or not jsonstyle.same(current[k], v))
        }
        if not drops and not changes:
            return
        self._check_item(array, name)
        pairs = self._item_pairs(array, name)
        whole = (
            pairs is None
            or (array, name) in self._items
            or any(k in current and k not in pairs for k in (*drops, *changes))
        )
        if whole:
            merged = {
                k: v if k in keep else entry[k]
                for k, v in current.items()
                if k in entry or k in keep
            }
            self._set_item(
                array, name, {**merged, **{k: v for k, v in entry.items() if k not in merged}}
            )
            return
        if pairs is None:
            raise RuntimeError("aido bug: expected pairs is not None")
        items = self._writable_array(array)
        at = _index(items, name)
        if at is None:
            raise RuntimeError("aido bug: expected at is not None")
        element = items[at] = dict(items[at])
        original = self._original_items(array)[_index(self._original_items(array), name) or 0]
        for key in drops:
            del element[key]
            if key in original:
                self._item_fields[(array, name, key)] = None
            else:  # a pair aido added in this edit: gone again
                self._item_fields.pop((array, name, key), None)
        for key, value in changes.items():
            element[key] = _plain(value)
            if key in original and jsonstyle.same(original[key], value):
                self._item_fields.pop((array, name, key), None)  # back to the bytes as read
            else:
                line = f"{_pair_key(key)} = {_value(value)}{self._source.nl}"
                self._item_fields[(array, name, key)] = line
        self._rendered = None

    def _item_pairs(
        self, array: tuple[str, ...], name: str
    ) -> dict[str, tomlscan.Statement] | None:
        """The `key = value` pairs written right under the `[[<array>]]` header of the
        element named `name`, as read; None when that element was not in the file."""
        at = _index(self._original_items(array), name)
        layout = self._source.array_layout(array)
        if at is None or (array, name) in self._moved or layout.inline is not None:
            return None  # an element of an inline array is written whole
        first = layout.elements[at][0]
        if self._source.layout is None:
            raise RuntimeError("aido bug: expected self._source.layout is not None")
        return {
            stmt.path[len(array)]: stmt
            for stmt in self._source.layout[0]
            if stmt.kind == "pair"
            and stmt.table == array
            and len(stmt.path) == len(array) + 1
            and first.header.end <= stmt.start < first.end
        }

    def _drop_fields(self, array: tuple[str, ...], name: str) -> None:
        """Forget the pair edits of an element that is now written (or deleted) whole."""
        for key in [k for k in self._item_fields if k[:2] == (array, name)]:
            del self._item_fields[key]

    def _delete_item(self, array: tuple[str, ...], name: str) -> None:
        """Queue removing the element named `name` with its leading comments."""
        current = self._named(array)
        if current is None or name not in current:
            return
        self._check_item(array, name)
        items = self._writable_array(array)
        at = _index(items, name)
        if at is None:
            raise RuntimeError("aido bug: expected at is not None")
        del items[at]
        inline = self._source.array_layout(array).inline is not None
        if not items and not inline:  # no text for an empty array of tables: the key goes
            del self._writable(array[:-1])[array[-1]]
        self._drop_fields(array, name)
        self._moved.discard((array, name))
        if _index(self._original_items(array), name) is not None:
            self._items[(array, name)] = None
        else:
            self._items.pop((array, name), None)
        self._rendered = None

    def _render_element(self, array: tuple[str, ...], element: Mapping[str, Any]) -> str:
        """An element as a `[[<array>]]` table, or as an inline table in an inline array."""
        if self._source.array_layout(array).inline is not None:
            return _value(element)
        return _render_item(array, element, self._source.nl)

    def _check_item(self, array: tuple[str, ...], name: str) -> None:
        """Refuse an array or element that aido would not edit as a `[[<array>]]` table."""
        layout = self._source.array_layout(array)
        if layout.inline is not None:
            self._check_inline(array, name, layout.inline)
            return
        original = self._original_items(array)
        named = [i for i, item in enumerate(original) if item.get("name") == name]
        if len(named) > 1:
            at = layout.elements[named[1]][0].header.start
            raise self._shape(at, f"two elements of {describe(array)} are named {name!r}", array)
        if named and named[0] in layout.scattered:
            at = layout.elements[named[0]][0].header.start
            problem = f"the element named {name!r} has a sub-table written apart from it"
            raise self._shape(at, problem, array)

    def _check_inline(self, array: tuple[str, ...], name: str, pair: tomlscan.Statement) -> None:
        """Refuse an inline array aido cannot edit element by element: one a parent table
        writes as a value, one holding other values than inline tables, a shared name."""
        from aidokit.reconcile.documents import tomlscan  # noqa: PLC0415 (off a converged plan's path)

        line = self._source.text.count("\n", 0, pair.start) + 1
        where = f"{self.path}:{line}: "
        if pair.path != array:
            problem = f"{describe(pair.path)} writes {describe(array)} inside a value"
            raise self._shape(pair.start, problem, array)
        found = tomlscan.inline_array(self._source.text, pair)
        if found is None or not found.tables:
            raise DocumentError(
                f"{where}{describe(array)} holds other values than inline tables; aido edits"
                " an array of inline tables, so make each server one { name = ... } table"
                " or leave this file out"
            )
        named = [item for item in self._original_items(array) if item.get("name") == name]
        if len(named) > 1:
            raise DocumentError(
                f"{where}two elements of {describe(array)} are named {name!r}; aido edits"
                " the elements by name, so give each server a name of its own or leave this"
                " file out"
            )

    def _original_items(self, array: tuple[str, ...]) -> list[Any]:
        """The array at `array` as read (empty when absent)."""
        return self._array(self._source.value, array) or []

    def _writable_array(self, array: tuple[str, ...]) -> list[Any]:
        """The array at `array` in the edited value, copied from the parse on first use."""
        parent = self._writable(array[:-1])
        if array not in self._copied or array[-1] not in parent:
            parent[array[-1]] = list(parent.get(array[-1], []))
            self._copied.add(array)
        items: list[Any] = parent[array[-1]]
        return items

    def _item_splices(self) -> list[Splice]:
        """One splice per element replaced or removed, one where new elements go."""
        source = self._source
        splices: list[Splice] = []
        inserts: dict[int, list[str]] = {}
        for (array, name, key), line in self._item_fields.items():
            pairs = self._item_pairs(array, name)
            if pairs is None:
                raise RuntimeError("aido bug: expected pairs is not None")
            pair = pairs.get(key)
            if pair is not None:
                splices.append((pair.start, pair.end, line or ""))
            elif line is not None:  # a new pair: after the element's last one
                layout = source.array_layout(array)
                first = layout.elements[_index(self._original_items(array), name) or 0][0]
                end = max((p.end for p in pairs.values()), default=first.header.end)
                splices.append((end, end, line))
        inline: dict[tuple[str, ...], list[tuple[str, str | None]]] = {}
        for (array, name), block in self._items.items():
            layout = source.array_layout(array)
            if layout.inline is not None:
                inline.setdefault(array, []).append((name, block))
                continue
            at = _index(self._original_items(array), name)
            moved = (array, name) in self._moved
            if at is None or moved:  # a new element: after the last one, or at the end
                if block is None:
                    raise RuntimeError("aido bug: expected block is not None")
                end = len(source.text) if layout.end is None else layout.end
                inserts.setdefault(end, []).append(block)
                if not moved:
                    continue
                if at is None:
                    raise RuntimeError("aido bug: expected at is not None")
                block = None  # and it leaves its old place
            owned = layout.elements[at]
            first, last = owned[0], owned[-1]
            if block is None:
                splices.append((first.lead, last.end, ""))
            else:
                keep = _trailing_blank(source.text, first.header.start, last.end)
                splices.append((first.header.start, keep, block))
        for at, blocks in inserts.items():
            joined = "".join(source.nl + block for block in blocks)
            splices.append((at, at, joined[len(source.nl) :] if not source.text else joined))
        for array, edits in inline.items():
            splices.append(self._inline_splice(array, edits))
        return splices

    def _inline_splice(self, array: tuple[str, ...], edits: list[tuple[str, str | None]]) -> Splice:
        """The `key = [...]` pair of an inline array with its elements edited one at a time
        (tomlarray.py): changed ones in place, gone ones out, new ones after the last."""
        from aidokit.reconcile.documents import tomlarray  # noqa: PLC0415 (off a converged plan's path)

        pair = self._source.array_layout(array).inline
        if pair is None:
            raise RuntimeError("aido bug: expected pair is not None")
        text = self._source.text[pair.start : pair.end]
        names = [item.get("name") for item in self._original_items(array)]
        new: list[str] = []
        for name, element in edits:
            at = names.index(name) if name in names else None
            moved = (array, name) in self._moved
            if at is not None and element is not None and not moved:
                text = tomlarray.replace(text, at, element)
                continue
            if at is not None:
                text = tomlarray.delete(text, at)
                del names[at]
            if element is not None:
                new.append(element)
        for element in new:
            text = tomlarray.insert(text, element, self._source.nl)
        return pair.start, pair.end, text

    # -- blocks ------------------------------------------------------------------------

    def _check(self, key_path: tuple[str, ...], name: str) -> None:
        """Refuse an entry or map that is not written as `[<map>.<name>]` tables."""
        layout = self._source.map_layout(key_path)
        if layout.inline is not None:
            problem = f"{describe(key_path)} is an inline table or array"
            raise self._shape(layout.inline.start, problem)
        stray = layout.strays.get(name)
        if stray is not None or (name in self._original(key_path) and name not in layout.entries):
            problem = f"the entry {describe((*key_path, name))} is not written as a table"
            raise self._shape(stray.start if stray is not None else 0, problem)

    def _original(self, key_path: tuple[str, ...]) -> Mapping[str, Any]:
        """The map at `key_path` as read (empty when absent or not a table)."""
        node: Any = self._source.value
        for key in key_path:
            node = node.get(key, {}) if isinstance(node, Mapping) else {}
        return node if isinstance(node, Mapping) else {}

    def _writable(self, key_path: tuple[str, ...]) -> dict[str, Any]:
        """The table at `key_path` in the edited value, copied from the parse on first use."""
        if () not in self._copied:
            self._value = dict(self._value)
            self._copied.add(())
        node = self._value
        for depth, key in enumerate(key_path, 1):
            if key_path[:depth] not in self._copied or key not in node:
                node[key] = dict(node.get(key, {}))
                self._copied.add(key_path[:depth])
            node = node[key]
        return node

    def _spliced(self) -> str:
        """The text with every queued edit spliced in, in one pass over the file."""
        source = self._source
        pieces, last = [], 0
        # By place only: a field's new pair goes before a new sub-table at the same offset.
        for start, end, new in sorted(self._splices(), key=lambda splice: splice[:2]):
            pieces += [source.text[last:start], new]
            last = end
        pieces.append(source.text[last:])
        text = "".join(pieces)
        if source.added_nl and text.endswith("\n"):  # the file ended without a line break
            text = text[: -2 if text.endswith("\r\n") else -1]
        return text

    def _splices(self) -> list[Splice]:
        """One splice per table replaced or removed, one per place new tables go."""
        source = self._source
        splices: list[Splice] = []
        added: dict[int, list[str]] = {}
        for (entry_path, key), line in self._fields.items():
            pair = self._pair(entry_path, key)
            if pair is not None:
                splices.append((pair.start, pair.end, line or ""))
            elif line is not None:
                added.setdefault(self._field_end(entry_path), []).append(line)
        splices += [(at, at, "".join(lines)) for at, lines in added.items()]
        splices += self._item_splices()
        inserts: dict[int, list[str]] = {}
        for (key_path, name), block in self._edits.items():
            layout = source.map_layout(key_path)
            owned = layout.entries.get(name)
            if not owned:  # a new entry: after the map's last table, or at the end
                if block is None:
                    raise RuntimeError("aido bug: expected block is not None")
                at = len(source.text) if layout.end is None else layout.end
                inserts.setdefault(at, []).append(block)
                continue
            kept = (key_path, name) in self._kept_comments and block is None
            splices += [
                (b.header.start if kept and i == 0 else b.lead, b.end, "")
                for i, b in enumerate(owned[int(block is not None) :])
            ]
            if block is not None:
                first = owned[0]
                keep = _trailing_blank(source.text, first.header.start, first.end)
                splices.append((first.header.start, keep, block))
        for at, blocks in inserts.items():
            joined = "".join(source.nl + block for block in blocks)
            splices.append((at, at, joined[len(source.nl) :] if not source.text else joined))
        return splices

    def _verify(self, text: str) -> None:
        """Refuse the new text unless it parses back to exactly the edited value."""
        source = self._source
        if source.checked is None or source.checked[0] != text:
            try:
                source.checked = text, parse(text)
            except decode_error():
                source.checked = None
        if source.checked is None or not _equal(source.checked[1], self._value):
            raise DocumentError(
                f"{self.path}: aido's edit did not read back as intended, so the file is"
                " left as it was; rewrite the server map as [mcp_servers.<name>] tables"
            )

    def _shape(
        self, offset: int, problem: str, array: tuple[str, ...] | None = None
    ) -> DocumentError:
        """Refuse a layout aido does not edit, naming its line and the way out."""
        line = self._source.text.count("\n", 0, offset) + 1
        if array is not None:
            header = "[[" + ".".join(array) + "]]"
            return DocumentError(
                f"{self.path}:{line}: {problem}; aido edits {header} tables with a name each,"
                f" so rewrite it as one {header} table per server or leave this file out"
            )
        return DocumentError(
            f"{self.path}:{line}: {problem}; aido edits [mcp_servers.<name>] tables only,"
            " so rewrite it as one table per server or leave this file out"
        )


def _equal(left: Any, right: Any) -> bool:
    """Compare parsed values exactly (like `same`), with NaN equal to itself."""
    from aidokit.reconcile.documents import jsonstyle  # noqa: PLC0415 (off a converged plan's path)

    if isinstance(left, float) and isinstance(right, float) and math.isnan(left):
        return math.isnan(right)
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(_equal(left[k], right[k]) for k in left)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(_equal, left, right))
    return jsonstyle.same(left, right)


def _trailing_blank(text: str, start: int, end: int) -> int:
    """Return `end` moved back over the blank lines that end `text[start:end]`."""
    body = text[start:end].rstrip(" \t\r\n")
    stop = start + len(body)
    eol = text.find("\n", stop, end)
    return end if eol == -1 else eol + 1


def _plain(value: Any) -> Any:
    """Copy an entry as tomllib would read it back (tuples become lists)."""
    if isinstance(value, Mapping):
        return {key: _plain(child) for key, child in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(child) for child in value]
    return value


def _render_entry(path: tuple[str, ...], entry: Mapping[str, Any], nl: str) -> str:
    """Write an entry as a table; dict values become sub-tables after a blank line."""
    from aidokit.reconcile.documents import tomlscan  # noqa: PLC0415 (off a converged plan's path)

    header = "[" + ".".join(tomlscan.render_key(_key(key)) for key in path) + "]" + nl
    lines = [header]
    lines += [
        f"{tomlscan.render_key(_key(key))} = {_value(child)}{nl}"
        for key, child in entry.items()
        if not isinstance(child, Mapping)
    ]
    for key, child in entry.items():
        if isinstance(child, Mapping):
            lines.append(nl + _render_entry((*path, key), child, nl))
    return "".join(lines)


def _pair_key(key: str) -> str:
    """Write a pair's key (bare when TOML allows it)."""
    from aidokit.reconcile.documents import tomlscan  # noqa: PLC0415 (off a converged plan's path)

    return tomlscan.render_key(_key(key))


def _index(items: list[Any], name: str) -> int | None:
    """The position of the element named `name` (the first, if two are)."""
    return next((i for i, item in enumerate(items) if item.get("name") == name), None)


def _render_item(array: tuple[str, ...], element: Mapping[str, Any], nl: str) -> str:
    """Write an element as one `[[<array>]]` table: `name` first, tables inline."""
    from aidokit.reconcile.documents import tomlscan  # noqa: PLC0415 (off a converged plan's path)

    header = "[[" + ".".join(tomlscan.render_key(_key(key)) for key in array) + "]]" + nl
    pairs = (f"{tomlscan.render_key(_key(k))} = {_value(v)}{nl}" for k, v in element.items())
    return header + "".join(pairs)


def _value(value: Any) -> str:
    """Write one value on one line; dicts inside arrays become inline tables."""
    from aidokit.reconcile.documents import tomlscan  # noqa: PLC0415 (off a converged plan's path)

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else str(value)
    if isinstance(value, str):
        return tomlscan.render_string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(child) for child in value) + "]"
    if isinstance(value, Mapping):
        pairs = (f"{tomlscan.render_key(_key(k))} = {_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise TypeError(f"cannot write a {type(value).__name__} to a TOML file: {value!r}")


def _key(key: object) -> str:
    """Check a table key is a string."""
    if not isinstance(key, str):
        raise TypeError(f"TOML keys must be strings, not {key!r}")
    return key
