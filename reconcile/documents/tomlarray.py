"""Edit the elements of a TOML array written as a value: `mcp_servers = [ {...}, ... ]`.

Mistral Vibe reads its servers from an array of tables, which a person may write as one
`key = [ ... ]` pair of inline tables instead of `[[mcp_servers]]` tables. Each function
takes the pair's text (from its key to the line break after its value), edits one element
and returns the new text; every other byte is kept. The ownership rules follow the JSON
members' (jsonmembers.py):

- an element whose line holds only it (its comma and a comment after) owns that line;
  one sharing a line with others owns its text and one separator;
- a new element goes after the last one: on a line of its own, indented like it, when the
  last one has its own line, else on the same line after `, `; it ends with a trailing
  comma only when the array's last element did (the person's style, per array), else the
  last element gets a `,` and the new one none;
- aido's element is written `{ key = value }`, blanks inside its braces, when the array's
  first element is, else `{key = value}`;
- deleting an element takes back exactly what inserting it added: the last element going
  from an array without a trailing comma takes the `,` before it along.
"""

from __future__ import annotations

from aidokit.reconcile.documents.tomlscan import InlineArray, Item, Statement, inline_array

Splice = tuple[int, int, str]


def _scan(text: str) -> InlineArray:
    """The array the pair `text` writes (the text is one pair tomllib accepted)."""
    found = inline_array(text, Statement("pair", (), (), 0, len(text)))
    if found is None:
        raise RuntimeError("aido bug: expected found is not None")
    return found


def _splice(text: str, splices: list[Splice]) -> str:
    """Apply splices given in text order (two at one offset: in the order given)."""
    for start, end, new in reversed(sorted(splices, key=lambda splice: splice[:2])):
        text = text[:start] + new + text[end:]
    return text


def _line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def _hspace(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    return pos


def _tail(item: Item) -> int:
    """The offset after an element and its comma."""
    return item.end if item.comma is None else item.comma + 1


def _own_line(text: str, array: InlineArray, item: Item) -> tuple[int, int] | None:
    """The span of the line(s) an element owns when nothing else shares them, else None."""
    start = _line_start(text, item.start)
    if start <= array.open or text[start : item.start].strip(" \t"):
        return None
    after = _hspace(text, _tail(item))
    if text.startswith("#", after):
        after = text.find("\n", after)
        after = len(text) if after == -1 else after
        after -= text[after - 1 : after] == "\r"
    if text.startswith("\r\n", after):
        return start, after + 2
    if text.startswith("\n", after):
        return start, after + 1
    return None


def _padded(text: str, array: InlineArray, element: str) -> str:
    """`element` with a blank inside its braces when the array's first element has one."""
    first = array.items[0] if array.items else None
    if first is None or not text.startswith("{ ", first.start) or not element.startswith("{"):
        return element
    inside = element[1:-1]
    return "{ " + inside + " }" if inside else element


def replace(text: str, index: int, element: str) -> str:
    """Write `element` (an inline table) in place of element `index`."""
    array = _scan(text)
    item = array.items[index]
    element = _padded(text, array, element)
    return text[: item.start] + element + text[item.end :]


def delete(text: str, index: int) -> str:
    """Remove element `index`: its own line, or its text and one separator."""
    array = _scan(text)
    items = array.items
    gone = items[index]
    prev = items[index - 1] if index else None
    last = index == len(items) - 1
    lines = _own_line(text, array, gone)
    if lines is not None:
        splices = [(lines[0], lines[1], "")]
        if last and gone.comma is None and prev is not None and prev.comma is not None:
            splices.append((prev.comma, prev.comma + 1, ""))
        return _splice(text, splices)
    between = "" if prev is None or prev.comma is None else text[prev.comma + 1 : gone.start]
    if gone.comma is not None:
        if last and prev is not None and prev.comma is not None and not between.strip():
            return _splice(text, [(prev.comma + 1, gone.comma + 1, "")])
        return _splice(text, [(gone.start, _hspace(text, gone.comma + 1), "")])
    if prev is None or prev.comma is None:
        return _splice(text, [(gone.start, _hspace(text, gone.end), "")])
    if not between.strip():
        return _splice(text, [(prev.comma, gone.end, "")])
    return _splice(text, [(prev.comma, prev.comma + 1, ""), (gone.start, gone.end, "")])


def insert(text: str, element: str, newline: str) -> str:
    """Add `element` (an inline table) after the last element, in the array's own style."""
    array = _scan(text)
    element = _padded(text, array, element)
    if not array.items:
        brk = text.find("\n", array.open, array.close)
        if brk == -1:  # `[]` or `[ ]`: on the same line
            return _splice(text, [(array.close, array.close, element)])
        indent = text[: _hspace(text, 0)] + "  "
        return _splice(text, [(brk + 1, brk + 1, indent + element + newline)])
    last = array.items[-1]
    comma = "," if last.comma is not None else ""
    lines = _own_line(text, array, last)
    if lines is not None:
        at = lines[1] - (2 if text.startswith("\r\n", lines[1] - 2) else 1)
        indent = text[lines[0] : last.start]
        separator = [] if last.comma is not None else [(last.end, last.end, ",")]
        return _splice(text, [*separator, (at, at, newline + indent + element + comma)])
    if last.comma is not None:
        return _splice(text, [(last.comma + 1, last.comma + 1, " " + element + ",")])
    return _splice(text, [(last.end, last.end, ", " + element)])
