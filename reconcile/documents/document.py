"""The document facade used by adapters and apply: read, edit entries, render, write."""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aidokit.adapters.base import ITEMS, LIST_ITEMS, NAMED_TABLES, Format
from aidokit.reconcile.core.atomic import (
    MapOrigin,
    Pieces,
    Stamp,
    file_digest,
    file_stamp,
    read_stamped,
    remember_digest,
    replace_file,
)
from aidokit.reconcile.core.errors import DocumentError
from aidokit.reconcile.core.merges import marker_line, merge_conflict
from aidokit.reconcile.documents.jsonedit import NEW_FILE, JsonEditor
from aidokit.reconcile.documents.tomldoc import TomlEditor

if TYPE_CHECKING:
    from aidokit.reconcile.documents.frontmatter import FrontmatterEditor
    from aidokit.reconcile.documents.yamldoc import YamlEditor


class Document:
    """A parsed config file plus pending entry edits; `render()` gives the new bytes."""

    def __init__(self, path: Path, fmt: Format, original: bytes | None) -> None:
        self.path = path
        self.fmt = fmt
        self.original = original
        self.digest = file_digest(original)
        self.edited = False  # whether set_entry or delete_entry was called
        self._editor: JsonEditor | TomlEditor | YamlEditor | FrontmatterEditor
        try:
            self._open(path, fmt, original)
        except DocumentError:
            line = marker_line(original) if original is not None else None
            if line is None:
                raise
            raise DocumentError(merge_conflict(path, line)) from None  # issue 49 §6
        self._start = self.render()

    def _open(self, path: Path, fmt: Format, original: bytes | None) -> None:
        """Parse `original` with the editor of `fmt`."""
        if fmt is Format.TOML:
            self._editor = TomlEditor(path, b"" if original is None else original)
        elif fmt is Format.YAML:
            # ruamel.yaml loads only when a YAML file (Goose) is opened.
            from aidokit.reconcile.documents.yamlitems import YamlItemsEditor  # noqa: PLC0415 (reconcile.documents.yamlitems imports ruamel, heavy)

            self._editor = YamlItemsEditor(path, b"" if original is None else original)
        elif fmt is Format.MARKDOWN:
            from aidokit.reconcile.documents.frontmatter import FrontmatterEditor  # noqa: PLC0415 (reconcile.documents.frontmatter imports ruamel, heavy)

            # A missing agent file reads as empty frontmatter (aido never creates one).
            self._editor = FrontmatterEditor(path, b"---\n---\n" if original is None else original)
        else:
            self._editor = JsonEditor(path, fmt, NEW_FILE if original is None else original)

    @property
    def value(self) -> dict[str, Any]:
        """Return the parsed file as plain values (read-only; edits show up here)."""
        return self._editor.value

    @property
    def changed(self) -> bool:
        """Tell whether the edits changed any byte (a new file: whether it has content)."""
        if isinstance(self._editor, JsonEditor):
            return self._editor.differs(self._start)
        return self.render() != self._start

    def pieces(self) -> Pieces:
        """The new bytes as pieces that, joined, are `render()`: a big JSON file is written
        from its bytes as read and the edited span, never copied whole."""
        if isinstance(self._editor, JsonEditor):
            return self._editor.pieces()
        return (self.render(),)

    def get_map(self, key_path: tuple[str, ...]) -> dict[str, Any] | None:
        """Return the object at `key_path`; None when absent, DocumentError when not an object.

        A path ending in LIST_ITEMS (YAML and Markdown only) reads a list of one-key maps
        as the map of its items; its string items are not entries. A path ending in
        NAMED_TABLES (TOML only) reads an array of tables as the map of its elements by
        their `name` field (without it); an element without a string name is no entry.
        A path ending in ITEMS (JSON, YAML, Markdown) reads an array as the map of its
        items by `item_key`.
        """
        key_path = self._path(key_path)
        if key_path[-1:] == (ITEMS,) and self._is_json():
            return self._json().get_items(key_path[:-1])
        return self._editor.get_map(key_path)

    def _is_json(self) -> bool:
        """Whether the file is JSON (an ITEMS path is the JSON editor's; in YAML, the
        YAML editor's, yamlitems)."""
        return self.fmt in (Format.JSON, Format.JSONC)

    def _json(self) -> JsonEditor:
        """The JSON editor (callers check `_is_json` first)."""
        if not isinstance(self._editor, JsonEditor):
            raise RuntimeError("aido bug: expected isinstance(self._editor, JsonEditor)")
        return self._editor

    def set_entry(self, key_path: tuple[str, ...], name: str, entry: Any) -> None:
        """Create or replace one entry, creating the map and its parents when missing; at
        an ITEMS path, append the item unless it is there."""
        self.edited = True
        key_path = self._path(key_path)
        if key_path[-1:] == (ITEMS,):
            if self._is_json():
                self._json().add_item(key_path[:-1], name, entry)
            else:
                self._editor.set_entry(key_path, _checked((name,))[0], entry)
            return
        self._editor.set_entry(key_path, self._new_name(name), entry)

    def update_entry(
        self, key_path: tuple[str, ...], name: str, entry: Any, keep: tuple[str, ...]
    ) -> None:
        """Write `entry` (aido's fields) into an existing entry field by field: the keys in
        `keep` are someone else's (SPEC §6) and keep their bytes, even where `entry` has
        them too (a harness's default); any other key not in `entry` goes. Without `keep`,
        or with no entry there, the whole entry is written."""
        current = (self.get_map(key_path) or {}).get(name) if keep else None
        if not isinstance(current, dict) or not isinstance(entry, dict) or ITEMS in key_path:
            self.set_entry(key_path, name, entry)
            return
        if NAMED_TABLES in key_path:  # an element of a TOML array of tables, pair by pair
            if not isinstance(self._editor, TomlEditor):
                raise RuntimeError("aido bug: expected isinstance(self._editor, TomlEditor)")
            self.edited = True
            self._editor.update_item(key_path[:-1], self._new_name(name), entry, keep)
            return
        if LIST_ITEMS in key_path:  # an item of a YAML list, key by key like a map's entry
            from aidokit.reconcile.documents.frontmatter import FrontmatterEditor  # noqa: PLC0415 (reconcile.documents.frontmatter imports ruamel, heavy)
            from aidokit.reconcile.documents.yamlitems import YamlItemsEditor  # noqa: PLC0415 (reconcile.documents.yamlitems imports ruamel, heavy)

            if not isinstance(self._editor, FrontmatterEditor | YamlItemsEditor):
                raise RuntimeError("aido bug: expected a frontmatter or YAML items editor")
            self.edited = True
            self._editor.update_item(self._path(key_path), name, entry, keep)
            return
        inside = self._path((*key_path, name))
        # A field of an entry is an entry of the entry's map (JSON, YAML objects) ...
        set_field: Callable[..., None] = self._editor.set_entry
        delete_field: Callable[..., None] = self._editor.delete_entry
        if self.fmt is Format.TOML:  # ... or a pair of its table, in TOML
            if not isinstance(self._editor, TomlEditor):
                raise RuntimeError("aido bug: expected isinstance(self._editor, TomlEditor)")
            set_field, delete_field = self._editor.set_field, self._editor.delete_field
        from aidokit.reconcile.documents.jsonstyle import same  # noqa: PLC0415 (off a converged plan's path)

        self.edited = True
        for key in current:
            if key not in entry and key not in keep:
                delete_field(inside, key)
        for key, value in entry.items():
            if key not in keep and (key not in current or not same(current[key], value)):
                set_field(inside, self._new_name(key), value)

    def _path(self, key_path: tuple[str, ...]) -> tuple[str, ...]:
        """Check a key path; LIST_ITEMS only as the last step, and only in YAML (Markdown);
        NAMED_TABLES only as the last step, and only in TOML; ITEMS only as the last step,
        after at least one key, and not in TOML."""
        _checked(key_path)
        if LIST_ITEMS in key_path[:-1] or (
            LIST_ITEMS in key_path and self.fmt not in (Format.YAML, Format.MARKDOWN)
        ):
            raise TypeError(f"{self.fmt} documents cannot address list items at {key_path!r}")
        if NAMED_TABLES in key_path[:-1] or (
            NAMED_TABLES in key_path and self.fmt is not Format.TOML
        ):
            raise TypeError(f"{self.fmt} documents cannot address named tables at {key_path!r}")
        if ITEMS in key_path and (
            ITEMS in key_path[:-1] or len(key_path) < 2 or self.fmt is Format.TOML
        ):
            raise TypeError(f"{self.fmt} documents cannot address array items at {key_path!r}")
        return key_path

    def _new_name(self, name: str) -> str:
        """Refuse to write a key that would not survive a round trip (control characters)."""
        (name,) = _checked((name,))
        import unicodedata  # noqa: PLC0415 (only when aido writes a new key (docs/benchmarks.md))

        # Cc covers C0, DEL and C1 (YAML reads U+0085 as a line break); Zl/Zp are
        # the Unicode line and paragraph separators.
        if any(unicodedata.category(char) in ("Cc", "Zl", "Zp") for char in name):
            raise DocumentError(
                f"{self.path}: refusing to write the key {name!r}: it holds control characters"
            )
        return name

    def delete_entry(
        self, key_path: tuple[str, ...], name: str, *, keep_comments: bool = False
    ) -> None:
        """Remove one entry if present; an emptied map stays, empty (see `restore`).
        `keep_comments`: the comments above it stay where they were (a TOML entry that
        `aido import` renames to its catalog id, issue 50)."""
        self.edited = True
        key_path = self._path(key_path)
        if key_path[-1:] == (ITEMS,) and self._is_json():
            self._json().remove_item(key_path[:-1], _checked((name,))[0])
            return
        if keep_comments and isinstance(self._editor, TomlEditor | JsonEditor):
            self._editor.delete_entry(key_path, _checked((name,))[0], keep_comments=True)
            return
        self._editor.delete_entry(key_path, _checked((name,))[0])

    def origin(self, key_path: tuple[str, ...]) -> MapOrigin:
        """Say what the map at `key_path` looks like before aido's first entry goes in."""
        key_path = self._path(key_path)
        if LIST_ITEMS in key_path or NAMED_TABLES in key_path:
            return MapOrigin()
        if key_path[-1:] == (ITEMS,):  # a YAML list has its own rules (yamlitems)
            return self._json().items_origin(key_path[:-1]) if self._is_json() else MapOrigin()
        return self._editor.origin(key_path)

    def restore(self, key_path: tuple[str, ...], origin: MapOrigin) -> None:
        """Have the map at `key_path` give back the bytes `origin` describes once the
        edits empty it: removed (with the objects aido created around it), or left open."""
        key_path = self._path(key_path)
        if key_path[-1:] == (ITEMS,):
            if self._is_json():
                self._json().restore_items(key_path[:-1], origin)
        elif LIST_ITEMS not in key_path and NAMED_TABLES not in key_path:
            self._editor.restore(key_path, origin)

    def rehearse(self, edits: list[tuple[tuple[str, ...], str, Any, tuple[str, ...]]]) -> None:
        """Raise the DocumentError these (map, name, entry or None to delete, keys kept)
        edits would meet, without making them: a plan shows a layout aido will not edit
        before apply writes anything. JSON edits cannot be refused once the file was read."""
        if self.fmt in (Format.JSON, Format.JSONC) or not edits:
            return
        if self.fmt is Format.TOML:  # a copy sharing the file's parse and scan
            if not isinstance(self._editor, TomlEditor):
                raise RuntimeError("aido bug: expected isinstance(self._editor, TomlEditor)")

            trial = copy.copy(self)
            trial._editor = self._editor.trial()
        else:
            trial = Document(self.path, self.fmt, self.original)
        for key_path, name, entry, keep in edits:
            if entry is None:
                trial.delete_entry(key_path, name)
            else:
                trial.update_entry(key_path, name, entry, keep)
        trial.render()  # TOML checks that its edits read back as intended here

    def render(self) -> bytes:
        """Return the file's new bytes (== original when nothing changed)."""
        return self._editor.render()


