"""Items of a JSON/JSONC array, edited one at a time (docs/documents.md, "Array items").

A map path ending in ITEMS addresses an array as the map of its items, each named by
`item_key` (a string item by itself): Claude Code's `permissions.deny` strings, its
`deniedMcpServers` objects. aido owns the items it added, never the array: a new item
goes at the end in the array's own layout (one a line, or inline), and removing it
takes back exactly what adding it put there, so the user's items, their order,
comments and line breaks stay byte for byte.

Everything works on a view (latin-1 text of the file's bytes, comments blanked in
`scan`), as in `jsonscan`; offsets are byte offsets.
"""

from __future__ import annotations

import json
from typing import NamedTuple

from aidokit.reconcile.documents.jsonscan import skip_ws, value_end

Splice = tuple[int, int, str]


class Element(NamedTuple):
    """One item of an array, as offsets into the view."""

    start: int
    end: int
    comma: int | None  # the comma right after it, if there is one


class Items(NamedTuple):
    """An array of a view: its `[`, `]` and items."""

    text: str
    scan: str
    open_pos: int
    close: int
    elements: tuple[Element, ...]

    def value(self, element: Element) -> object:
        """The item's value, decoded from the real text."""
        raw = self.text[element.start : element.end].encode("latin-1").decode("utf-8")
        return json.loads(raw)

    def line_start(self, pos: int) -> int:
        """The offset where the line holding `pos` starts."""
        return self.text.rfind("\n", 0, pos) + 1

    def own_line(self, element: Element) -> bool:
        """Whether only blanks precede the item on its line (after the `[` line)."""
        start = self.line_start(element.start)
        return start > self.open_pos and not self.scan[start : element.start].strip()


def scan_items(text: str, scan: str, open_pos: int) -> Items:
    """The items of the array whose `[` is at `open_pos` (the view is valid JSON(C))."""
    elements: list[Element] = []
    pos = skip_ws(scan, open_pos + 1)
    while scan[pos] != "]":
        end = value_end(scan, pos)
        after = skip_ws(scan, end)
        comma = after if scan[after] == "," else _blanked_comma(scan, text, end, after)
        elements.append(Element(pos, end, comma))
        pos = skip_ws(scan, after + 1) if scan[after] == "," else after
    return Items(text, scan, open_pos, pos, tuple(elements))


def _blanked_comma(scan: str, text: str, start: int, end: int) -> int | None:
    """A trailing comma `blank` turned into a tab between an item and the `]`."""
    pos = text.find(",", start, end)
    while pos != -1 and scan[pos] != "\t":
        pos = text.find(",", pos + 1, end)
    return None if pos == -1 else pos


def add(items: Items, rendered: str, newline: str) -> list[Splice]:
    """Splices that append `rendered` (one item's JSON text) in the array's layout.

    One item a line: a line of its own under the last item, at its indentation;
    items on one line (or none): after the last, `, ` between. A last item with a
    trailing comma (JSONC) gives the new one a comma too.
    """
    if not items.elements:
        return [(items.open_pos + 1, items.open_pos + 1, rendered)]
    last = items.elements[-1]
    if items.own_line(last):
        indent = items.text[items.line_start(last.start) : last.start]
        tail = last.end if last.comma is None else last.comma + 1
        brk = _line_break(items, tail)
        comma = "," if last.comma is not None else ""
        if brk is not None:
            separator = [] if last.comma is not None else [(last.end, last.end, ",")]
            return [*separator, (brk, brk, newline + indent + rendered + comma)]
        if last.comma is not None:
            return [(tail, tail, newline + indent + rendered + comma)]
        return [(last.end, last.end, "," + newline + indent + rendered)]
    if last.comma is not None:
        return [(last.comma + 1, last.comma + 1, " " + rendered + ",")]
    return [(last.end, last.end, ", " + rendered)]


def remove(items: Items, index: int) -> list[Splice]:
    """Splices that take item `index` out: exactly what `add` put there for it, when it
    was added last; otherwise the item, its comma and the blanks up to the next item."""
    elements = items.elements
    gone = elements[index]
    if index == 0 and len(elements) == 1:
        end = gone.end if gone.comma is None else gone.comma + 1
        return [(items.open_pos + 1, end, "")]
    if index < len(elements) - 1:
        after = elements[index + 1]
        if items.own_line(gone) and items.own_line(after):
            start = items.line_start(gone.start)
            return [(start, items.line_start(after.start), "")]
        return [(gone.start, after.start, "")]
    prev = elements[index - 1]
    end = gone.end if gone.comma is None else gone.comma + 1
    if items.own_line(gone):
        start = items.line_start(gone.start)
        if start >= 1 and items.text[start - 1] == "\n":
            start -= 2 if start >= 2 and items.text[start - 2] == "\r" else 1
        start = max(start, (prev.comma if prev.comma is not None else prev.end) + 1)
        splices = [(start, end, "")]
        if gone.comma is None and prev.comma is not None:
            splices.append((prev.comma, prev.comma + 1, ""))
        return splices
    if prev.comma is None:  # pragma: no cover - a valid array separates its items
        return [(prev.end, end, "")]
    if gone.comma is not None:
        return [(prev.comma + 1, end, "")]
    between = items.scan[prev.comma : gone.start]
    if between != items.text[prev.comma : gone.start]:  # a comment between: keep it
        return [(prev.comma, prev.comma + 1, ""), (gone.start, end, "")]
    return [(prev.comma, end, "")]


def _line_break(items: Items, pos: int) -> int | None:
    """Where the line break after `pos` starts, when only blanks or a comment follow on
    its line; None when more of the array follows on it (or it is the `]` line)."""
    at = pos
    while at < items.close and items.scan[at] in " \t":
        at += 1
    passed = items.text[pos:at]
    if passed != items.scan[pos:at] and "/*" in passed and "*/" not in passed:
        return None  # the break is inside a block comment: not a place for an item
    if items.scan.startswith("\r\n", at) or items.scan.startswith("\n", at):
        return at
    return None
