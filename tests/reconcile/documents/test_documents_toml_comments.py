"""Comment ownership in config.toml (docs/documents.md) over generated layouts, batched edits.

The comment lines directly above a table's header belong to that table: in one batch
that adds new entries, heals a user's entry and deletes another, every other table
keeps the comments above it, right above it; the healed entry keeps its own; the
deleted entry's own go with it. Derandomized in CI; AIDO_FUZZ_EXAMPLES for more.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from docgen_layout import NEW_NAMES, Layout, entries, toml_files
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from aidokit.reconcile.documents import Document, Format, tomlscan
from tests.fuzz import fuzz_settings

PROPS = fuzz_settings(300, HealthCheck.too_slow, HealthCheck.data_too_large)
PATH = Path("/nowhere/comments/config.toml")
MAP = ("mcp_servers",)
_NUMBERED = re.compile(r"c\d+\b")


def _headers(text: str) -> list[tuple[str, str]]:
    """Each table header line with the comment lines directly above it (its lead)."""
    lines = text.splitlines(keepends=True)
    found = []
    for index, line in enumerate(lines):
        if not line.lstrip(" \t").startswith("["):
            continue
        start = index
        while start > 0 and lines[start - 1].lstrip(" \t").startswith("#"):
            start -= 1
        found.append(("".join(lines[start:index]), line.rstrip("\r\n")))
    return found


def _owner(header: str) -> str | None:
    """The server a `[mcp_servers.<name>...]` header belongs to."""
    if not header.lstrip(" \t").startswith("[mcp_servers."):
        return None
    path, _ = tomlscan.key_path(header.lstrip(" \t"), 1)
    return path[1]


@pytest.mark.slow
@given(layout=toml_files(), data=st.data())
@PROPS
def test_comments_above_a_table_stay_with_it_through_a_batch_of_edits(
    layout: Layout, data: st.DataObject
) -> None:
    """Add, heal and delete in one batch: each table's comments stay (or go) with it."""
    names = sorted(layout.user)
    healed = data.draw(st.sampled_from(names)) if names else None
    deleted = data.draw(st.sampled_from([n for n in names if n != healed] or [None]))
    new = data.draw(st.dictionaries(st.sampled_from(NEW_NAMES), entries, max_size=2))
    doc = Document(PATH, Format.TOML, layout.raw)
    edits: dict[str, Any] = dict(new)
    if healed is not None:
        edits[healed] = {"command": "healed"}
    for name, entry in edits.items():
        doc.set_entry(MAP, name, entry)
    if deleted is not None:
        doc.delete_entry(MAP, deleted)
    out = doc.render().decode()
    raw = layout.raw.decode()
    expected = {n: e for n, e in layout.user.items() if n != deleted} | edits
    assert tomllib.loads(out.removeprefix("\ufeff")).get("mcp_servers", {}) == expected
    for lead, header in _headers(raw):
        owner = _owner(header)
        if owner is None or owner not in (healed, deleted):
            assert lead + header in out, (lead, header, out)
        elif owner == healed and ".env]" not in header:  # new text under the same lead
            assert lead + "[mcp_servers." in out, (lead, out)
        else:  # the deleted entry's tables, or the healed entry's old sub-table
            gone = _NUMBERED.findall(lead)
            assert not [c for c in gone if re.search(rf"\b{c}\b", out)], (lead, out)
