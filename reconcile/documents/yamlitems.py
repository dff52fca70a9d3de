"""Edit a YAML list as a map: of one-key maps (agents' `mcpServers`) or of its items.

A Claude Code subagent lists its servers in frontmatter `mcpServers` as a list whose
items are a string (the name of a server configured elsewhere) or a one-key map
`{<name>: <server>}` that only this agent connects to (docs/roles.md). A key path that
ends in LIST_ITEMS addresses such a list: entry `playwright` is the map item whose one
key is `playwright`. String items are the user's references; aido never edits them.

Layout rules (each edit is still parsed back by `YamlEditor._commit`):
- Block list: a new item goes after the last item, its `-` at the items' column, in the
  file's indent step; a replaced item keeps its place; a deleted item takes exactly its
  lines (from its `-` line to its value's last line) with it.
- Flow list: a new item is appended as `, {name: {...}}` after the last item (or put
  inside an empty `[]`); a deleted item takes the `, ` before it (or after it, if it is
  first) with it. A comment next to the item refuses the delete: the comma and the
  comment cannot be separated without guessing.
- A missing list is created as a block list. A block list that loses its last item goes
  with its key (an empty block list cannot be written, and aido made it); a flow list
  stays `[]`, and a block list with a comment between its key and the item stays `[]` too.
- A key path that ends in ITEMS addresses a list as the map of its items named by
  `item_key` (a string is its own name: Claude Code agents' `disallowedTools`). aido adds
  an item unless one of that name is there and removes only the item it names (the last
  one of that name), with the same layout rules; every other item, string or not, stays.
- Fail closed: a value that is not a list, an item that is neither a string nor a map,
  a map item with several keys (the harness skips it; aido will not guess which server
  it means), a name defined twice, an item not on its own `-` line.
"""

from __future__ import annotations

import copy
import io
import re
from typing import Any, NamedTuple

from ruamel.yaml import YAML
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from aidokit.adapters.base import ITEMS, LIST_ITEMS, item_key
from aidokit.catalog.errors import excerpt
from aidokit.reconcile.documents.jsonedit import describe
from aidokit.reconcile.documents.jsonstyle import same
from aidokit.reconcile.documents.yamldoc import YamlEditor
from aidokit.reconcile.documents.yamlnodes import (
    CORE,
    lines_end,
    lookup,
    node_kind,
    to_plain,
    value_end,
)

_GAP = re.compile(r"\s*,\s*")  # what separates two flow items: a comma, no comment


class _Items(NamedTuple):
    """A list found at a key path: its key node, its node and its named items."""

    key: Node
    node: SequenceNode
    names: dict[str, int]  # entry name -> index of its item


def is_items(key_path: tuple[str, ...]) -> bool:
    """Whether `key_path` addresses a list of one-key maps."""
    return len(key_path) > 1 and key_path[-1] == LIST_ITEMS


def is_strings(key_path: tuple[str, ...]) -> bool:
    """Whether `key_path` addresses a list as the map of its items (ITEMS)."""
    return len(key_path) > 1 and key_path[-1] == ITEMS


def _get_items(ed: YamlEditor, key_path: tuple[str, ...]) -> dict[str, Any] | None:
    """Return the list's map items as {name: server}; None when the list is absent."""
    found = _find(ed, key_path)
    if found is None:
        return None
    items = _value_at(ed.value, key_path[:-1])
    return {name: items[index][name] for name, index in found.names.items()}


def _set_item(ed: YamlEditor, key_path: tuple[str, ...], name: str, entry: Any) -> None:
    """Create or replace the item `name`; no-op when it already matches."""
    plain, list_path = to_plain(entry), key_path[:-1]
    current = _get_items(ed, key_path)
    if current is not None and name in current and same(current[name], plain):
        return
    found = _find(ed, key_path)
    expected = copy.deepcopy(ed.value)
    parent = expected
    for key in list_path[:-1]:
        parent = parent.setdefault(key, {})
    items = parent.setdefault(list_path[-1], [])
    index = None if found is None else found.names.get(name)
    if index is None:
        items.append({name: plain})
    else:
        items[index] = {name: plain}
    if found is None:
        ed._commit(_create(ed, list_path, {name: plain}), expected)
    elif found.node.flow_style:
        ed._commit(_flow_set(ed, found.node, index, {name: plain}), expected)
    else:
        ed._commit(_block_set(ed, found.node, index, {name: plain}), expected)


