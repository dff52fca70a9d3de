"""Span-based editing of JSON and JSONC documents: only the changed entries' bytes move.

The editor keeps the file as bytes. Reading validates the file and lists the top-level
members in one pass (`walk` a window at a time for strict JSON, else
`jsonscan.checked_members` over the whole view); the offsets of every object it looks
into are kept until the bytes change. Edits are queued and applied together when the
document is next read or rendered: per server map, the map alone is decoded, its
replacements and deletions are spliced, its new members are inserted as one block.
The last map's edit stays a splice over the bytes read (`pieces`), so an apply costs
one validation pass and no copy of the file, however many entries change.
"""

from __future__ import annotations

import codecs
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from aidokit.adapters.base import Format, item_key
from aidokit.reconcile.core.atomic import BOM, MapOrigin, where
from aidokit.reconcile.core.errors import DocumentError, JsoncInStrictJsonError
from aidokit.reconcile.documents.jsonscan import (
    JsonProblem,
    Member,
    blank,
    checked_members,
    decode_value,
    first_colon,
    first_jsonc,
    members,
    skip,
    skip_ws,
    validate,
    walk,
)

if TYPE_CHECKING:  # only edits use them: imported where they are called
    from aidokit.reconcile.documents import jsonitems, jsonmembers
    from aidokit.reconcile.documents.jsonstyle import Style

NEW_FILE = b"{}\n"  # a missing file starts as this: 2-space indent, LF, final newline
Splice = tuple[int, int, str]
_KINDS = {"[": "an array", '"': "a string", "t": "a boolean", "f": "a boolean", "n": "null"}
_GONE = object()  # a queued deletion
_SAMPLE = 1 << 16  # style is guessed from the first 64 KiB


def describe(key_path: tuple[str, ...]) -> str:
    """Name a key path for messages, quoting keys that hold dots or slashes."""
    return ".".join(json.dumps(key, ensure_ascii=False) for key in key_path) or "the top level"


class _Looks(NamedTuple):
    """What the file looks like, detected once: style, top-level layout."""

    style: Style
    root_multiline: bool  # whether the top-level object puts members on their own lines


