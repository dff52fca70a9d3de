"""Where a JSON/JSONC object member begins and ends: the ownership rules of `docs/documents.md`.

A member whose key starts its line and whose value (comma, trailing comment) ends it owns
whole lines: the comment-only lines directly above its key, its own lines, and a comment
after its value on its last line. Such a member is inserted as whole lines and deleted as
whole lines, so a `//` comment can never swallow a neighbour's text. Members that share
a line with others (one-line maps) own `"key": value` and one separator. New members go
after the last member's lines and before any comment that ends the map, and deleting a
member takes back exactly what inserting it added.
"""

from __future__ import annotations

import bisect
import re

from aidokit.reconcile.documents.jsonscan import Member, skip_hspace

Splice = tuple[int, int, str]
# Strings (skipped as they are) and comments, found from an object's `{` onwards.
_LEXEME = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*+|/\*(?:[^*]|\*(?!/))*\*/')


class Layout:
    """One object of a view: its `{`, `}`, members and the comments between them (a slotted
    class, so that the comments are found once, when first asked)."""

    __slots__ = ("_found", "close", "commented", "members", "open_pos", "scan", "text")

    def __init__(
        self,
        text: str,
        scan: str,
        open_pos: int,
        close: int,
        members: list[Member],
        commented: bool,
    ) -> None:
        self.text = text  # the view with comments
        self.scan = scan  # the view with comments blanked (same offsets)
        self.open_pos = open_pos
        self.close = close
        self.members = members
        self.commented = commented  # whether the file has comments at all
        self._found: tuple[list[int], list[int]] | None = None

    @property
    def _comments(self) -> tuple[list[int], list[int]]:
        """Starts and ends of the comments inside the object (empty for strict JSON)."""
        if self._found is None:
            starts: list[int] = []
            ends: list[int] = []
            if self.commented:
                for found in _LEXEME.finditer(self.text, self.open_pos + 1, self.close):
                    if found.group()[0] == "/":
                        starts.append(found.start())
                        ends.append(found.end())
            self._found = starts, ends
        return self._found

    def in_comment(self, pos: int) -> bool:
        """Tell whether `pos` lies strictly inside a comment (not at its first character)."""
        starts, ends = self._comments
        index = bisect.bisect_left(starts, pos) - 1
        return index >= 0 and pos < ends[index]

    def holds_comment(self, start: int, end: int) -> bool:
        """Tell whether a comment starts, ends or lies within `text[start:end]`."""
        starts, ends = self._comments
        return bisect.bisect_left(starts, end) > bisect.bisect_right(ends, start)

    def line_start(self, pos: int) -> int:
        """Return the offset where the line holding `pos` starts."""
        return self.text.rfind("\n", 0, pos) + 1

    def own_line(self, member: Member) -> bool:
        """Tell whether only blanks (or whole comments) precede the key on its line."""
        start = self.line_start(member.key_start)
        return (
            start > self.open_pos
            and not self.scan[start : member.key_start].strip()
            and not self.in_comment(start)
        )

    def line_end(self, pos: int) -> int | None:
        """Return the offset after the line break that ends `pos`'s line, if only blanks
        and whole comments follow `pos` on it; else None."""
        at = skip_hspace(self.scan, pos)
        size = 2 if self.scan.startswith("\r\n", at) else 1 if self.scan.startswith("\n", at) else 0
        if not size or self.in_comment(at):
            return None
        return at + size

    def tail(self, member: Member) -> int:
        """Return the offset after a member's value and its comma."""
        return member.value_end if member.comma is None else member.comma + 1

    def whole_lines(self, member: Member, *, comments: bool = True) -> tuple[int, int] | None:
        """The line span a member owns when it has lines of its own (with the comment
        lines right above it unless not `comments`), else None."""
        end = self.line_end(self.tail(member))
        if end is None or not self.own_line(member):
            return None
        start = self.line_start(member.key_start)
        return (self._lead(start) if comments else start), end

    def _lead(self, start: int) -> int:
        """Extend a member's first line upwards over the comment-only lines right above it."""
        while start > self.open_pos + 1:
            above = self.line_start(start - 1)
            line = self.text[above:start]
            if (
                above <= self.open_pos
                or not line.strip()
                or self.scan[above:start].strip()
                or self.in_comment(above)
            ):
                return start
            start = above
        return start

    def indent(self, pos: int) -> str:
        """Return the leading blanks of the line holding `pos`."""
        start = self.line_start(pos)
        return self.text[start : skip_hspace(self.text, start)]

    def first_break(self) -> int | None:
        """In an empty object, the offset after its first line break outside a comment."""
        pos = self.text.find("\n", self.open_pos + 1, self.close)
        while pos != -1:
            if not self.in_comment(pos):
                return pos + 1
            pos = self.text.find("\n", pos + 1, self.close)
        return None


