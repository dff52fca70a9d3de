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

from aidokit.reconcile.documents import jsonmembers
from aidokit.reconcile.documents.format import BOM, Format, first_newline, where
from aidokit.reconcile.documents.jsonscan import (
    JsonProblem,
    Member,
    blank,
    decode_value,
    first_colon,
    members,
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
        layout = self._layout(view, pos)
        style = self._style(view, layout.members)
        if depth < len(key_path):
            value = nest(key_path[depth + 1 :], name, entry)
            return _insert(layout, style, key_path[depth], value)
        found = _lookup(layout.members, name)
        if found is None:
            return _insert(layout, style, name, plain(entry))
        if same(self._decode(view, found.value_start, found.value_end), entry):
            return []
        indent = _member_indent(layout, style, found)
        text = render(plain(entry), style, indent, inline=not _multiline(layout))
        return [(found.value_start, found.value_end, text)]

    def _delete_splices(self, key_path: tuple[str, ...], name: str) -> list[Splice]:
        """Plan the splices that remove one entry."""
        view = self._view()
        pos, depth = self._find(view, key_path)
        if depth < len(key_path):
            return []
        layout = self._layout(view, pos)
        index = next((i for i, m in enumerate(layout.members) if m.key == name), None)
        if index is None:
            return []
        return jsonmembers.delete(layout, index, first_newline(view.text))

    def _layout(self, view: _View, open_pos: int) -> jsonmembers.Layout:
        """Look at the object whose `{` is at `open_pos`."""
        mems, close = members(view.scan, open_pos, view.text)
        return jsonmembers.Layout(view.text, view.scan, open_pos, close, mems, self._blank)

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
        for start, end, text in sorted(splices, key=lambda splice: splice[:2]):
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


def _multiline(layout: jsonmembers.Layout) -> bool:
    """Tell whether an object puts members on lines of their own.

    An empty object does when it holds a line break, or when it is `{}` in a file whose
    top-level object does; `{ }` or `{ /* c */ }` stays on one line.
    """
    if layout.members:
        return layout.own_line(layout.members[0])
    inside = layout.text[layout.open_pos + 1 : layout.close]
    if inside:
        return layout.first_break() is not None
    root = skip_ws(layout.scan, len(BOM) if layout.text.startswith(BOM.decode("latin-1")) else 0)
    first = skip_ws(layout.scan, root + 1)
    return layout.scan[first] == "}" or layout.text.rfind("\n", 0, first) > root


def _member_indent(layout: jsonmembers.Layout, style: Style, near: Member | None) -> str:
    """Return the indentation for a member of the object, taken from `near` if it can."""
    if near is not None and layout.own_line(near):
        return layout.indent(near.key_start)
    return layout.indent(layout.open_pos) + style.unit


def _insert(layout: jsonmembers.Layout, style: Style, name: str, value: Any) -> list[Splice]:
    """Splices that add member `name` at the end of the object."""
    comma = "," if style.trailing_commas else ""
    if not _multiline(layout):
        text = member(name, value, style, "", inline=True)
        space = " " if style.colon.endswith(" ") else ""
        return jsonmembers.insert_inline(layout, text, space, comma)
    last = layout.members[-1] if layout.members else None
    indent = _member_indent(layout, style, last)
    text = member(name, value, style, indent, inline=False)
    return jsonmembers.insert(layout, text, indent, style.newline, comma)