class JsonEditor:
    """Edit entries of one JSON or JSONC file in place."""

    def __init__(self, path: Path, fmt: Format, raw: bytes) -> None:
        self.path = path
        self.fmt = fmt
        self._raw = raw
        # The last map edit, not yet joined into the bytes: (start, end, new bytes).
        self._spliced: tuple[int, int, bytes] | None = None
        self._blank = False  # whether the file has comments or trailing commas to blank
        self._trailing = False  # whether it uses trailing commas (new entries follow)
        self._root = 0
        self._objects: dict[int, tuple[list[Member], int]] = {}  # `{` offset -> members, `}`
        self._pending: dict[tuple[str, ...], dict[str, Any]] = {}
        # Deleted entries whose comment lines above stay where they were (issue 50).
        self._kept_comments: set[tuple[tuple[str, ...], str]] = set()
        self._origins: dict[tuple[str, ...], MapOrigin] = {}
        self._item_origins: dict[tuple[str, ...], MapOrigin] = {}
        self._looks: _Looks | None = None
        self._check()

    @property
    def raw(self) -> bytes:
        """The file's bytes as edited so far (joining a pending map edit, once)."""
        if self._spliced is not None:
            self._raw = b"".join(self._pieces())
            self._spliced = None
        return self._raw

    def _pieces(self) -> tuple[bytes | memoryview, ...]:
        if self._spliced is None:
            return (self._raw,)
        start, end, new = self._spliced
        data = memoryview(self._raw)
        return (data[:start], new, data[end:])

    def pieces(self) -> tuple[bytes | memoryview, ...]:
        """The edited file as pieces that, joined, are `render()`; never a copy of it all."""
        self._flush()
        return self._pieces()

    def differs(self, start: bytes) -> bool:
        """Tell whether the edited bytes differ from `start` (the bytes first read)."""
        self._flush()
        if self._spliced is None or self._raw is not start:
            return self.raw != start
        begin, end, new = self._spliced
        return memoryview(start)[begin:end] != new

    # -- looking -----------------------------------------------------------------------

    def _check(self) -> None:
        """Fail closed: refuse bytes that are not UTF-8 or do not parse, naming where.

        Strict JSON is checked a window at a time (`jsonscan.walk`); JSONC, and any file
        that walk does not vouch for, is looked at whole, which words the problem."""
        _check_utf8(self.path, self.raw)
        start = len(BOM) if self.raw.startswith(BOM) else 0
        self._root = skip(self.raw, start)
        found = walk(self.raw, self._root)
        if found is not None:
            self._objects[self._root] = found
            return
        text = self.raw.decode("latin-1")
        self._root = skip_ws(text, start)
        if self._walk(text, text):
            return
        try:
            validate(text, start)
        except JsonProblem as strict:
            if self.fmt is not Format.JSONC:
                raise self._strict_error(text, start, strict) from None
            blanked = blank(text)
            if not (blanked.comments or blanked.trailing_commas):
                raise self._error(strict) from None
        else:  # pragma: no cover - the walk and the strict decoder disagree
            raise DocumentError(f"{self.path}: could not be read; please report this file")
        self._blank, self._trailing = True, blanked.trailing_commas
        self._root = skip_ws(blanked.scan, start)
        if not self._walk(blanked.scan, text):
            try:
                validate(blanked.scan, start)
            except JsonProblem as problem:
                raise self._error(problem) from None
            raise DocumentError(f"{self.path}: could not be read; please report this file")

    def _walk(self, scan: str, text: str) -> bool:
        """Validate the file and keep its top-level members; False when it is not valid."""
        if self._root >= len(scan) or scan[self._root] != "{":
            return False
        found = checked_members(scan, self._root, text)
        if found is not None:
            self._objects[self._root] = found
        return found is not None

    def _strict_error(self, text: str, start: int, strict: JsonProblem) -> DocumentError:
        """The error for a strict-JSON file: when it would be valid JSONC, name the comment
        or trailing comma that makes it unreadable to its harness (issue 38 §2)."""
        found = first_jsonc(text)
        if found is None:
            return self._error(strict)
        try:
            validate(blank(text).scan, start)
        except JsonProblem:
            return self._error(strict)
        path, line, column = where(self.path, self.raw, found[1]).rsplit(":", 2)
        return JsoncInStrictJsonError(path=path, what=found[0], line=int(line), column=int(column))

    def _error(self, problem: JsonProblem, base: int = 0) -> DocumentError:
        """Turn a scan problem (at `base` + its offset) into the user-facing error."""
        return DocumentError(
            f"{where(self.path, self.raw, base + problem.offset)}: {self.path.name}"
            f" {problem.reason}; fix it by hand, aido will not edit this file"
        )

    def _region(self, start: int, end: int) -> tuple[str, str]:
        """Decode `raw[start:end]` (which starts at a `{`): its text and blanked scan."""
        text = self.raw[start:end].decode("latin-1")
        return text, blank(text).scan if self._blank else text

    def _object(self, open_pos: int, end: int) -> tuple[list[Member], int]:
        """Members and `}` of the object at `open_pos` (ending by `end`), kept until an edit."""
        found = self._objects.get(open_pos)
        if found is None:
            text, scan = self._region(open_pos, end)
            mems, close = members(scan, 0, text)
            shifted = [_shift(m, open_pos) for m in mems]
            found = self._objects[open_pos] = (shifted, close + open_pos)
        return found

    def _find(self, key_path: tuple[str, ...]) -> tuple[int, int, int]:
        """The deepest object on `key_path`: its `{`, where it ends, how many keys matched."""
        pos, end = self._root, len(self.raw)
        for depth, key in enumerate(key_path):
            found = _lookup(self._object(pos, end)[0], key)
            if found is None:
                return pos, end, depth
            if self.raw[found.value_start] != ord("{"):
                raise self._wrong_type(key_path[: depth + 1], found.value_start)
            pos, end = found.value_start, found.value_end
        return pos, end, len(key_path)

    def _wrong_type(self, key_path: tuple[str, ...], offset: int) -> DocumentError:
        """Say that a value on the path to the server map is not an object."""
        kind = _KINDS.get(chr(self.raw[offset]), "a number")
        return DocumentError(
            f"{where(self.path, self.raw, offset)}: {describe(key_path)} must be an object,"
            f" not {kind}; fix it by hand, aido will not edit this file"
        )

    def _decode(self, scan: str, start: int, end: int, base: int) -> Any:
        """Decode one span of a region at `base`, refusing duplicate keys."""
        try:
            return decode_value(scan, start, end)
        except JsonProblem as problem:
            raise self._error(problem, base) from None

    @property
    def value(self) -> dict[str, Any]:
        """Decode the whole document."""
        self._flush()
        _, scan = self._region(0, len(self.raw))
        result: dict[str, Any] = self._decode(scan, self._root, len(scan), 0)
        return result

    def get_map(self, key_path: tuple[str, ...]) -> dict[str, Any] | None:
        """Decode the object at `key_path`; None when absent."""
        self._flush()
        pos, end, depth = self._find(key_path)
        if depth < len(key_path):
            return None
        _, scan = self._region(pos, end)
        result: dict[str, Any] = self._decode(scan, 0, len(scan), pos)
        return result

    def origin(self, key_path: tuple[str, ...]) -> MapOrigin:
        """Say where a first entry of the map at `key_path` would go (see `MapOrigin`)."""
        self._flush()
        pos, end, depth = self._find(key_path)
        mems, close = self._object(pos, end)
        inside = self.raw[pos + 1 : close]
        written_open = not mems and not inside.strip() and b"\n" in inside
        return MapOrigin(depth if depth < len(key_path) else None, written_open)

    def restore(self, key_path: tuple[str, ...], origin: MapOrigin) -> None:
        """Once the map at `key_path` empties, give back the bytes it had before `origin`."""
        self._origins[key_path] = origin

    def render(self) -> bytes:
        """Return the file's bytes with every queued edit made."""
        self._flush()
        return self.raw

    # -- array items (jsonitems.py) -------------------------------------------------------

    def _array(self, key_path: tuple[str, ...]) -> jsonitems.Items | None:
        """The array at `key_path` (None: absent); an error when it is something else."""
        from aidokit.reconcile.documents import jsonitems  # noqa: PLC0415 (off a converged plan's path)

        self._flush()
        pos, end, depth = self._find(key_path[:-1])
        if depth < len(key_path) - 1:
            return None
        found = _lookup(self._object(pos, end)[0], key_path[-1])
        if found is None:
            return None
        if self.raw[found.value_start] != ord("["):
            kind = _KINDS.get(chr(self.raw[found.value_start]), "a number")
            kind = "an object" if self.raw[found.value_start] == ord("{") else kind
            raise DocumentError(
                f"{where(self.path, self.raw, found.value_start)}: {describe(key_path)} must "
                f"be an array, not {kind}; fix it by hand, aido will not edit this file"
            )
        text, scan = self._region(found.value_start, found.value_end)
        return jsonitems.scan_items(text, scan, 0)

    def _array_base(self, key_path: tuple[str, ...]) -> int:
        """The offset of the `[` of the array at `key_path` (it exists)."""
        pos, end, _ = self._find(key_path[:-1])
        found = _lookup(self._object(pos, end)[0], key_path[-1])
        if found is None:
            raise RuntimeError("aido bug: expected found is not None")
        return found.value_start

    def get_items(self, key_path: tuple[str, ...]) -> dict[str, Any] | None:
        """The items of the array at `key_path` by `item_key` (None: no array there)."""
        items = self._array(key_path)
        if items is None:
            return None
        values = (items.value(element) for element in items.elements)
        return {item_key(value): value for value in values}

    def add_item(self, key_path: tuple[str, ...], name: str, item: Any) -> None:
        """Append `item` to the array at `key_path` unless an item named `name` is there;
        an absent array is created (with the objects on the way to it)."""
        from aidokit.reconcile.documents import jsonitems, jsonstyle  # noqa: PLC0415 (off a converged plan's path)

        items = self._array(key_path)
        if items is None:
            self.set_entry(key_path[:-1], key_path[-1], [item])
            self._flush()
            return
        if name in (self.get_items(key_path) or {}):
            return
        rendered = jsonstyle.render(jsonstyle.plain(item), jsonstyle.Style(), "", inline=True)
        splices = jsonitems.add(items, rendered, self._look().style.newline)
        self._splice_array(key_path, splices)

    def remove_item(self, key_path: tuple[str, ...], name: str) -> None:
        """Take the last item named `name` out of the array at `key_path`, if there; an
        array aido created (`restore_items`) goes once emptied, with the objects aido
        made on the way to it that hold nothing else."""
        from aidokit.reconcile.documents import jsonitems  # noqa: PLC0415 (off a converged plan's path)

        items = self._array(key_path)
        if items is None:
            return
        named = [i for i, e in enumerate(items.elements) if item_key(items.value(e)) == name]
        if not named:
            return
        self._splice_array(key_path, jsonitems.remove(items, named[-1]))
        origin = self._item_origins.get(key_path)
        if origin is not None and origin.made is not None and self.get_items(key_path) == {}:
            self._unmake_array(key_path, origin.made)

    def items_origin(self, key_path: tuple[str, ...]) -> MapOrigin:
        """How many keys of the array's path exist (None when the array itself does)."""
        self._flush()
        if self._array(key_path) is not None:
            return MapOrigin()
        _, _, depth = self._find(key_path[:-1])
        return MapOrigin(depth)

    def restore_items(self, key_path: tuple[str, ...], origin: MapOrigin) -> None:
        """Once the array at `key_path` empties, give back what it was before `origin`."""
        self._item_origins[key_path] = origin

    def _splice_array(self, key_path: tuple[str, ...], splices: list[Splice]) -> None:
        """Make `splices` (offsets from the array's `[`) in the bytes."""
        if not splices:
            return
        base = self._array_base(key_path)
        text = self.raw.decode("latin-1")
        pieces, last = [], 0
        for start, end, new in sorted(splices, key=lambda splice: splice[:2]):
            pieces += [text[last : base + start], new.encode("utf-8").decode("latin-1")]
            last = base + end
        pieces.append(text[last:])
        self._raw = "".join(pieces).encode("latin-1")
        self._objects.clear()

    def _unmake_array(self, key_path: tuple[str, ...], made: int) -> None:
        """Remove the emptied array aido created, or the outermost object aido created on
        the way to it that holds nothing but that way (and no comment)."""
        from aidokit.reconcile.documents import jsonmembers  # noqa: PLC0415 (off a converged plan's path)

        for level in range(made, len(key_path)):
            pos, end, _ = self._find(key_path[:level])
            work = _Work(self.raw, pos, end, self._blank)
            layout = work.layout()
            index = next(i for i, m in enumerate(layout.members) if m.key == key_path[level])
            found = layout.members[index]
            span = slice(found.value_start, found.value_end)
            if layout.text[span] != layout.scan[span]:
                return  # a comment inside: the user's
            value = self._decode(layout.scan, span.start, span.stop, work.start)
            empty: Any = []
            for key in reversed(key_path[level + 1 :]):
                empty = {key: empty}
            if value == empty:
                splices = jsonmembers.delete(layout, index, self._look().style.newline)
                if any(layout.holds_comment(start, stop) for start, stop, _ in splices):
                    return
                work.splice(splices)
                self._spliced = (work.start, work.end, work.text.encode("latin-1"))
                self._objects.clear()
                self._flush()
                _ = self.raw
                return

    # -- editing -----------------------------------------------------------------------

    def set_entry(self, key_path: tuple[str, ...], name: str, entry: Any) -> None:
        """Queue creating or replacing one entry (a no-op when it already matches)."""
        from aidokit.reconcile.documents import jsonstyle  # noqa: PLC0415 (off a converged plan's path)

        # A wrong-typed path is refused now, not at the write, and so is a value
        # JSON cannot hold.
        self._find(key_path)
        jsonstyle.render(jsonstyle.plain(entry), jsonstyle.Style(), "", inline=True)
        self._queue(key_path, name, entry)

    def delete_entry(
        self, key_path: tuple[str, ...], name: str, *, keep_comments: bool = False
    ) -> None:
        """Queue removing one entry if present; an emptied map stays as `{}`. With
        `keep_comments`, the comment lines right above it stay where they are."""
        if keep_comments:
            self._kept_comments.add((key_path, name))
        self._queue(key_path, name, _GONE)

    def _queue(self, key_path: tuple[str, ...], name: str, entry: Any) -> None:
        ops = self._pending.setdefault(key_path, {})
        ops.pop(name, None)  # the last edit of a name wins, in the order it was made
        ops[name] = entry

    def _flush(self) -> None:
        """Make the queued edits, one server map at a time."""
        while self._pending:
            key_path = next(iter(self._pending))
            self._edit_map(key_path, self._pending.pop(key_path))

    def _edit_map(self, key_path: tuple[str, ...], ops: dict[str, Any]) -> None:
        """Splice one map's queued edits into the bytes (one join of the file)."""
        from aidokit.reconcile.documents import jsonmembers, jsonstyle  # noqa: PLC0415 (off a converged plan's path)

        pos, end, depth = self._find(key_path)
        work = _Work(self.raw, pos, end, self._blank)
        looks = self._look()
        sets = {name: entry for name, entry in ops.items() if entry is not _GONE}
        origin = self._origins.get(key_path, MapOrigin())
        emptied = False
        if depth < len(key_path):
            if not sets:
                return
            value = _nest(key_path[depth + 1 :], sets)
            work.splice(_insert(work.layout(), looks, {key_path[depth]: value}))
        else:
            layout = work.layout()
            present = {m.key for m in layout.members}
            later = self._replace_and_delete(work, layout, ops)
            new = {n: jsonstyle.plain(e) for n, e in sets.items() if n not in present}
            if new:  # before the last member leaves, so the map never empties in between
                work.splice(_insert(work.layout(), looks, new))
            keep_open = origin.open and origin.made is None
            for name in later:
                layout = work.layout()
                index = next(i for i, m in enumerate(layout.members) if m.key == name)
                emptied = len(layout.members) == 1
                newline = looks.style.newline
                kept = (key_path, name) in self._kept_comments
                work.splice(
                    jsonmembers.delete(
                        layout, index, newline, keep_open=keep_open, keep_comments=kept
                    )
                )
        if work.changed:
            self._spliced = (work.start, work.end, work.text.encode("latin-1"))
            self._objects.clear()
        if emptied and origin.made is not None:
            self._unmake(key_path, origin)

    def _unmake(self, key_path: tuple[str, ...], origin: MapOrigin) -> None:
        """Remove the objects aido created on the way to an emptied map, outermost first,
        from the first one that holds nothing but the way to that map (no comment either)."""
        from aidokit.reconcile.documents import jsonmembers  # noqa: PLC0415 (off a converged plan's path)

        for level in range(origin.made or 0, len(key_path)):
            pos, end, _ = self._find(key_path[:level])
            work = _Work(self.raw, pos, end, self._blank)
            layout = work.layout()
            index = next(i for i, m in enumerate(layout.members) if m.key == key_path[level])
            found = layout.members[index]
            span = slice(found.value_start, found.value_end)
            if layout.text[span] != layout.scan[span]:
                return  # a comment inside: the user's
            value = self._decode(layout.scan, span.start, span.stop, work.start)
            if value == _nest(key_path[level + 1 :], {}):
                keep_open = origin.open and level == origin.made
                newline = self._look().style.newline
                splices = jsonmembers.delete(layout, index, newline, keep_open=keep_open)
                if any(layout.holds_comment(start, end) for start, end, _ in splices):
                    return  # a comment the user wrote above or after it keeps it
                work.splice(splices)
                self._spliced = (work.start, work.end, work.text.encode("latin-1"))
                self._objects.clear()
                return

    def _replace_and_delete(
        self, work: _Work, layout: jsonmembers.Layout, ops: dict[str, Any]
    ) -> list[str]:
        """Splice replacements and the deletions that cannot touch each other, in one go;
        return the names whose deletion must wait for a fresh look (the last member's)."""
        from aidokit.reconcile.documents import jsonmembers, jsonstyle  # noqa: PLC0415 (off a converged plan's path)

        splices: list[Splice] = []
        later: list[str] = []
        last = len(layout.members) - 1
        for index, found in enumerate(layout.members):
            if found.key not in ops:
                continue
            entry = ops[found.key]
            if entry is _GONE:
                if index < last and layout.whole_lines(found) is not None:
                    splices += jsonmembers.delete(layout, index, self._look().style.newline)
                else:
                    later.append(found.key)
                continue
            current = self._decode(layout.scan, found.value_start, found.value_end, work.start)
            if not jsonstyle.same(current, entry):
                indent = _member_indent(layout, self._look().style, found)
                multi = _multiline(layout, self._look())
                text = jsonstyle.render(
                    jsonstyle.plain(entry), self._look().style, indent, inline=not multi
                )
                splices.append((found.value_start, found.value_end, text))
        work.splice(splices)
        return later

    def _look(self) -> _Looks:
        """Detect the file's style and top-level layout (once)."""
        from aidokit.reconcile.documents import jsonstyle  # noqa: PLC0415 (off a converged plan's path)

        if self._looks is None:
            head = self.raw[: self._root + _SAMPLE].decode("latin-1")
            scan = blank(head).scan if self._blank else head
            first = skip_ws(scan, self._root + 1)
            multiline = first >= len(scan) or scan[first] == "}" or "\n" in head[self._root : first]
            colon = first_colon(scan, self._root) if first < len(scan) else None
            style = jsonstyle.detect(scan, colon=colon, trailing_commas=self._trailing)
            self._looks = _Looks(style, multiline)
        return self._looks


