"""Edit entries of a YAML file (Goose `config.yaml`) by splicing text; every other byte stays.

Why a splice and not ruamel's round-trip dump: that dump keeps comments and key order
but re-emits the whole file, and it normalises some of it (indentation of sequences,
spacing before comments, quoting), so bytes aido does not own could change. Here
ruamel.yaml only reads and renders: it composes the file into nodes whose marks give
each entry's exact character span, and it dumps the one new entry, which is indented
to the file's own step and spliced in. Every other character is copied through. After
each edit the new text is parsed again and must give exactly the expected value, or
the edit is refused with a DocumentError: a rendering slip never reaches the disk.

Layout rules:
- An entry spans from the start of its key's line to the end of its value's last line,
  a comment on that line included; comment and blank lines around it are not its own.
- The server map must be a block mapping. An empty flow `{}` becomes a block map when
  the first entry is added; removing the last entry leaves `key: {}`, unless aido's
  records say it added that map (`restore`): then the key goes again, with the maps
  aido created around it that hold nothing else; an empty flow map the user wrote
  otherwise (`{ }`, `key:   {}`) comes back as written (`MapOrigin.flow`). A
  non-empty flow map is refused
  (aido would have to re-emit the user's entries).
- New entries take the map's indentation, the file's indent step, its sequence
  indentation (`- x` under or beside the key) and its line break (LF or CRLF).
- Anchors, aliases, merge keys and non-JSON tags (timestamps, `!custom`) on the path to
  or inside the server map are refused: an edit there could change other parts of the
  file, and the entries could not be compared as plain values.
- Files over MAX_BYTES are refused: Goose's config is a few KB, ruamel's pure-Python
  parser takes about 5 s per MB, and every edit parses the file again.
"""

from __future__ import annotations

import copy
import io
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode
from ruamel.yaml.reader import ReaderError

from aidokit.catalog.errors import excerpt
from aidokit.reconcile.core.atomic import BOM, MapOrigin, decode_text, first_newline
from aidokit.reconcile.core.errors import DocumentError
from aidokit.reconcile.documents.jsonedit import describe
from aidokit.reconcile.documents.jsonstyle import same
from aidokit.reconcile.documents.yamlnodes import (
    CORE,
    Pair,
    equal,
    lines_end,
    lookup,
    merge_keys,
    node_kind,
    to_plain,
    value_end,
    walk,
)

MAX_BYTES = 1 << 20
_PLAIN_TAGS = {CORE + t for t in ("str", "int", "float", "bool", "null", "map", "seq")}
_SEQ_UNDER_KEY = re.compile(r"^( *)[^\s#-][^\n]*:[ \t]*(?:#[^\n]*)?\r?\n( *)- ", re.M)
_MAP_UNDER_KEY = re.compile(r"^( *)[^\s#-][^\n]*:[ \t]*(?:#[^\n]*)?\r?\n( +)[^\s#-]", re.M)
# A carriage return not followed by a line feed: YAML reads it as a line break, aido's
# line-based splicing does not, so the two would disagree on where an entry starts.
_LONE_CR = re.compile("\r(?!\n)")
_SAMPLE = 1 << 16  # indentation is guessed from the first 64 KiB


class _Found(NamedTuple):
    """The deepest mapping on a key path: its node, its key (None for the root), depth."""

    node: MappingNode | None
    key: Node | None
    depth: int