def update_item(
    ed: YamlEditor,
    key_path: tuple[str, ...],
    name: str,
    entry: dict[str, Any],
    keep: tuple[str, ...],
) -> None:
    """Write aido's fields `entry` into the item `name` key by key, as a map's entry: the
    keys in `keep` are someone else's and keep their bytes (comments included); any other
    key not in `entry` goes. An item whose server is not a block map of its own lines (a
    flow list or `{...}`) is rewritten whole, with the kept keys' values."""
    found = _find(ed, key_path)
    index = None if found is None else found.names.get(name)
    server = _block_server(found, index)
    current = (_get_items(ed, key_path) or {}).get(name)
    if server is None or not isinstance(current, dict):
        merged = {
            k: v if k in keep else entry[k]
            for k, v in (current or {}).items()
            if k in entry or k in keep
        }
        _set_item(
            ed, key_path, name, {**merged, **{k: v for k, v in entry.items() if k not in merged}}
        )
        return
    for key, value in entry.items():
        if key not in keep and (key not in current or not same(current[key], to_plain(value))):
            _field(ed, key_path, name, key, to_plain(value))
    for key in [k for k in current if k not in entry and k not in keep]:
        _field(ed, key_path, name, key, None)


def _block_server(found: _Items | None, index: int | None) -> MappingNode | None:
    """The server map of item `index` when it is a non-empty block map, else None."""
    if found is None or index is None or found.node.flow_style:
        return None
    server = found.node.value[index].value[0][1]
    if not isinstance(server, MappingNode) or server.flow_style or not server.value:
        return None
    return server


def _field(ed: YamlEditor, key_path: tuple[str, ...], name: str, key: str, value: Any) -> None:
    """Set (or, with None, remove) one key of item `name`'s server map, as whole lines."""
    found = _find(ed, key_path)
    if found is None:
        raise RuntimeError("aido bug: expected found is not None")
    index = found.names[name]
    server = _block_server(found, index)
    if server is None:
        raise RuntimeError("aido bug: expected server is not None")
    expected = copy.deepcopy(ed.value)
    fields = _value_at(expected, key_path[:-1])[index][name]
    pair = lookup(server, key)
    if value is None:
        del fields[key]
        if len(server.value) == 1:  # the server's last key: the item is written whole
            ed._commit(_block_set(ed, found.node, index, {name: fields}), expected)
            return
        if pair is None:
            raise RuntimeError("aido bug: expected pair is not None")
        start, end = ed._span(pair, server)
        ed._commit(_without_lines(ed, start, end), expected)
        return
    fields[key] = value
    if pair is not None:
        start, end = ed._span(pair, server)
        block = ed._render({key: value}, pair[0].start_mark.column)
        ed._commit(ed._splice(start, end, block), expected)
        return
    last = server.value[-1]
    _, end = ed._span(last, server)
    ed._commit(ed._splice_lines(end, ed._render({key: value}, last[0].start_mark.column)), expected)


def _delete_item(ed: YamlEditor, key_path: tuple[str, ...], name: str) -> None:
    """Remove the item `name` if present (see the layout rules for an emptied list)."""
    found = _find(ed, key_path)
    if found is None or name not in found.names:
        return
    _delete_at(ed, key_path[:-1], found, found.names[name])


def _delete_at(ed: YamlEditor, list_path: tuple[str, ...], found: _Items, index: int) -> None:
    """Remove item `index` of the list `found` at `list_path`, by the layout rules."""
    expected = copy.deepcopy(ed.value)
    parent = _value_at(expected, list_path[:-1])
    del parent[list_path[-1]][index]
    if found.node.flow_style:
        ed._commit(_flow_delete(ed, found.node, index), expected)
    elif len(found.node.value) > 1:
        ed._commit(_without_lines(ed, *_block_span(ed, found.node.value[index])), expected)
    elif _keeps_key(ed, found):
        text = _without_lines(ed, *_block_span(ed, found.node.value[index]))
        colon = ed._colon(found.key)
        ed._commit(text[: colon + 1] + " []" + text[colon + 1 :], expected)
    else:
        ed.delete_entry(list_path[:-1], list_path[-1])


# -- plain items (ITEMS) -----------------------------------------------------------------


def _get_strings(ed: YamlEditor, key_path: tuple[str, ...]) -> dict[str, Any] | None:
    """Return the list's items by `item_key`; None when the list is absent."""
    found = _find(ed, key_path, named=False)
    if found is None:
        return None
    return {item_key(item): item for item in _value_at(ed.value, key_path[:-1])}