def _checked(keys: tuple[str, ...]) -> tuple[str, ...]:
    """Refuse key paths that are not tuples of strings (a bug in the caller)."""
    if not isinstance(keys, tuple) or not all(isinstance(key, str) for key in keys):
        raise TypeError(f"a key path must be a tuple of strings, not {keys!r}")
    return keys


# The last unedited document read from each file: apply takes the one its plan read
# (same process, file untouched since) instead of reading and parsing it again.
_READ: dict[tuple[str, Format], tuple[Stamp, Document]] = {}
_SETTLED_NS = 100_000_000  # 0.1 s: far more than any file system's timestamp tick


def read_document(path: Path, fmt: Format) -> Document:
    """Read and parse `path`; a missing file is an empty document (original None).

    A file read before in this process whose inode, size and times have not changed
    since gives back that same document, if nothing has edited it.
    """
    key = (str(path), fmt)
    kept = _READ.pop(key, None)
    if kept is not None and not kept[1].edited and kept[0] == file_stamp(path):
        _READ[key] = kept
        return kept[1]
    raw, stamp = read_stamped(path)
    document = Document(path, fmt, raw)
    # A stamp is trusted only for a file last modified well before it was read: a write
    # in the same clock tick as the read could leave its size and times as they were.
    if stamp is not None and stamp[3] < time.time_ns() - _SETTLED_NS:
        remember_digest(path, stamp, document.digest)
        _READ[key] = (stamp, document)
    return document


def write_document(doc: Document, *, create_parents: bool, new_mode: int = 0o666) -> None:
    """Write `doc` atomically, only if changed, and only if the file still has the read bytes.

    A new file gets `new_mode` (less the umask): 0o600 for user-level files (SPEC §7).
    """
    if not doc.changed:
        return
    replace_file(
        doc.path, doc.render(), doc.digest, create_parents=create_parents, new_mode=new_mode
    )
