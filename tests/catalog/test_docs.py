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


def test_the_stack_table_has_a_row_per_pack_and_suggests_nothing_gated() -> None:
    """docs/catalog.md's stack table is computed by `select`: one row per stack pack and per
    forge remote; no row suggests a sensitive or deprecated entry, and a row is empty only
    for a pack that "Stacks without a vendor server" names, saying why."""
    from aidokit.catalog.docs import stack_selections
    from aidokit.catalog.docs_sections import GAPS
    from aidokit.catalog.entries import ENTRIES_BY_ID
    from aidokit.catalog.facts import STACK_PACKS

    rows = dict(stack_selections())
    text = render_catalog_markdown()
    for pack in STACK_PACKS:
        assert f"| `{pack.id}` |" in text
    for forge in ("github", "gitlab", "bitbucket"):
        assert f"origin on {forge}" in rows
    for label, selection in rows.items():
        for match in selection.selected:
            entry = ENTRIES_BY_ID[match.id]
            assert not (entry.security_sensitive or entry.deprecated), (label, match.id)
        named = [m for m in selection.selected if m.trigger != "always"] + [
            gate for gate in selection.left_out if gate.trigger is not None
        ]
        if not named:
            assert label in GAPS, f"{label}: nothing suggested or named, and no word on why"


def test_the_stack_gaps_name_only_real_packs_and_entries() -> None:
    """Every `id` the "Stacks without a vendor server" section names in backticks is a stack
    pack or a catalog entry (or a command or key it quotes), so the prose cannot drift."""
    import re

    from aidokit.catalog.docs_sections import GAPS
    from aidokit.catalog.entries import ENTRIES_BY_ID
    from aidokit.catalog.facts import PACKS_BY_ID

    named = set(re.findall(r"`([a-z][a-z0-9-]*)`", GAPS))
    assert named - set(PACKS_BY_ID) - set(ENTRIES_BY_ID) == set(), named
    stacks = ("go", "rust", "spring", "rails", "laravel", "dotnet", "terraform")
    # issue 54: each of the common stacks without a suggestible server of its own
    for stack in (*stacks, "docker", "kubernetes", "prisma"):
        assert f"(`{stack}`" in GAPS, stack
