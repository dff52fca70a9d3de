"""The edit operation the document property tests draw: ("set" | "delete", name, entry)."""

from __future__ import annotations

from typing import Any

from aidokit.reconcile.documents import Document

Op = tuple[str, str, Any]


def apply_op(doc: Document, key_path: tuple[str, ...], op: Op) -> None:
    """Apply one drawn edit to `doc`'s map at `key_path`."""
    kind, name, entry = op
    if kind == "set":
        doc.set_entry(key_path, name, entry)
    else:
        doc.delete_entry(key_path, name)
