"""Validate a large strict-JSON file through windows of its bytes, never a copy of it all.

`jsonscan.checked_members` needs the whole file as one latin-1 view: for a 20 MB
`~/.claude.json` that is a second 20 MB next to the bytes. This walk decodes a few MiB
at a time and runs the same strict C decoder over each value inside the window; an
object too big for a window is walked member by member the same way. It answers for
strict JSON only: anything else (a comment, a trailing comma, an error) gives None, and
the caller takes the full view, which accepts JSONC and words the problem.
"""

from __future__ import annotations

import re

from aidokit.reconcile.documents.jsonscan import (
    Member,
    checked_value_end,
    decode_string,
    scanstring,
)

WINDOW = 1 << 22  # 4 MiB of the file decoded at a time
_WS = re.compile(rb"[ \t\n\r]*")
_TRAILING = re.compile(rb"[ \t\n\r]*\Z")


class _Invalid(Exception):
    """Not strict JSON as far as this walk can tell."""


class _View:
    """A latin-1 window onto the file's bytes: `text` is `raw[base:base + len(text)]`."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.base = 0
        self.text = ""

    def covers(self, pos: int, size: int) -> bool:
        """Whether the window holds `raw[pos:pos + size]` (or up to the end of the file)."""
        stop = min(pos + size, len(self.raw))
        return self.base <= pos and stop <= self.base + len(self.text)

    def ensure(self, pos: int, size: int = 0) -> None:
        """Have the window hold `raw[pos:pos + size]` (a whole WINDOW by default), moving
        it to start at `pos` if it does not."""
        size = size or WINDOW
        if not self.covers(pos, size):
            self.text = ""  # drop the old window before decoding the new one
            self.base = pos
            self.text = str(memoryview(self.raw)[pos : pos + max(size, WINDOW)], "latin-1")

    @property
    def whole(self) -> bool:
        """Whether the window reaches the end of the file."""
        return self.base + len(self.text) >= len(self.raw)


def walk(raw: bytes, root: int) -> tuple[list[Member], int] | None:
    """Validate the object at `root` and what follows it; return its members and `}`."""
    if raw[root : root + 1] != b"{":
        return None
    try:
        found, close = _members(_View(raw), root, keep=True)
    except (_Invalid, ValueError, IndexError, RecursionError):
        return None
    return (found, close) if _TRAILING.match(raw, close + 1) else None


def skip(raw: bytes, pos: int) -> int:
    """The first offset at or after `pos` that is not JSON whitespace."""
    match = _WS.match(raw, pos)
    return match.end() if match else pos


def _members(view: _View, open_pos: int, *, keep: bool) -> tuple[list[Member], int]:
    """Walk the object at `open_pos`: check every member, return them (if `keep`) and `}`."""
    raw = view.raw
    result: list[Member] = []
    keys: set[str] = set()
    pos = skip(raw, open_pos + 1)
    if raw[pos] == ord("}"):
        return result, pos
    while True:
        if raw[pos] != ord('"'):
            raise _Invalid
        key, key_end = _key(view, pos)
        if key in keys:
            raise _Invalid
        keys.add(key)
        colon = skip(raw, key_end)
        if raw[colon] != ord(":"):
            raise _Invalid
        start = skip(raw, colon + 1)
        end = _value(view, start)
        after = skip(raw, end)
        comma = after if raw[after] == ord(",") else None
        if keep:
            text = raw[key_end:start].decode("latin-1")
            result.append(Member(key, pos, key_end, start, end, comma, text))
        if comma is None:
            if raw[after] != ord("}"):
                raise _Invalid
            return result, after
        pos = skip(raw, after + 1)


def _key(view: _View, pos: int) -> tuple[str, int]:
    """Decode the key string at `pos`; return it and the offset after it."""
    view.ensure(pos, 1 << 16)
    local = pos - view.base
    key, end = scanstring(view.text, local + 1)
    if not key.isascii():
        key = decode_string(view.text, local, end)
    return key, end + view.base


def _value(view: _View, start: int) -> int:
    """Check the value at `start` with the strict decoder; return the offset after it."""
    view.ensure(start, 1)
    while True:
        try:
            return checked_value_end(view.text, start - view.base) + view.base
        except (ValueError, RecursionError):
            if view.whole:
                raise _Invalid from None  # the value has all the rest of the file
        if not view.covers(start, WINDOW):
            view.ensure(start)  # give it a whole window of its own first
        elif view.raw[start] == ord("{"):
            return _members(view, start, keep=False)[1] + 1  # too big: member by member
        else:
            view.ensure(start, 2 * len(view.text))  # a huge array or string