class _Work:
    """A working copy of one object's text, from the start of its `{` line to its `}`."""

    def __init__(self, raw: bytes, open_pos: int, end: int, blanked: bool) -> None:
        self.start = raw.rfind(b"\n", 0, open_pos) + 1
        self.end = end
        self.open = open_pos - self.start
        self.text = raw[self.start : end].decode("latin-1")
        self.blanked = blanked
        self.changed = False

    def layout(self) -> jsonmembers.Layout:
        """Look at the object as it is now."""
        from aidokit.reconcile.documents import jsonmembers  # noqa: PLC0415 (off a converged plan's path)

        scan = self.text
        if self.blanked:  # blank from the `{` on: the text before it is only for indents
            scan = self.text[: self.open] + blank(self.text[self.open :]).scan
        mems, close = members(scan, self.open, self.text)
        return jsonmembers.Layout(self.text, scan, self.open, close, mems, self.blanked)

    def splice(self, splices: list[Splice]) -> None:
        """Apply non-overlapping splices (new text as real characters) to the copy."""
        if not splices:
            return
        pieces, last = [], 0
        for start, end, new in sorted(splices, key=lambda splice: splice[:2]):
            pieces += [self.text[last:start], new.encode("utf-8").decode("latin-1")]
            last = end
        pieces.append(self.text[last:])
        self.text = "".join(pieces)
        self.changed = True


