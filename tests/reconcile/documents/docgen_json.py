"""Hypothesis strategies for JSON/JSONC documents in random styles, with recorded spans.

Written independently of the editor: the generator serialises values itself and notes
where the server map and each of its entries sit, so tests can check untouched bytes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from aidokit.reconcile.documents import Format

KEY_PATHS = [("mcpServers",), ("projects", "/home/ü/my.app", "mcpServers"), ("a.b", "c/d")]
NAMES = ["alpha", "beta", "my.server", "ünï", "a b", "x/y", 'q"uote']

text_keys = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=0, max_size=6
)
scalars = st.none() | st.booleans() | st.integers(-(10**6), 10**6) | text_keys
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text_keys, inner, max_size=3),
    max_leaves=6,
)
entries = st.dictionaries(
    st.sampled_from(["command", "args", "env", "url", "type", "ünï"]),
    st.text(max_size=5) | st.lists(st.text(max_size=4), max_size=3) | st.booleans(),
    max_size=4,
)


@dataclass(frozen=True)
class Style:
    """A random way of laying out JSON."""

    unit: str
    newline: str
    colon: str
    bom: bool
    final_newline: bool
    trailing: bool  # JSONC only
    comments: bool  # JSONC only
    inline_map: bool


@dataclass
class Generated:
    """A generated file and what the generator knows about it."""

    raw: bytes
    value: dict[str, Any]
    key_path: tuple[str, ...]
    map_span: tuple[int, int] | None  # byte offsets of the map's `{` and `}`
    entry_texts: dict[str, bytes] = field(default_factory=dict)  # `"key": value` per entry

    def value_map(self) -> dict[str, Any]:
        """Return the server map of the generated value."""
        found = _get(self.value, self.key_path)
        assert found is not None
        return found


class _Writer:
    """Serialise values in a style, with comments, recording spans."""

    def __init__(self, style: Style, draw: Any) -> None:
        self.style, self.draw = style, draw
        self.out: list[str] = []
        self.size = 0  # bytes written so far
        self.marks: dict[str, int] = {}

    def put(self, text: str) -> None:
        self.out.append(text)
        self.size += len(text.encode("utf-8"))

    def comment(self, indent: str) -> None:
        if self.style.comments and self.draw(st.booleans()):
            body = self.draw(
                st.text(st.characters(codec="utf-8", exclude_characters="\r\n*/"), max_size=8)
            )
            if self.draw(st.booleans()):
                self.put(f" // {body}{self.style.newline}{indent}")
            else:
                self.put(f"/* {body}, {{ */ ")

    def value(self, value: Any, indent: str, path: tuple[str, ...], target: tuple[str, ...]):
        if isinstance(value, dict):
            self.container("{", "}", list(value.items()), indent, path, target)
        elif isinstance(value, list):
            self.container("[", "]", [(None, v) for v in value], indent, path, target)
        else:
            self.put(json.dumps(value, ensure_ascii=False))

    def container(self, open_, close, items, indent, path, target) -> None:
        is_map = path == target and open_ == "{"
        if is_map:
            self.marks["open"] = self.size
        inline = is_map and self.style.inline_map
        self.put(open_)
        inner = indent + self.style.unit
        for number, (key, child) in enumerate(items):
            if not inline:
                self.put(self.style.newline + inner)
                self.comment(inner)
            elif number:
                self.put(" ")
            start = self.size
            if key is not None:
                self.put(json.dumps(key, ensure_ascii=False) + self.style.colon)
            self.value(child, inner, (*path, key) if key is not None else (*path, "[]"), target)
            if is_map:
                self.marks[f"entry:{key}"] = start
                self.marks[f"end:{key}"] = self.size
            if number < len(items) - 1 or (self.style.trailing and not inline):
                self.put(",")
                if not inline:
                    self.comment(inner)
        if items and not inline:
            self.put(self.style.newline + indent)
        if is_map:
            self.marks["close"] = self.size
        self.put(close)


@st.composite
def styles(draw: Any, fmt: Format) -> Style:
    """Draw a layout style (comments and trailing commas only for JSONC)."""
    jsonc = fmt is Format.JSONC
    return Style(
        unit=draw(st.sampled_from(["  ", "    ", "\t", " "])),
        newline=draw(st.sampled_from(["\n", "\r\n"])),
        colon=draw(st.sampled_from([": ", ":", " : "])),
        bom=draw(st.booleans()),
        final_newline=draw(st.booleans()),
        trailing=jsonc and draw(st.booleans()),
        comments=jsonc and draw(st.booleans()),
        inline_map=draw(st.booleans()),
    )


@st.composite
def documents(draw: Any, fmt: Format, *, with_map: bool | None = None) -> Generated:
    """Draw a document, maybe holding the server map with a few entries."""
    style = draw(styles(fmt))
    key_path = draw(st.sampled_from(KEY_PATHS))
    root: dict[str, Any] = draw(st.dictionaries(text_keys, values, max_size=4))
    has_map = draw(st.booleans()) if with_map is None else with_map
    if has_map:
        servers = draw(st.dictionaries(st.sampled_from(NAMES), entries, max_size=3))
        _place(root, key_path, servers)
    else:
        _remove(root, key_path)
    writer = _Writer(style, draw)
    writer.value(root, "", (), key_path)
    text = "".join(writer.out) + (style.newline if style.final_newline else "")
    raw = ("\ufeff" if style.bom else "").encode("utf-8") + text.encode("utf-8")
    shift = 3 if style.bom else 0
    span = None
    entry_texts: dict[str, bytes] = {}
    if "open" in writer.marks:
        span = (writer.marks["open"] + shift, writer.marks["close"] + shift)
        for name in _get(root, key_path) or {}:
            start, end = writer.marks[f"entry:{name}"] + shift, writer.marks[f"end:{name}"] + shift
            entry_texts[name] = raw[start:end]
    return Generated(raw, root, key_path, span, entry_texts)


def _place(root: dict[str, Any], key_path: tuple[str, ...], servers: dict[str, Any]) -> None:
    """Put the map at `key_path`, replacing anything that is in the way."""
    node = root
    for key in key_path[:-1]:
        if not isinstance(node.get(key), dict):
            node[key] = {}
        node = node[key]
    node[key_path[-1]] = servers


def _remove(root: dict[str, Any], key_path: tuple[str, ...]) -> None:
    """Make sure nothing non-object sits on `key_path` and the map is absent."""
    node = root
    for key in key_path[:-1]:
        if key in node and not isinstance(node[key], dict):
            del node[key]
        node = node.get(key, {})
    node.pop(key_path[-1], None)


def _get(root: dict[str, Any], key_path: tuple[str, ...]) -> dict[str, Any] | None:
    node: Any = root
    for key in key_path:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node if isinstance(node, dict) else None


def get_map(root: dict[str, Any], key_path: tuple[str, ...]) -> dict[str, Any] | None:
    """Return the map at `key_path` in a plain value."""
    return _get(root, key_path)


def set_in(root: dict[str, Any], key_path: tuple[str, ...], name: str, entry: Any) -> None:
    """Model of set_entry on plain values."""
    node = root
    for key in key_path:
        node = node.setdefault(key, {})
    node[name] = entry


def strip_jsonc(raw: bytes) -> Any:
    """Parse JSON/JSONC independently of the editor: drop BOM, comments, trailing commas."""
    text = raw.decode("utf-8").removeprefix("\ufeff")
    out: list[str] = []
    pending: int | None = None  # index in `out` of a comma that may turn out trailing
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end == -1 else end
            continue
        if text.startswith("/*", i):
            i = text.index("*/", i) + 2
            continue
        if c in " \t\r\n":
            i += 1
            continue
        if c in "}]" and pending is not None:
            out[pending] = ""
        pending = None
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
            continue
        if c == ",":
            pending = len(out)
        out.append(c)
        i += 1
    cleaned = "".join(out)

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        assert len({k for k, _ in items}) == len(items), "duplicate key in output"
        return dict(items)

    return json.loads(cleaned, object_pairs_hook=pairs)