class YamlEditor:
    """Edit entries of one YAML file by splicing rendered entries into its text."""

    def __init__(self, path: Path, raw: bytes) -> None:
        self.path = path
        if len(raw) > MAX_BYTES:
            raise DocumentError(
                f"{path}: {path.name} is {len(raw) / 2**20:.1f} MiB, larger than the"
                f" {MAX_BYTES >> 20} MiB aido reads as YAML; fix it by hand,"
                " aido will not edit this file"
            )
        self._bom, self._text = decode_text(path, raw)
        lone = _LONE_CR.search(self._text)
        if lone is not None:
            line = self._text.count("\n", 0, lone.start()) + 1
            raise DocumentError(
                f"{path}:{line}: {path.name} breaks a line with a carriage return alone, which"
                " aido cannot keep; make it a line feed (or CRLF), or fix the file by hand"
            )
        self._nl = first_newline(self._text)
        self._root, self._value, self._merges = self._load(self._text)
        self._origins: dict[tuple[str, ...], MapOrigin] = {}

    # -- reading -----------------------------------------------------------------------

    def _load(self, text: str) -> tuple[MappingNode | None, dict[str, Any], dict[int, Node]]:
        """Compose and construct `text`; fail closed with file:line:column."""
        yaml = YAML(typ="safe", pure=True)
        try:
            root = yaml.compose(text)
            # Constructing flattens `<<` merge keys out of the nodes: note them first.
            merges = {id(node): key for node, key in merge_keys(root)}
            value = None if root is None else yaml.constructor.construct_document(root)
        except MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            reason = (exc.problem or exc.context or "invalid").split(" with value ")[0].strip()
            at = f"{mark.line + 1}:{mark.column + 1}: " if mark is not None else " "
            raise self._refuse(f"{at}{self.path.name} is not valid YAML ({reason})") from None
        except ReaderError as exc:
            line = text.count("\n", 0, exc.position) + 1
            reason = f"{exc.reason} at character {exc.position + 1}"
            raise self._refuse(f"{line}: {self.path.name} is not valid YAML ({reason})") from None
        except (YAMLError, RecursionError) as exc:
            raise self._refuse(f" {self.path.name} is not valid YAML ({exc})") from None
        except ValueError as exc:  # a scalar Python cannot hold: a 5000-digit int, 2024-13-01
            reason = str(exc).split(";")[0]
            raise self._refuse(
                f" {self.path.name} holds a value aido cannot read ({reason})"
            ) from None
        if root is None:
            return None, {}, {}
        if not isinstance(root, MappingNode) or not isinstance(value, dict):
            raise self._at(
                root, f"the top level of {self.path.name} must be a mapping, not {node_kind(root)}"
            )
        return root, value, merges

    def _refuse(self, detail: str) -> DocumentError:
        """Build the fail-closed error; `detail` starts with `line:col: ` or a space."""
        return DocumentError(f"{self.path}:{detail}; fix it by hand, aido will not edit this file")

    def _at(self, node: Node, message: str) -> DocumentError:
        """Refuse at a node's position."""
        mark = node.start_mark
        return self._refuse(f"{mark.line + 1}:{mark.column + 1}: {message}")

    @property
    def value(self) -> dict[str, Any]:
        """Return the whole document as plain Python values."""
        return self._value

    def _find(self, key_path: tuple[str, ...]) -> _Found:
        """Walk `key_path` through block/flow mappings, refusing wrong types and anchors."""
        node, key = self._root, None
        for depth, name in enumerate(key_path):
            if node is None:
                return _Found(None, None, 0)
            self._no_merge(node)
            pair = lookup(node, name)
            if pair is None:
                return _Found(node, key, depth)
            key, child = pair
            if not isinstance(child, MappingNode):
                raise self._at(
                    child,
                    f"{describe(key_path[: depth + 1])} must be a mapping, not {node_kind(child)}",
                )
            if child.anchor is not None:
                raise self._at(child, f"{describe(key_path[: depth + 1])} has an anchor")
            node = child
        return _Found(node, key, len(key_path))

    def get_map(self, key_path: tuple[str, ...]) -> dict[str, Any] | None:
        """Return the mapping at `key_path` as plain values; None when absent."""
        found = self._find(key_path)
        if found.node is None or found.depth < len(key_path):
            return None
        if key_path:
            self._check_map(found.node, key_path)
        result = self._value
        for key in key_path:
            result = result[key]
        return result

    def _no_merge(self, node: MappingNode) -> None:
        """Refuse a `<<` merge key: the merged keys have no text of their own to edit."""
        key = self._merges.get(id(node))
        if key is not None:
            raise self._at(key, "aido cannot edit a mapping that uses a `<<` merge key")

    def _check_map(self, node: MappingNode, key_path: tuple[str, ...]) -> None:
        """Refuse a server map holding what aido cannot compare or edit safely."""
        where = describe(key_path)
        self._no_merge(node)
        for key, _ in node.value:
            if not (isinstance(key, ScalarNode) and key.tag == CORE + "str"):
                raise self._at(key, f"a key of {where} is not a string")
        self._check_tree(node, where)

    def _check_tree(self, node: Node, where: str) -> None:
        """Refuse merge keys, anchors and non-JSON tags anywhere under `node`."""
        for child in walk(node):
            if isinstance(child, MappingNode):
                self._no_merge(child)
            if child.anchor is not None:
                raise self._at(child, f"{where} uses the anchor or alias {excerpt(child.anchor)}")
            if child.tag not in _PLAIN_TAGS:
                raise self._at(child, f"{where} holds a value tagged {excerpt(child.tag)}")

    # -- editing -----------------------------------------------------------------------

    def set_entry(self, key_path: tuple[str, ...], name: str, entry: Mapping[str, Any]) -> None:
        """Create or replace one entry; no-op when it already matches."""
        plain = to_plain(entry)
        current = self.get_map(key_path)
        if current is not None and name in current and same(current[name], plain):
            return
        found = self._find(key_path)
        expected = copy.deepcopy(self._value)
        node = expected
        for key in key_path:
            node = node.setdefault(key, {})
        node[name] = plain
        if found.node is not None and found.depth == len(key_path):
            pair = lookup(found.node, name)
            if pair is not None:
                start, end = self._span(pair, found.node)
                block = self._render({name: plain}, pair[0].start_mark.column)
                self._commit(self._splice(start, end, block), expected)
                return
        tree: dict[str, Any] = {name: plain}
        for key in reversed(key_path[found.depth :]):
            tree = {key: tree}
        self._commit(self._insert(found, tree), expected)

    def origin(self, key_path: tuple[str, ...]) -> MapOrigin:
        """Say where a first entry of the map at `key_path` would go (see `MapOrigin`)."""
        found = self._find(key_path)
        if found.depth < len(key_path):
            return MapOrigin(found.depth)
        if found.node is None or found.key is None or found.node.value:
            return MapOrigin()
        flow = self._text[self._colon(found.key) + 1 : found.node.end_mark.index]
        return MapOrigin(flow=None if flow == " {}" else flow)

    def restore(self, key_path: tuple[str, ...], origin: MapOrigin) -> None:
        """Once the map at `key_path` empties, remove the mappings `origin` says aido made,
        or give back the empty flow map's text as the user wrote it (`MapOrigin.flow`)."""
        self._origins[key_path] = origin

    def restores(self, key_path: tuple[str, ...]) -> bool:
        """Whether aido's records said what the map at `key_path` was (`restore`)."""
        return key_path in self._origins

    def delete_entry(self, key_path: tuple[str, ...], name: str) -> None:
        """Remove one entry if present; an emptied map stays as `{}`, or goes with the
        mappings around it that aido created (`restore`)."""
        current = self.get_map(key_path)
        if current is None or name not in current:
            return
        found = self._find(key_path)
        if found.node is None:
            raise RuntimeError("aido bug: expected found.node is not None")
        pair = lookup(found.node, name)
        if pair is None:
            raise RuntimeError("aido bug: expected pair is not None")
        expected = copy.deepcopy(self._value)
        node = expected
        for key in key_path:
            node = node[key]
        del node[name]
        made = self._origins.get(key_path, MapOrigin()).made
        start, end = self._span(pair, found.node)
        emptied = len(found.node.value) == 1 and made is not None
        if emptied and self._unmake(
            key_path, made or 0, expected, self._text[:start] + self._text[end:]
        ):
            return
        if end == len(self._text) and not self._text.endswith("\n") and start > 0:
            start -= len(self._nl)  # the entry was the last line, without a final newline
        text = self._text[:start] + self._text[end:]
        if len(found.node.value) == 1 and found.key is not None:
            colon = self._colon(found.key)
            flow = self._origins.get(key_path, MapOrigin()).flow or " {}"
            text = text[: colon + 1] + flow + text[colon + 1 :]
        self._commit(text, expected)

    def _unmake(
        self, key_path: tuple[str, ...], made: int, expected: dict[str, Any], rest: str
    ) -> bool:
        """Remove the outermost mapping aido created on the way to an emptied map that holds
        nothing but the way there (no comment either); False when there is none. `rest`
        is the text without the entry being deleted."""
        for level in range(made, len(key_path)):
            parent, inner = expected, key_path[level + 1 :]
            for key in key_path[:level]:
                parent = parent[key]
            if parent[key_path[level]] != _nest(inner):
                continue
            found = self._find(key_path[:level])
            if found.node is None:
                raise RuntimeError("aido bug: expected found.node is not None")
            pair = lookup(found.node, key_path[level])
            if pair is None:
                raise RuntimeError("aido bug: expected pair is not None")
            start, end = self._span(pair, found.node)
            gone = len(self._text) - len(rest)  # the entry's lines, inside [start, end)
            if "#" in rest[start : end - gone]:
                return False
            if end == len(self._text) and not self._text.endswith("\n") and start > 0:
                start -= len(self._nl)
            text = self._text[:start] + self._text[end:]
            del parent[key_path[level]]
            if len(found.node.value) == 1 and found.key is not None:
                colon = self._colon(found.key)
                text = text[: colon + 1] + " {}" + text[colon + 1 :]
            self._commit(text, expected)
            return True
        return False

    def render(self) -> bytes:
        """Return the file's bytes."""
        return (BOM if self._bom else b"") + self._text.encode("utf-8")

    # -- splicing ----------------------------------------------------------------------

    def _block_map(self, node: MappingNode) -> None:
        """Refuse to add to or remove from a non-empty flow-style map."""
        if node.flow_style and node.value:
            raise self._at(
                node,
                "the map is written in flow style ({...}); aido edits block-style maps only,"
                " so rewrite it as one key per line",
            )

    def _span(self, pair: Pair, parent: MappingNode) -> tuple[int, int]:
        """Return the character span of one entry: whole lines, key line to value end."""
        self._block_map(parent)
        key, value = pair
        text = self._text
        start = text.rfind("\n", 0, key.start_mark.index) + 1
        if text[start : key.start_mark.index].strip(" "):
            raise self._at(key, "aido cannot edit an entry that does not start its own line")
        return start, lines_end(text, start, max(key.end_mark.index, value_end(value)))

    def _insert(self, found: _Found, tree: dict[str, Any]) -> str:
        """Add `tree` (one new key) to the deepest existing mapping on the path."""
        node, text = found.node, self._text
        if node is None:
            return self._splice_lines(len(text), self._render(tree, 0))
        if node.value:
            self._block_map(node)
            last_key, _ = node.value[-1]
            _, end = self._span(node.value[-1], node)
            return self._splice_lines(end, self._render(tree, last_key.start_mark.column))
        if found.key is None:
            raise self._at(node, "the top level is an empty flow mapping ({})")
        key = found.key
        if node.start_mark.line != key.start_mark.line:
            raise self._at(node, "aido cannot edit a `{}` that is not on its key's line")
        colon = self._colon(key)
        newline = text.find("\n", node.end_mark.index)
        end = len(text) if newline < 0 else newline + 1
        block = self._render(tree, key.start_mark.column + self._step())
        if end == len(text) and not text.endswith("\n"):
            inserted = text + self._nl + block[: -len(self._nl)]
        else:
            inserted = text[:end] + block + text[end:]
        return inserted[: colon + 1] + inserted[node.end_mark.index :]

    def _splice(self, start: int, end: int, block: str) -> str:
        """Replace whole lines [start, end) with `block`, keeping a missing final newline."""
        if end == len(self._text) and not self._text.endswith("\n"):
            block = block[: -len(self._nl)]
        return self._text[:start] + block + self._text[end:]

    def _splice_lines(self, pos: int, block: str) -> str:
        """Insert whole lines at `pos`, which is a line start or the end of the text."""
        text = self._text
        if pos == len(text) and text and not text.endswith("\n"):
            return text + self._nl + block[: -len(self._nl)]
        return text[:pos] + block + text[pos:]

    def _colon(self, key: Node) -> int:
        """Return the index of the `:` after a block mapping key."""
        pos = int(key.end_mark.index)
        while self._text[pos] in " \t":
            pos += 1
        if self._text[pos] != ":":
            raise self._at(key, "aido cannot find the `:` after this key")
        return pos

    def _render(self, tree: dict[str, Any] | list[Any], column: int) -> str:
        """Dump `tree` in block style, indented by `column`, in the file's own step."""
        step, offset = self._step(), self._offset()
        yaml = YAML(typ="rt", pure=True)
        yaml.default_flow_style = False
        yaml.allow_unicode = True
        yaml.width = 1 << 30  # never fold a long string over lines
        yaml.indent(mapping=step, sequence=offset + 2, offset=offset)
        out = io.StringIO()
        yaml.dump(tree, out)
        pad = " " * column
        lines = out.getvalue().splitlines()
        return "".join((pad + line if line else line) + self._nl for line in lines)

    def _step(self) -> int:
        """Return the file's mapping indent step (2 when it shows none)."""
        found = _MAP_UNDER_KEY.search(self._text, 0, _SAMPLE)
        step = len(found.group(2)) - len(found.group(1)) if found else 2
        return step if 2 <= step <= 8 else 2

    def _offset(self) -> int:
        """Return how far a block sequence's `-` sits right of its key (0: under it)."""
        found = _SEQ_UNDER_KEY.search(self._text, 0, _SAMPLE)
        offset = len(found.group(2)) - len(found.group(1)) if found else 0
        return offset if 0 <= offset <= 8 else 0

    def _commit(self, text: str, expected: dict[str, Any]) -> None:
        """Adopt `text` only if it parses back to exactly `expected`."""
        root, value, merges = self._load(text)
        if not equal(value, expected):
            raise DocumentError(
                f"{self.path}: aido's edit did not read back as intended, so the file is"
                " left as it was; this is a bug, please report it with the file's layout"
            )
        self._text, self._root, self._value, self._merges = text, root, value, merges


def _nest(key_path: tuple[str, ...]) -> dict[str, Any]:
    """The empty mappings named by `key_path`, one inside the other."""
    value: dict[str, Any] = {}
    for key in reversed(key_path):
        value = {key: value}
    return value