def _shift(found: Member, base: int) -> Member:
    """Move a member's offsets by `base`."""
    comma = None if found.comma is None else found.comma + base
    return found._replace(
        key_start=found.key_start + base,
        key_end=found.key_end + base,
        value_start=found.value_start + base,
        value_end=found.value_end + base,
        comma=comma,
    )


def _nest(key_path: tuple[str, ...], entries: dict[str, Any]) -> dict[str, Any]:
    """Wrap the entries in the objects named by `key_path`."""
    from aidokit.reconcile.documents import jsonstyle  # noqa: PLC0415 (off a converged plan's path)

    value: dict[str, Any] = {name: jsonstyle.plain(entry) for name, entry in entries.items()}
    for key in reversed(key_path):
        value = {key: value}
    return value


def _check_utf8(path: Path, raw: bytes) -> None:
    """Refuse bytes that are not UTF-8, naming where, without decoding the file at once."""
    if raw.isascii():
        return
    decoder = codecs.getincrementaldecoder("utf-8")()
    data, chunk = memoryview(raw), 1 << 18
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


def _multiline(layout: jsonmembers.Layout, looks: _Looks) -> bool:
    """Tell whether an object puts members on lines of their own.

    An empty object does when it holds a line break, or when it is `{}` in a file whose
    top-level object does; `{ }` or `{ /* c */ }` stays on one line.
    """
    if layout.members:
        return layout.own_line(layout.members[0])
    inside = layout.text[layout.open_pos + 1 : layout.close]
    if inside:
        return layout.first_break() is not None
    return looks.root_multiline