def _add_string(ed: YamlEditor, key_path: tuple[str, ...], name: str, item: Any) -> None:
    """Append `item` unless an item named `name` is there; a missing list is created."""
    found = _find(ed, key_path, named=False)
    list_path = key_path[:-1]
    plain = to_plain(item)
    if found is not None and name in (_get_strings(ed, key_path) or {}):
        return
    expected = copy.deepcopy(ed.value)
    parent = expected
    for key in list_path[:-1]:
        parent = parent.setdefault(key, {})
    parent.setdefault(list_path[-1], []).append(plain)
    if found is None:
        ed._commit(_create(ed, list_path, plain), expected)
    elif found.node.flow_style:
        ed._commit(_flow_set(ed, found.node, None, plain), expected)
    else:
        ed._commit(_block_set(ed, found.node, None, plain), expected)


def _remove_string(ed: YamlEditor, key_path: tuple[str, ...], name: str) -> None:
    """Remove the last item named `name`, if there (an emptied list: the layout rules)."""
    found = _find(ed, key_path, named=False)
    if found is None:
        return
    items = _value_at(ed.value, key_path[:-1])
    named = [index for index, item in enumerate(items) if item_key(item) == name]
    if named:
        _delete_at(ed, key_path[:-1], found, named[-1])


class YamlItemsEditor(YamlEditor):
    """A YAML editor that also edits lists: of one-key maps (paths ending in LIST_ITEMS)
    and of plain items (paths ending in ITEMS)."""

    def get_map(self, key_path: tuple[str, ...]) -> dict[str, Any] | None:
        """Return the map at `key_path`, or a list's map items as {name: server}, or a
        list's items by `item_key`."""
        if is_strings(key_path):
            return _get_strings(self, key_path)
        if is_items(key_path):
            return _get_items(self, key_path)
        return super().get_map(key_path)

    def set_entry(self, key_path: tuple[str, ...], name: str, entry: Any) -> None:
        """Create or replace one entry (or list item); no-op when it already matches."""
        if is_strings(key_path):
            _add_string(self, key_path, name, entry)
        elif is_items(key_path):
            _set_item(self, key_path, name, entry)
        else:
            super().set_entry(key_path, name, entry)

    def update_item(
        self, key_path: tuple[str, ...], name: str, entry: dict[str, Any], keep: tuple[str, ...]
    ) -> None:
        """Write aido's fields into the list item `name` key by key (see `update_item`)."""
        update_item(self, key_path, name, entry, keep)

    def delete_entry(self, key_path: tuple[str, ...], name: str) -> None:
        """Remove one entry (or list item) if present."""
        if is_strings(key_path):
            _remove_string(self, key_path, name)
        elif is_items(key_path):
            _delete_item(self, key_path, name)
        else:
            super().delete_entry(key_path, name)


# -- finding -----------------------------------------------------------------------------


def _find(ed: YamlEditor, key_path: tuple[str, ...], *, named: bool = True) -> _Items | None:
    """Find the list at `key_path[:-1]` and check it; None when it is absent. `named`:
    its items must be server names or one-key maps (LIST_ITEMS)."""
    list_path = key_path[:-1]
    found = ed._find(list_path[:-1])
    if found.node is None or found.depth < len(list_path) - 1:
        return None
    ed._no_merge(found.node)
    pair = lookup(found.node, list_path[-1])
    if pair is None:
        return None
    key, node = pair
    where = describe(list_path)
    if not isinstance(node, SequenceNode):
        raise ed._at(node, f"{where} must be a list, not {node_kind(node)}")
    if node.anchor is not None:
        raise ed._at(node, f"{where} has an anchor")
    ed._check_tree(node, where)
    return _Items(key, node, _names(ed, node, where) if named else {})


def _names(ed: YamlEditor, node: SequenceNode, where: str) -> dict[str, int]:
    """Map each map item's name to its index; string items are skipped."""
    names: dict[str, int] = {}
    for index, item in enumerate(node.value):
        if isinstance(item, ScalarNode) and item.tag == CORE + "str":
            continue
        what = f"item {index + 1} of {where}"
        if not isinstance(item, MappingNode):
            raise ed._at(item, f"{what} is {node_kind(item)}, not a server name or a one-key map")
        if len(item.value) != 1:
            raise ed._at(
                item,
                f"{what} is a map with {len(item.value)} keys, so it names no single server"
                " (write one `- <name>: <server>` item per server)",
            )
        key = item.value[0][0]
        if not (isinstance(key, ScalarNode) and key.tag == CORE + "str"):
            raise ed._at(key, f"the key of {what} is not a string")
        if key.value in names:
            raise ed._at(key, f"{where} defines the server {excerpt(key.value)} twice")
        names[str(key.value)] = index
    return names


def _value_at(value: dict[str, Any], path: tuple[str, ...]) -> Any:
    """Walk plain values along `path`."""
    for key in path:
        value = value[key]
    return value


