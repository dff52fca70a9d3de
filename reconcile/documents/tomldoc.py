"""Edit entries of a TOML file (Codex `config.toml`) by splicing whole table blocks.

An entry is written the way Codex itself writes one: a `[mcp_servers.<name>]` table whose
dict values become sub-tables (`[mcp_servers.<name>.env]`); dicts inside arrays become
inline tables; names that are not bare keys are quoted (`[mcp_servers."my.srv"]`).

`tomllib` reads the file; `tomlscan` finds each table's block (its leading comments,
header and pairs). An edit replaces, removes or adds whole blocks and copies every other
character through, and the new text must parse back to exactly the expected value, or
the edit is refused: a slip never reaches the disk. Ownership rules:

- a new entry's tables go after the map's last table, before the comments that lead
  the next table; they start with one blank line, which leaves with them;
- deleting an entry removes its tables with their leading comments;
- an entry (or the map) written as an inline table or with dotted keys
  (`mcp_servers = { x = {...} }`, `[mcp_servers]` + `x.command = ...`) is refused with
  a DocumentError naming the file: aido edits `[mcp_servers.<name>]` tables only.

An implicit map (no `[mcp_servers]` header of its own) is gone once its last table is,
since TOML has no text for an empty implicit table; an explicit `[mcp_servers]` stays.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aidokit.reconcile.documents import tomlscan
from aidokit.reconcile.documents.format import BOM, decode_text
from aidokit.reconcile.documents.jsonedit import describe
from aidokit.reconcile.documents.jsonstyle import same
from aidokit.reconcile.errors import DocumentError

_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
_BARE_LF = re.compile(r"(?<!\r)\n")
Splice = tuple[int, int, str]


class TomlEditor:
    """Edit entries of one TOML file by splicing table blocks into its text."""

    def __init__(self, path: Path, raw: bytes) -> None:
        self.path = path
        self._bom, self._text = decode_text(path, raw)
        # New tables use CRLF only when every line of the file already ends so.
        crlf = "\r\n" in self._text and _BARE_LF.search(self._text) is None
        self._nl = "\r\n" if crlf else "\n"
        self._value = self._load(self._text)
        self._blocks: list[tomlscan.Block] | None = None
        self._statements: list[tomlscan.Statement] = []

    def _load(self, text: str) -> dict[str, Any]:
        """Parse `text` with tomllib; fail closed naming line and column."""
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            at = _AT.search(str(exc))
            where = f"{at.group(1)}:{at.group(2)}" if at else "1"
            reason = _AT.sub("", str(exc)).strip()
            raise self._refuse(f"{where}: {self.path.name} is not valid TOML ({reason})") from None
        except RecursionError:
            raise self._refuse(f" {self.path.name} nests too deeply to be read as TOML") from None

    def _refuse(self, detail: str) -> DocumentError:
        """Build the fail-closed error; `detail` starts with `line:col: ` or a space."""
        return DocumentError(f"{self.path}:{detail}; fix it by hand, aido will not edit this file")

    @property
    def value(self) -> dict[str, Any]:
        """Return the whole document as plain Python values."""
        return self._value

    def get_map(self, key_path: tuple[str, ...]) -> dict[str, Any] | None:
        """Return the table at `key_path` as plain values; None when absent."""
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
        """Create or replace the `[<map>.<name>]` tables; no-op when it already matches."""
        current = self.get_map(key_path)
        if current is not None and name in current and same(current[name], entry):
            return
        block = _render_entry((*key_path, name), entry, self._nl)
        expected = _with(self._value, key_path, name, _plain(entry))
        if current is not None and name in current:
            owned = self._entry_blocks(key_path, name)
            first = owned[0]
            keep = _trailing_blank(self._text, first.header.start, first.end)
            gone = _merged([(b.lead, b.end) for b in owned[1:]])
            if not self._text.endswith("\n") and not _left(self._text, keep, gone):
                block = block[: -len(self._nl)]  # the file ends without a line break
            splices = [(first.header.start, keep, block), *gone]
        else:
            splices = [self._insert(key_path, block)]
        self._commit(splices, expected)

    def delete_entry(self, key_path: tuple[str, ...], name: str) -> None:
        """Remove the entry's tables (and sub-tables) with their leading comments."""
        current = self.get_map(key_path)
        if current is None or name not in current:
            return
        splices = _merged([(b.lead, b.end) for b in self._entry_blocks(key_path, name)])
        start, end, _ = splices[-1]
        text = self._text
        if end == len(text) and not text.endswith("\n") and start > 0:
            # The file ended without a line break: end it where the table began.
            start -= 2 if text.startswith("\r\n", start - 2) else 1
            splices[-1] = (start, end, "")
        expected = _without(self._value, key_path, name, explicit=self._explicit(key_path))
        self._commit(splices, expected)

    def render(self) -> bytes:
        """Return the file's bytes."""
        return (BOM if self._bom else b"") + self._text.encode("utf-8")

    # -- blocks ------------------------------------------------------------------------

    def _layout(self) -> list[tomlscan.Block]:
        """Scan the text into statements and table blocks (once per version of the text)."""
        if self._blocks is None:
            self._statements = tomlscan.statements(self._text)
            self._blocks = tomlscan.blocks(self._text, self._statements)
        return self._blocks

    def _entry_blocks(self, key_path: tuple[str, ...], name: str) -> list[tomlscan.Block]:
        """The blocks of one entry; refuse an entry that is not written as tables."""
        prefix = (*key_path, name)
        owned = [b for b in self._layout() if b.header.path[: len(prefix)] == prefix]
        stray = next(
            (
                s
                for s in self._statements
                if s.kind == "pair"
                and s.path[: len(prefix)] == prefix
                and s.table[: len(prefix)] != prefix
            ),
            None,
        )
        if stray is not None or not owned:
            at = stray.start if stray is not None else 0
            raise self._shape(at, f"the entry {describe(prefix)} is not written as a table")
        return owned

    def _insert(self, key_path: tuple[str, ...], block: str) -> Splice:
        """Where a new entry's tables go: after the map's last table (or at the end)."""
        blocks = self._layout()
        inline = next(
            (
                s
                for s in self._statements
                if s.kind in ("pair", "array") and key_path[: len(s.path)] == s.path
            ),
            None,
        )
        if inline is not None:
            raise self._shape(inline.start, f"{describe(key_path)} is an inline table or array")
        mine = [b for b in blocks if b.header.path[: len(key_path)] == key_path]
        text = self._text
        at = mine[-1].end if mine else len(text)
        if at == len(text) and text and not text.endswith("\n"):
            return at, at, self._nl + self._nl + block[: -len(self._nl)]
        if not text:
            return 0, 0, block
        return at, at, self._nl + block

    def _explicit(self, key_path: tuple[str, ...]) -> bool:
        """Tell whether the map has a `[<map>]` header of its own (or is the root)."""
        return not key_path or any(b.header.path == key_path for b in self._layout())

    def _shape(self, offset: int, problem: str) -> DocumentError:
        """Refuse a layout aido does not edit, naming its line and the way out."""
        line = self._text.count("\n", 0, offset) + 1
        return DocumentError(
            f"{self.path}:{line}: {problem}; aido edits [mcp_servers.<name>] tables only,"
            " so rewrite it as one table per server or leave this file out"
        )

    def _commit(self, splices: list[Splice], expected: dict[str, Any]) -> None:
        """Adopt the spliced text only if it parses back to exactly `expected`."""
        pieces, last = [], 0
        for start, end, new in sorted(splices):
            pieces += [self._text[last:start], new]
            last = end
        pieces.append(self._text[last:])
        text = "".join(pieces)
        try:
            value = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            value = None
        if value is None or not _equal(value, expected):
            raise DocumentError(
                f"{self.path}: aido's edit did not read back as intended, so the file is"
                " left as it was; rewrite the server map as [mcp_servers.<name>] tables"
            )
        self._text, self._value, self._blocks = text, value, None


