"""docs/catalog.md is generated from the catalog and must be current."""

from __future__ import annotations

from pathlib import Path

from aidokit.catalog.docs import render_catalog_markdown
from aidokit.catalog.entries import MCP_CATALOG

DOC = Path(__file__).resolve().parents[2] / "docs" / "catalog.md"


def test_catalog_doc_is_up_to_date() -> None:
    """Regenerate with `python -m aidokit.catalog.docs` when this fails."""
    assert DOC.read_text(encoding="utf-8") == render_catalog_markdown()


def test_catalog_doc_has_one_row_per_entry() -> None:
    """Every entry appears in the table with its gates."""
    text = render_catalog_markdown()
    for entry in MCP_CATALOG:
        assert f"| `{entry.id}` |" in text
    assert "yes, use `playwright`" in text
