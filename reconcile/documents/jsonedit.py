"""Span-based editing of JSON and JSONC documents: only the changed entries' bytes move.

The editor keeps the file as bytes and applies each edit as a splice. Before each edit it
looks at a fresh latin-1 view (see `jsonscan`), finds the byte spans it needs, and drops
the view again, so a 20 MB file costs about one extra copy of itself while being edited.
"""

from __future__ import annotations

import codecs
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aidokit.reconcile.documents.format import BOM, Format, where
from aidokit.reconcile.documents.jsonscan import (
    JsonProblem,
    Member,
    blank,
    decode_value,
    first_colon,
    members,
    skip_hspace,
    skip_ws,
    validate,
)
from aidokit.reconcile.documents.jsonstyle import Style, detect, member, nest, plain, render, same
from aidokit.reconcile.errors import DocumentError

NEW_FILE = b"{}\n"  # a missing file starts as this: 2-space indent, LF, final newline
Splice = tuple[int, int, str]
_KINDS = {"[": "an array", '"': "a string", "t": "a boolean", "f": "a boolean", "n": "null"}


@dataclass(frozen=True)
class _View:
    """One look at the current bytes: raw text, blanked text and the root `{`."""

    text: str
    scan: str
    root: int
    trailing_commas: bool


def describe(key_path: tuple[str, ...]) -> str:
    """Name a key path for messages, quoting keys that hold dots or slashes."""
    return ".".join(json.dumps(key, ensure_ascii=False) for key in key_path) or "the top level"