def _member_indent(layout: jsonmembers.Layout, style: Style, near: Member | None) -> str:
    """Return the indentation for a member of the object, taken from `near` if it can."""
    if near is not None and layout.own_line(near):
        return layout.indent(near.key_start)
    return layout.indent(layout.open_pos) + style.unit


def _trailing_comma(layout: jsonmembers.Layout, style: Style) -> str:
    """ "," when new members of this object end with a trailing comma.

    The object's own style decides, as the person wrote it: a trailing comma after its last
    member, or none. An empty object follows the file's style (its other containers).
    """
    if layout.members:
        return "," if layout.members[-1].comma is not None else ""
    return "," if style.trailing_commas else ""


def _insert(layout: jsonmembers.Layout, looks: _Looks, new: dict[str, Any]) -> list[Splice]:
    """Splices that add the members of `new`, in order, at the end of the object."""
    from aidokit.reconcile.documents import jsonmembers, jsonstyle  # noqa: PLC0415 (off a converged plan's path)

    style = looks.style
    comma = _trailing_comma(layout, style)
    if not _multiline(layout, looks):
        space = " " if style.colon.endswith(" ") else ""
        texts = [jsonstyle.member(name, v, style, "", inline=True) for name, v in new.items()]
        return jsonmembers.insert_inline(layout, ("," + space).join(texts), space, comma)
    last = layout.members[-1] if layout.members else None
    indent = _member_indent(layout, style, last)
    texts = [jsonstyle.member(name, v, style, indent, inline=False) for name, v in new.items()]
    joined = ("," + style.newline + indent).join(texts)
    return jsonmembers.insert(layout, joined, indent, style.newline, comma)