# -- block lists -------------------------------------------------------------------------


def _create(ed: YamlEditor, list_path: tuple[str, ...], item: dict[str, Any]) -> str:
    """Add the missing list, holding `item`, to the deepest mapping on its path."""
    found = ed._find(list_path)
    tree: Any = [item]
    for key in reversed(list_path[found.depth :]):
        tree = {key: tree}
    return ed._insert(found, tree)


def _block_set(ed: YamlEditor, node: SequenceNode, index: int | None, item: Any) -> str:
    """Replace item `index` (None: append one) in a block list."""
    first_dash, first_line = _dash(ed, node.value[0])
    block = _render_item(ed, item, first_dash - first_line)
    if index is not None:
        return ed._splice(*_block_span(ed, node.value[index]), block)
    return ed._splice_lines(_block_span(ed, node.value[-1])[1], block)


def _dash(ed: YamlEditor, item: Node) -> tuple[int, int]:
    """Return where an item's `-` is and where its line starts; refuse other layouts."""
    text, dash = ed._text, item.start_mark.index - 1
    while dash >= 0 and text[dash] in " \t":
        dash -= 1
    if dash < 0 or text[dash] != "-":
        raise ed._at(item, "aido cannot edit a list item that does not start on its `-` line")
    start = text.rfind("\n", 0, dash) + 1
    if text[start:dash].strip(" "):
        raise ed._at(item, "aido cannot edit a list item that does not start its own line")
    return dash, start


def _block_span(ed: YamlEditor, item: Node) -> tuple[int, int]:
    """Return an item's whole lines: its `-` line to its value's last line."""
    _, start = _dash(ed, item)
    return start, lines_end(ed._text, start, value_end(item))


def _render_item(ed: YamlEditor, item: Any, column: int) -> str:
    """Render `- name: ...` in block style with its `-` at `column`."""
    lines = ed._render([item], 0).split(ed._nl)[:-1]
    lead = len(lines[0]) - len(lines[0].lstrip(" "))  # the file's sequence offset
    return "".join((" " * column + line[lead:] if line else line) + ed._nl for line in lines)


def _without_lines(ed: YamlEditor, start: int, end: int) -> str:
    """Remove whole lines [start, end), keeping a missing final newline missing."""
    text = ed._text
    if end == len(text) and not text.endswith("\n") and start > 0:
        start -= len(ed._nl)
    return text[:start] + text[end:]


def _keeps_key(ed: YamlEditor, found: _Items) -> bool:
    """Whether the user wrote a comment between the list's key and its only item."""
    _, start = _dash(ed, found.node.value[0])
    return "#" in ed._text[found.key.end_mark.index : start]


# -- flow lists --------------------------------------------------------------------------


def _flow_set(ed: YamlEditor, node: SequenceNode, index: int | None, item: Any) -> str:
    """Replace item `index` (None: append one) in a flow list, in flow style."""
    text, flow = ed._text, _render_flow(item)
    if index is not None:
        old = node.value[index]
        return text[: old.start_mark.index] + flow + text[old.end_mark.index :]
    if node.value:
        end = node.value[-1].end_mark.index
        return text[:end] + ", " + flow + text[end:]
    start = node.start_mark.index + 1  # just after `[`
    return text[:start] + flow + text[start:]


def _flow_delete(ed: YamlEditor, node: SequenceNode, index: int) -> str:
    """Remove item `index` of a flow list with the comma that separates it."""
    text, items = ed._text, node.value
    item = items[index]
    if len(items) == 1:
        return text[: item.start_mark.index] + text[item.end_mark.index :]
    if index > 0:
        start, end = items[index - 1].end_mark.index, item.end_mark.index
        gap = text[start : item.start_mark.index]
    else:
        start, end = item.start_mark.index, items[1].start_mark.index
        gap = text[item.end_mark.index : end]
    if not _GAP.fullmatch(gap):
        raise ed._at(
            item,
            "aido cannot remove this item of a flow list ([...]) without touching the"
            " comment next to it",
        )
    return text[:start] + text[end:]


def _render_flow(item: Any) -> str:
    """Render one item in flow style on one line: `{name: {key: value}}`, `a string`."""
    yaml = YAML(typ="rt", pure=True)
    yaml.default_flow_style = True
    yaml.allow_unicode = True
    yaml.width = 1 << 30  # never fold a long string over lines
    out = io.StringIO()
    if isinstance(item, dict):
        yaml.dump(item, out)
        return out.getvalue().rstrip("\r\n")
    yaml.dump([item], out)  # in a list, so that a string is not a document of its own
    return out.getvalue().rstrip("\r\n")[1:-1]