class JsonEditor:
    """Edit entries of one JSON or JSONC file in place."""

    def __init__(self, path: Path, fmt: Format, raw: bytes) -> None:
        self.path = path
        self.fmt = fmt
        self.raw = raw
        self._blank = False  # whether the file has comments or trailing commas to blank
        self._trailing = False  # whether it uses trailing commas (new entries follow)
        self._check()

    # -- looking -----------------------------------------------------------------------

    def _check(self) -> None:
        """Fail closed: refuse bytes that are not UTF-8 or do not parse, naming where."""
        _check_utf8(self.path, self.raw)
        text = self.raw.decode("latin-1")
        start = len(BOM) if self.raw.startswith(BOM) else 0
        try:
            validate(text, start)
            return
        except JsonProblem as strict:
            if self.fmt is not Format.JSONC:
                raise self._error(strict) from None
            blanked = blank(text)
            if not (blanked.comments or blanked.trailing_commas):
                raise self._error(strict) from None
        try:
            validate(blanked.scan, start)
        except JsonProblem as problem:
            raise self._error(problem) from None
        self._blank, self._trailing = True, blanked.trailing_commas

    def _view(self) -> _View:
        """Look at the current bytes (valid: checked on read, kept valid by every edit)."""
        text = self.raw.decode("latin-1")
        scan = blank(text).scan if self._blank else text
        root = skip_ws(scan, len(BOM) if self.raw.startswith(BOM) else 0)
        return _View(text, scan, root, self._trailing)

    def _error(self, problem: JsonProblem) -> DocumentError:
        """Turn a scan problem into the user-facing error."""
        return DocumentError(
            f"{where(self.path, self.raw, problem.offset)}: {self.path.name} {problem.reason};"
            " fix it by hand, aido will not edit this file"
        )

    def _find(self, view: _View, key_path: tuple[str, ...]) -> tuple[int, int]:
        """Return the `{` of the deepest object on `key_path` and how many keys matched."""
        pos = view.root
        for depth, key in enumerate(key_path):
            found = _lookup(members(view.scan, pos, view.text)[0], key)
            if found is None:
                return pos, depth
            if view.scan[found.value_start] != "{":
                raise self._wrong_type(view, key_path[: depth + 1], found.value_start)
            pos = found.value_start
        return pos, len(key_path)

    def _wrong_type(self, view: _View, key_path: tuple[str, ...], offset: int) -> DocumentError:
        """Say that a value on the path to the server map is not an object."""
        kind = _KINDS.get(view.scan[offset], "a number")
        return DocumentError(
            f"{where(self.path, self.raw, offset)}: {describe(key_path)} must be an object,"
            f" not {kind}; fix it by hand, aido will not edit this file"
        )

    def _decode(self, view: _View, start: int, end: int) -> Any:
        """Decode one span, refusing duplicate keys that only real decoding reveals."""
        try:
            return decode_value(view.scan, start, end)
        except JsonProblem as problem:
            raise self._error(problem) from None

    @property
    def value(self) -> dict[str, Any]:
        """Decode the whole document."""
        view = self._view()
        result: dict[str, Any] = self._decode(view, view.root, len(view.scan))
        return result

    def get_map(self, key_path: tuple[str, ...]) -> dict[str, Any] | None:
        """Decode the object at `key_path`; None when absent."""
        view = self._view()
        pos, depth = self._find(view, key_path)
        if depth < len(key_path):
            return None
        end = members(view.scan, pos, view.text)[1] + 1
        result: dict[str, Any] = self._decode(view, pos, end)
        return result

    # -- editing -----------------------------------------------------------------------

    def set_entry(self, key_path: tuple[str, ...], name: str, entry: Any) -> None:
        """Create or replace one entry; leave the bytes alone when it already matches."""
        self._apply(self._set_splices(key_path, name, entry))

    def delete_entry(self, key_path: tuple[str, ...], name: str) -> None:
        """Remove one entry if present; an emptied map stays as `{}`."""
        self._apply(self._delete_splices(key_path, name))

    # The view is a full copy of the file: it lives only inside the *_splices methods, so
    # it is gone before `_apply` builds the new bytes.

    def _set_splices(self, key_path: tuple[str, ...], name: str, entry: Any) -> list[Splice]:
        """Plan the splices that create or replace one entry."""
        view = self._view()
        pos, depth = self._find(view, key_path)
        mems, close = members(view.scan, pos, view.text)
        style = self._style(view, mems)
        if depth < len(key_path):
            value = nest(key_path[depth + 1 :], name, entry)
            return _insert(view, style, pos, close, mems, key_path[depth], value)
        found = _lookup(mems, name)
        if found is None:
            return _insert(view, style, pos, close, mems, name, plain(entry))
        if same(self._decode(view, found.value_start, found.value_end), entry):
            return []
        indent = _member_indent(view, style, pos, found)
        text = render(plain(entry), style, indent, inline=not _multiline(view, mems))
        return [(found.value_start, found.value_end, text)]

    def _delete_splices(self, key_path: tuple[str, ...], name: str) -> list[Splice]:
        """Plan the splices that remove one entry."""
        view = self._view()
        pos, depth = self._find(view, key_path)
        if depth < len(key_path):
            return []
        mems, close = members(view.scan, pos, view.text)
        index = next((i for i, m in enumerate(mems) if m.key == name), None)
        return [] if index is None else _delete(view, pos, close, mems, index)

    def _style(self, view: _View, mems: list[Member]) -> Style:
        """Detect the file's style, taking the key separator from a nearby member."""
        colon = mems[0].colon if mems else first_colon(view.scan, view.root)
        return detect(view.scan, colon=colon, trailing_commas=view.trailing_commas)

    def _apply(self, splices: list[Splice]) -> None:
        """Apply non-overlapping splices to the bytes, without copying the untouched parts."""
        if not splices:
            return
        data = memoryview(self.raw)
        pieces: list[bytes | memoryview] = []
        last = 0
        for start, end, text in sorted(splices):
            pieces += [data[last:start], text.encode("utf-8")]
            last = end
        pieces.append(data[last:])
        self.raw = b"".join(pieces)


def _check_utf8(path: Path, raw: bytes) -> None:
    """Refuse bytes that are not UTF-8, naming where, without decoding the file at once."""
    if raw.isascii():
        return
    decoder = codecs.getincrementaldecoder("utf-8")()
    data, chunk = memoryview(raw), 1 << 20
    for start in range(0, len(raw), chunk):
        pending = len(decoder.getstate()[0])
        try:
            decoder.decode(data[start : start + chunk], final=start + chunk >= len(raw))
        except UnicodeDecodeError as exc:
            offset = start - pending + exc.start
            raise DocumentError(
                f"{where(path, raw, offset)}: {path.name} is not UTF-8 text;"
                " fix it by hand, aido will not edit this file"
            ) from None


def _lookup(mems: list[Member], key: str) -> Member | None:
    """Return the member named `key`, if any."""
    return next((m for m in mems if m.key == key), None)


def _line_indent(text: str, pos: int) -> str:
    """Return the leading whitespace of the line holding `pos`."""
    start = text.rfind("\n", 0, pos) + 1
    return text[start : skip_hspace(text, start)]


def _own_line(text: str, pos: int) -> bool:
    """Tell whether only spaces or tabs precede `pos` on its line."""
    start = text.rfind("\n", 0, pos) + 1
    return skip_hspace(text, start) == pos and start > 0