def _merged(spans: list[tuple[int, int]]) -> list[Splice]:
    """Deletion splices for `spans`, joining the ones that touch."""
    out: list[Splice] = []
    for start, end in sorted(spans):
        if out and out[-1][1] >= start:
            out[-1] = (out[-1][0], max(end, out[-1][1]), "")
        else:
            out.append((start, end, ""))
    return out


def _left(text: str, start: int, gone: list[Splice]) -> str:
    """Return what stays of `text[start:]` once the spans in `gone` are cut out."""
    pieces, last = [], start
    for cut_start, cut_end, _ in gone:
        pieces.append(text[last:cut_start])
        last = cut_end
    return "".join(pieces) + text[last:]


def _equal(left: Any, right: Any) -> bool:
    """Compare parsed values exactly (like `same`), with NaN equal to itself."""
    if isinstance(left, float) and isinstance(right, float) and math.isnan(left):
        return math.isnan(right)
    if isinstance(left, dict) and isinstance(right, dict):
        return left.keys() == right.keys() and all(_equal(left[k], right[k]) for k in left)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(_equal, left, right))
    return same(left, right)


def _trailing_blank(text: str, start: int, end: int) -> int:
    """Return `end` moved back over the blank lines that end `text[start:end]`."""
    body = text[start:end].rstrip(" \t\r\n")
    stop = start + len(body)
    eol = text.find("\n", stop, end)
    return end if eol == -1 else eol + 1


def _with(
    value: dict[str, Any], key_path: tuple[str, ...], name: str, entry: Any
) -> dict[str, Any]:
    """A copy of `value` with `entry` set at `key_path`/`name`."""
    root = dict(value)
    node = root
    for key in key_path:
        node[key] = dict(node.get(key, {}))
        node = node[key]
    node[name] = entry
    return root


def _without(
    value: dict[str, Any], key_path: tuple[str, ...], name: str, *, explicit: bool
) -> dict[str, Any]:
    """A copy of `value` without `name` at `key_path`; an emptied implicit map goes too."""
    root = dict(value)
    node = root
    for key in key_path:
        node[key] = dict(node[key])
        node = node[key]
    del node[name]
    if not node and not explicit:
        parent = root
        for key in key_path[:-1]:
            parent = parent[key]
        del parent[key_path[-1]]
    return root


def _plain(value: Any) -> Any:
    """Copy an entry as tomllib would read it back (tuples become lists)."""
    if isinstance(value, Mapping):
        return {key: _plain(child) for key, child in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(child) for child in value]
    return value


def _render_entry(path: tuple[str, ...], entry: Mapping[str, Any], nl: str) -> str:
    """Write an entry as a table; dict values become sub-tables after a blank line."""
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


def _value(value: Any) -> str:
    """Write one value on one line; dicts inside arrays become inline tables."""
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
