"""The format-preserving document layer (SPEC §6): read, edit and write harness files."""

from __future__ import annotations

from aidokit.reconcile.documents.document import (
    ABSENT,
    Document,
    Format,
    file_digest,
    lock_file,
    read_document,
    write_document,
)

__all__ = [
    "ABSENT",
    "Document",
    "Format",
    "file_digest",
    "lock_file",
    "read_document",
    "write_document",
]
