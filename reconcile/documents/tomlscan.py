"""Find the statements and table blocks of a TOML file, as offsets into its text.

The scanner runs only on text that `tomllib` has already accepted, so it can stay
small: it tells a table header from a key/value pair, follows a value over several
lines (arrays, multi-line strings) and records each statement's absolute key path.

A table's *block* is what travels with the table when it is added or removed:
the comment lines directly above its header, at most one blank line above those,
the header and everything up to the next block (see `docs/documents.md`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from aidokit.reconcile.core.safe_read import parse

Path_ = tuple[str, ...]
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_PART = re.compile(r"[ \t]*([A-Za-z0-9_-]+|\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*')[ \t]*")
_VALUE = re.compile(
    r'"""(?:[^"\\]|\\[\s\S]|""?(?!"))*"{3,5}'
    r"|'''(?:[^']|''?(?!'))*'{3,5}"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|'[^'\n]*'"
    r"|#[^\n]*"
    r"|[\[{]|[\]}]|\n"
    r"|[^\"'#\[\]{}\n]+"
)


@dataclass(frozen=True)
class Statement:
    """A header (`[a.b]`, `[[a.b]]`) or a key/value pair, spanning whole lines."""

    kind: str  # "table", "array" or "pair"
    path: Path_  # absolute: for a pair, its table's path plus its dotted key
    table: Path_  # the table the statement sits in (a header: its own path)
    start: int
    end: int  # after the line break that ends its last line (or the end of the text)


@dataclass(frozen=True)
class Block:
    """A table header with what belongs to it: leading comments, its pairs, trailing lines."""

    header: Statement
    lead: int  # where its leading comments (and one blank line above them) start
    end: int  # where the next block starts, or the end of the text


def statements(text: str) -> list[Statement]:
    """List the statements of a valid TOML document in order."""
    found: list[Statement] = []
    table: Path_ = ()
    pos, size = 0, len(text)
    while pos < size:
        eol = _line_end(text, pos)
        first = _skip_blanks(text, pos)
        if first >= eol or text[first] in "#\r\n":
            pos = eol
            continue
        if text[first] == "[":
            array = text.startswith("[[", first)
            table, _ = key_path(text, first + (2 if array else 1))
            found.append(Statement("array" if array else "table", table, table, pos, eol))
            pos = eol
            continue
        keys, after = key_path(text, first)
        end = _value_end(text, after + 1)  # past the `=`
        found.append(Statement("pair", table + keys, table, pos, end))
        pos = end
    return found


def blocks(text: str, found: list[Statement]) -> list[Block]:
    """Group statements into table blocks (pairs before the first header belong to none)."""
    heads = [i for i, stmt in enumerate(found) if stmt.kind != "pair"]
    leads = [_lead(text, found[i], found[i - 1].end if i else 0) for i in heads]
    ends = [*leads[1:], len(text)][: len(leads)]
    return [Block(found[i], lead, end) for i, lead, end in zip(heads, leads, ends, strict=True)]


def key_path(text: str, pos: int) -> tuple[Path_, int]:
    """Read a dotted key at `pos`; return its parts and the offset after it (and blanks)."""
    parts: list[str] = []
    while True:
        match = _PART.match(text, pos)
        if match is None:  # pragma: no cover - tomllib accepted the text
            raise ValueError(f"no TOML key at offset {pos}")
        parts.append(_decode(match.group(1)))
        pos = match.end()
        if not text.startswith(".", pos):
            return tuple(parts), pos
        pos += 1


def render_key(key: str) -> str:
    """Write a key bare when TOML allows it, else as a basic string."""
    return key if _BARE.fullmatch(key) else render_string(key)


_ESCAPES = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"'}
_ESCAPES["\\"] = "\\\\"


def render_string(value: str) -> str:
    """Write a basic string: quotes, backslashes and control characters escaped."""
    return '"' + "".join(_ESCAPES.get(char) or _control(char) for char in value) + '"'


def _control(char: str) -> str:
    """Escape a control character as \\uXXXX; keep any other character."""
    return f"\\u{ord(char):04x}" if char < " " or char == "\x7f" else char


def _decode(part: str) -> str:
    """Decode one key part: bare, literal ('...') or basic ("..." with escapes)."""
    if part[0] == "'":
        return part[1:-1]
    if part[0] != '"':
        return part
    if "\\" not in part:
        return part[1:-1]
    if "\\U" not in part and "\\e" not in part and "\\x" not in part:
        return str(json.loads(part))
    return str(parse(f"k = {part}")["k"])


def _line_end(text: str, pos: int) -> int:
    """Return the offset after the line break that ends `pos`'s line."""
    found = text.find("\n", pos)
    return len(text) if found == -1 else found + 1


def _skip_blanks(text: str, pos: int) -> int:
    """Skip spaces and tabs."""
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    return pos


def _value_end(text: str, pos: int) -> int:
    """Return the offset after the line break that ends the value starting at `pos`."""
    depth = 0
    for token in _VALUE.finditer(text, pos):
        lexeme = token.group()
        if lexeme in "[{":
            depth += 1
        elif lexeme in "]}":
            depth -= 1
        elif lexeme == "\n" and depth <= 0:
            return token.end()
    return len(text)