def insert(layout: Layout, text: str, indent: str, newline: str, comma: str) -> list[Splice]:
    """Splices that add a rendered `"name": value` member at the end of a multi-line object.

    `text` is the member, `indent` its line's indentation, `comma` "," when the file ends
    members with trailing commas.
    """
    mems = layout.members
    if not mems:
        at = layout.first_break()
        if at is None:  # `{}`: open it up, ending at the `{` line's indentation
            outer = layout.indent(layout.open_pos)
            inner = newline + indent + text + newline + outer
            return [(layout.open_pos + 1, layout.close, inner)]
        return [(at, at, indent + text + comma + newline)]
    last = mems[-1]
    brk = layout.line_end(layout.tail(last))
    if brk is not None:  # the new member gets a line of its own, right below the last one
        at = brk - (2 if layout.text.startswith("\r\n", brk - 2) else 1)
        separator = [] if last.comma is not None else [(last.value_end, last.value_end, ",")]
        return [*separator, (at, at, newline + indent + text + comma)]
    if last.comma is not None:
        return [(last.comma + 1, last.comma + 1, newline + indent + text + comma)]
    return [(last.value_end, last.value_end, "," + newline + indent + text)]


def insert_inline(layout: Layout, text: str, space: str, comma: str) -> list[Splice]:
    """Splices that add a member to an object kept on one line."""
    mems = layout.members
    if not mems:
        return [(layout.close, layout.close, text)]
    last = mems[-1]
    if last.comma is not None:
        return [(last.comma + 1, last.comma + 1, space + text + comma)]
    return [(last.value_end, last.value_end, "," + space + text)]


def delete(
    layout: Layout,
    index: int,
    newline: str,
    *,
    keep_open: bool = False,
    keep_comments: bool = False,
) -> list[Splice]:
    """Splices that remove member `index`: exactly what `insert` would have added for it.

    The last member leaving an object that `insert` opened up from `{}` closes it again;
    `keep_open` says the object was written open (`{`, line break, `}`) before that;
    `keep_comments` leaves the comment lines above the member where they are.
    """
    mems = layout.members
    gone = mems[index]
    prev = mems[index - 1] if index else None
    lines = layout.whole_lines(gone, comments=not keep_comments)
    if lines is not None:
        splices = [(lines[0], lines[1], "")]
        if gone.comma is None and prev is not None and prev.comma is not None:
            splices.append((prev.comma, prev.comma + 1, ""))
    else:
        splices = _delete_inline(layout, gone, prev, last=index == len(mems) - 1)
    if len(mems) == 1 and not keep_open:
        left = _remaining(layout.text, layout.open_pos + 1, layout.close, splices)
        if left in ("", newline + layout.indent(layout.open_pos)):
            return [(layout.open_pos + 1, layout.close, "")]  # what `{}` was opened up to
    return splices


def _delete_inline(
    layout: Layout, gone: Member, prev: Member | None, *, last: bool
) -> list[Splice]:
    """Remove a member that shares its line(s) with others, and one separator."""
    text = layout.text
    between = "" if prev is None or prev.comma is None else text[prev.comma + 1 : gone.key_start]
    if gone.comma is not None:
        if last and prev is not None and prev.comma is not None and not between.strip():
            return [(prev.comma + 1, gone.comma + 1, "")]
        return [(gone.key_start, skip_hspace(text, gone.comma + 1), "")]
    if prev is None or prev.comma is None:
        return [(gone.key_start, skip_hspace(text, gone.value_end), "")]
    if not between.strip():
        return [(prev.comma, gone.value_end, "")]
    return [(prev.comma, prev.comma + 1, ""), (gone.key_start, gone.value_end, "")]


def _remaining(text: str, start: int, end: int, splices: list[Splice]) -> str:
    """Return what is left of `text[start:end]` once `splices` are removed."""
    pieces, last = [], start
    for cut_start, cut_end, _ in sorted(splices):
        pieces.append(text[last:cut_start])
        last = cut_end
    pieces.append(text[last:end])
    return "".join(pieces)