def _multiline(view: _View, mems: list[Member]) -> bool:
    """Tell whether an object puts members on their own lines (empty: as the root does)."""
    first = mems[0].key_start if mems else skip_ws(view.scan, view.root + 1)
    return view.scan[first] == "}" or _own_line(view.text, first)


def _member_indent(view: _View, style: Style, open_pos: int, near: Member | None) -> str:
    """Return the indentation for a member of the object at `open_pos`."""
    if near is not None and _own_line(view.text, near.key_start):
        return _line_indent(view.text, near.key_start)
    return _line_indent(view.text, open_pos) + style.unit


def _tail(text: str, pos: int) -> int:
    """Extend `pos` over a `//` comment that ends its line (it belongs to the entry)."""
    end = skip_hspace(text, pos)
    if text.startswith("//", end):
        stop = text.find("\n", end)
        stop = len(text) if stop == -1 else stop
        return stop - 1 if text[stop - 1] == "\r" else stop
    return pos


def _lead(text: str, key_start: int) -> int:
    """Start a member's removal at its line break when it sits on its own line."""
    if not _own_line(text, key_start):
        return key_start
    start = text.rfind("\n", 0, key_start)
    return start - 1 if start > 0 and text[start - 1] == "\r" else start


def _insert(
    view: _View,
    style: Style,
    open_pos: int,
    close: int,
    mems: list[Member],
    name: str,
    value: Any,
) -> list[Splice]:
    """Splices that add member `name` at the end of the object at `open_pos`."""
    multi = _multiline(view, mems)
    last = mems[-1] if mems else None
    indent = _member_indent(view, style, open_pos, last) if multi else ""
    text = member(name, value, style, indent, inline=not multi)
    comma = "," if style.trailing_commas else ""
    if last is None:
        inside = view.text[open_pos + 1 : close]
        if not multi:
            return [(open_pos + 1, close, text)] if not inside.strip() else [(close, close, text)]
        outer = _line_indent(view.text, open_pos)
        if not inside.strip():
            return [(open_pos + 1, close, style.newline + indent + text + style.newline + outer)]
        end = len(inside.rstrip(" \t\r\n")) + open_pos + 1
        return [(end, end, style.newline + indent + text + comma)]
    if not multi:
        space = " " if style.colon.endswith(" ") else ""
        if last.comma is not None:
            return [(last.comma + 1, last.comma + 1, space + text + ",")]
        return [(last.value_end, last.value_end, "," + space + text)]
    if last.comma is not None:
        at = _tail(view.text, last.comma + 1)
        return [(at, at, style.newline + indent + text + ",")]
    at = _tail(view.text, last.value_end)
    if at == last.value_end:
        return [(at, at, "," + style.newline + indent + text)]
    return [(last.value_end, last.value_end, ","), (at, at, style.newline + indent + text)]


def _delete(view: _View, open_pos: int, close: int, mems: list[Member], index: int) -> list[Splice]:
    """Splices that remove member `index` of the object at `open_pos`, with its separator."""
    text = view.text
    gone = mems[index]
    if gone.comma is not None:
        start = _lead(text, gone.key_start)
        end = _tail(text, gone.comma + 1)
        if start == gone.key_start:  # not on its own line: take the spaces on one side
            end = skip_hspace(text, gone.comma + 1)
            before = mems[index - 1].comma if index else None
            last = index == len(mems) - 1
            if last and before is not None and not text[before + 1 : start].strip():
                start, end = before + 1, gone.comma + 1
        splices = [(start, end, "")]
    elif index > 0:
        comma = mems[index - 1].comma
        assert comma is not None
        end = _tail(text, gone.value_end)
        if not text[comma + 1 : gone.key_start].strip():
            splices = [(comma, end, "")]
        else:
            splices = [(comma, comma + 1, ""), (_lead(text, gone.key_start), end, "")]
    else:
        splices = [(_lead(text, gone.key_start), _tail(text, gone.value_end), "")]
    if len(mems) == 1 and not _remaining(text, open_pos + 1, close, splices).strip():
        return [(open_pos + 1, close, "")]
    return splices


def _remaining(text: str, start: int, end: int, splices: list[Splice]) -> str:
    """Return what is left of `text[start:end]` once `splices` are removed."""
    pieces, last = [], start
    for cut_start, cut_end, _ in sorted(splices):
        pieces.append(text[last:cut_start])
        last = cut_end
    pieces.append(text[last:end])
    return "".join(pieces)
