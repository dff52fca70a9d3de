"""The format-preserving document layer (SPEC §6): read, edit and write harness files.

JSON and JSONC are edited by splicing byte spans (`jsonedit`, `jsonmembers`), TOML by
splicing table blocks (`tomldoc`, `tomlscan`), YAML by splicing entries that ruamel.yaml
locates and renders (`yamldoc`); writes are compare-and-swap and atomic (`core/atomic`),
serialised by `core/lock` (imported from there: a plan locks nothing). Which comments and
blank lines belong to an entry is written down in docs/documents.md.
"""

from __future__ import annotations

from aidokit.adapters.base import LIST_ITEMS, NAMED_TABLES, Format
from aidokit.reconcile.core.atomic import ABSENT, file_digest
from aidokit.reconcile.documents.document import Document, read_document, write_document

__all__ = [
    "ABSENT",
    "LIST_ITEMS",
    "NAMED_TABLES",
    "Document",
    "Format",
    "file_digest",
    "read_document",
    "write_document",
]
