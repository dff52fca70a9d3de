"""Node and value helpers for the YAML editor: lookups, spans, walks, exact comparison."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

CORE = "tag:yaml.org,2002:"
_KINDS = {
    "seq": "a list",
    "str": "a string",
    "null": "null",
    "bool": "a boolean",
    "int": "a number",
    "float": "a number",
}
Pair = tuple[Node, Node]


def lookup(node: MappingNode, name: str) -> Pair | None:
    """Return the (key, value) pair whose key is the string `name`."""
    for key, value in node.value:
        if isinstance(key, ScalarNode) and key.tag == CORE + "str" and key.value == name:
            return key, value
    return None


def merge_keys(root: Node | None) -> Iterator[tuple[Node, Node]]:
    """Yield (mapping, `<<` key) for every merge key in the document."""
    for node in [] if root is None else [root, *walk(root)]:
        if isinstance(node, MappingNode):
            for key, _ in node.value:
                if key.tag == CORE + "merge":
                    yield node, key


def walk(node: Node) -> Iterator[Node]:
    """Yield every node under `node` (keys and values), not `node` itself."""
    stack: list[Node] = [node]
    seen: set[int] = set()
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, MappingNode):
            children = [n for pair in current.value for n in pair]
        elif isinstance(current, SequenceNode):
            children = list(current.value)
        else:
            children = []
        stack.extend(reversed(children))
        if current is not node:
            yield current


def value_end(node: Node) -> int:
    """Return where a value's text ends (a block collection's own end mark overshoots)."""
    while isinstance(node, MappingNode | SequenceNode) and not node.flow_style and node.value:
        last = node.value[-1]
        node = max(last, key=value_end) if isinstance(last, tuple) else last
    return int(node.end_mark.index)


def lines_end(text: str, start: int, end: int) -> int:
    """Extend a span [start, end) to whole lines: to its line break, comment included."""
    line = text.rfind("\n", 0, end) + 1
    if line > start and not text[line:end].strip(" "):
        end = line  # a block scalar ends after its line break
    else:
        newline = text.find("\n", end)
        end = len(text) if newline < 0 else newline + 1
    while True:  # blank lines after a block scalar are not the entry's
        prev = text.rfind("\n", start, end - 1) + 1
        if prev <= start or text[prev:end].strip():
            return end
        end = prev


def node_kind(node: Node) -> str:
    """Name a node's type for messages."""
    if isinstance(node, MappingNode):
        return "a mapping"
    name = str(node.tag).removeprefix(CORE)
    return _KINDS.get(name, f"a {name}" if name.isalpha() else f"a value tagged {name}")


def to_plain(value: Any) -> Any:
    """Copy an entry as plain JSON-like values; refuse what YAML would write oddly."""
    if isinstance(value, Mapping):
        if not all(isinstance(key, str) for key in value):
            raise TypeError(f"YAML entry keys must be strings: {value!r}")
        return {key: to_plain(child) for key, child in value.items()}
    if isinstance(value, list | tuple):
        return [to_plain(child) for child in value]
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"cannot write {value!r} to a YAML config file")
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(f"cannot write a {type(value).__name__} to a YAML file: {value!r}")


def equal(left: Any, right: Any, seen: set[tuple[int, int]] | None = None) -> bool:
    """Compare parsed values exactly (like `same`), with NaN equal to itself.

    Aliases make shared sub-values: each pair is compared once, so a "billion laughs"
    file costs its node count, not its expansion.
    """
    seen = set() if seen is None else seen
    if isinstance(left, dict | list) and (id(left), id(right)) in seen:
        return True
    if isinstance(left, dict | list):
        seen.add((id(left), id(right)))
    if isinstance(left, dict) and isinstance(right, dict):
        return list(left) == list(right) and all(equal(left[k], right[k], seen) for k in left)
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(
            equal(a, b, seen) for a, b in zip(left, right, strict=True)
        )
    if isinstance(left, float) and isinstance(right, float) and math.isnan(left):
        return math.isnan(right)
    return type(left) is type(right) and left == right