def _lead(text: str, header: Statement, floor: int) -> int:
    """Where a header's block starts: comment lines right above it, then one blank line."""
    start = header.start
    while start > floor:
        above = text.rfind("\n", 0, start - 1) + 1
        if above < floor or not text.startswith("#", _skip_blanks(text, above)):
            break
        start = above
    if start > floor:
        above = text.rfind("\n", 0, start - 1) + 1
        if above >= floor and not text[above:start].strip():
            start = above
    return start


@dataclass(frozen=True)
class MapLayout:
    """Where one table (the server map) and its entries are written, found in one pass."""

    entries: dict[str, list[Block]]  # each entry's own tables, in file order
    strays: dict[str, Statement]  # the first pair writing an entry outside its tables
    inline: Statement | None  # a pair or `[[...]]` writing the map (or a parent) as a value
    end: int | None  # after the map's last table (None: the map has no table)
    explicit: bool  # the map has a `[<map>]` header of its own


def map_layout(found: list[Statement], tables: list[Block], key_path: Path_) -> MapLayout:
    """Index the statements and blocks that write the map at `key_path` and its entries."""
    depth = len(key_path)
    owned: dict[str, list[Block]] = {}
    strays: dict[str, Statement] = {}
    end, explicit = None, False
    for block in tables:
        path = block.header.path
        if path[:depth] == key_path:
            end = block.end
            explicit = explicit or path == key_path
            if len(path) > depth:
                owned.setdefault(path[depth], []).append(block)
    inline = next(
        (s for s in found if s.kind != "table" and s.path == key_path[: len(s.path)]), None
    )
    for stmt in found:
        path = stmt.path
        if stmt.kind == "pair" and len(path) > depth and path[:depth] == key_path:
            name = path[depth]
            if stmt.table[: depth + 1] != (*key_path, name):  # a dotted key or inline table
                strays.setdefault(name, stmt)
    return MapLayout(owned, strays, inline, end, explicit)


@dataclass(frozen=True)
class ArrayLayout:
    """Where one array of tables (`[[<key>]]`) and its elements are written, in one pass."""

    elements: list[list[Block]]  # each element's `[[key]]` block and its sub-tables, in order
    scattered: frozenset[int]  # elements with a sub-table written away from the element
    inline: Statement | None  # a pair writing the array (or a parent) as a value
    end: int | None  # after the last element's last table (None: no element)


def array_layout(found: list[Statement], tables: list[Block], key_path: Path_) -> ArrayLayout:
    """Index the blocks of the array of tables at `key_path`: element `i` is the `i`-th
    `[[key]]` header (tomllib's order), with the `[key.sub]` and `[[key.sub]]` tables that
    follow it; a sub-table after some other table still belongs to it, but is scattered."""
    depth = len(key_path)
    elements: list[list[Block]] = []
    scattered: set[int] = set()
    previous_ours = False
    for block in tables:
        path, kind = block.header.path, block.header.kind
        if kind == "array" and path == key_path:
            elements.append([block])
            previous_ours = True
        elif len(path) > depth and path[:depth] == key_path and elements:
            if not previous_ours:
                scattered.add(len(elements) - 1)
            elements[-1].append(block)
        else:
            previous_ours = False
    inline = next(
        (s for s in found if s.kind == "pair" and s.path == key_path[: len(s.path)]), None
    )
    end = elements[-1][-1].end if elements else None
    return ArrayLayout(elements, frozenset(scattered), inline, end)


@dataclass(frozen=True)
class Item:
    """One element of an array written as a value: its text and the comma after it."""

    start: int
    end: int
    comma: int | None


@dataclass(frozen=True)
class InlineArray:
    """An array written as a value (`key = [ {...}, ... ]`): its brackets and elements."""

    open: int  # the `[`
    close: int  # the `]`
    items: list[Item]
    tables: bool  # every element is an inline table


def inline_array(text: str, pair: Statement) -> InlineArray | None:
    """Find the elements of the array the `key = [...]` pair `pair` writes; None when its
    value is no array."""
    _, pos = key_path(text, _skip_blanks(text, pair.start))
    depth, open_, start = 0, -1, -1
    items: list[Item] = []
    tables = True
    for token in _VALUE.finditer(text, pos + 1, pair.end):
        lexeme, at = token.group(), token.start()
        if depth == 0:
            if lexeme == "[":
                depth, open_ = 1, at
            elif lexeme.strip() and lexeme[0] != "#":
                return None  # not an array
            continue
        if depth == 1 and lexeme == "]":
            return InlineArray(open_, at, items, tables)
        if lexeme in "[{" and lexeme != "\n":
            if depth == 1:
                start = at
                tables = tables and lexeme == "{"
            depth += 1
        elif lexeme in "]}" and lexeme != "\n":
            depth -= 1
            if depth == 1:
                items.append(Item(start, token.end(), None))
        elif depth == 1 and lexeme[0] not in "#\n":
            rest = lexeme
            comma = rest.find(",")
            if comma != -1 and items and items[-1].comma is None and not rest[:comma].strip():
                items[-1] = Item(items[-1].start, items[-1].end, at + comma)
                rest = rest[comma + 1 :]
            if rest.strip():  # a string, number or bool element: no inline table
                tables = False
                items.append(Item(at, at + len(lexeme.rstrip()), None))
    return None  # pragma: no cover - tomllib accepted the text
