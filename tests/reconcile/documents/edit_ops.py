"""The edit operations the document property tests draw: ("set" | "delete", name, entry)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from aidokit.reconcile.documents import Document

Op = tuple[str, str, Any]


def edits(names: list[str], entries: st.SearchStrategy[Any]) -> st.SearchStrategy[list[Op]]:
    """One to four edits, each setting or deleting a server named from `names`."""
    op = st.tuples(st.sampled_from(["set", "delete"]), st.sampled_from(names), entries)
    return st.lists(op, min_size=1, max_size=4)


def apply_op(doc: Document, key_path: tuple[str, ...], op: Op) -> None:
    """Apply one drawn edit to `doc`'s map at `key_path`."""
    kind, name, entry = op
    if kind == "set":
        doc.set_entry(key_path, name, entry)
    else:
        doc.delete_entry(key_path, name)


def edited(doc: Document, key_path: tuple[str, ...], op: Op) -> bytes:
    """`doc`'s bytes after one edit of its map at `key_path`."""
    apply_op(doc, key_path, op)
    return doc.render()


def apply_twice(
    doc: Document, key_path: tuple[str, ...], ops: list[Op], model: Callable[[Op], None]
) -> None:
    """Apply each edit to `doc` and to the `model`; the same edit done again changes nothing."""
    for op in ops:
        apply_op(doc, key_path, op)
        model(op)
        before = doc.render()
        apply_op(doc, key_path, op)
        assert doc.render() == before  # the same edit twice is a no-op


def model_op(value: dict[str, Any], key: str, op: Op, *, drop_empty: bool = False) -> None:
    """Apply one edit to the plain value of a file whose servers live under top-level `key`."""
    kind, name, entry = op
    if kind == "set":
        value.setdefault(key, {})[name] = entry
        return
    value.get(key, {}).pop(name, None)
    if drop_empty and value.get(key) == {}:  # an implicit map goes with its last table
        del value[key]
