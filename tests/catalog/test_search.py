"""Ranking catalog entries against search words (catalog/search.py)."""

from __future__ import annotations

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from aidokit.catalog.entries import ENTRIES_BY_ID, MCP_CATALOG
from aidokit.catalog.models import MCPDef
from aidokit.catalog.search import MAX_WORDS, score, search_catalog, search_words
from tests.fuzz import fuzz_settings


def ids(words: str) -> list[str]:
    return [hit.entry.id for hit in search_catalog(search_words([words]), MCP_CATALOG)]


def test_an_exact_id_ranks_first() -> None:
    """A word that is an entry's id puts that entry first."""
    for entry_id in ("github", "playwright", "sentry", "postgres-mcp"):
        assert ids(entry_id.replace("-", " "))[0] == entry_id


def test_words_met_count_before_points() -> None:
    """An entry meeting both words ranks above one meeting one word strongly."""
    found = ids("postgres database")
    assert found.index("postgres-mcp") < found.index("notion")
    assert "notion" in found  # "databases" in its purpose: the start of a word counts


def test_a_deprecated_entry_ranks_below_its_equal() -> None:
    """Between equal scores, current entries come before deprecated ones, whatever the order."""
    old = dataclasses.replace(ENTRIES_BY_ID["postgres"], id="sql-a", tags=("sql",))
    old = dataclasses.replace(old, purpose="Run SQL", deprecated=True, replaced_by=None)
    new = dataclasses.replace(old, id="sql-b", deprecated=False)
    found = search_catalog(search_words(["sql"]), [old, new])
    assert [hit.entry.id for hit in found] == ["sql-b", "sql-a"]


def test_a_piece_of_a_word_matches_least() -> None:
    """`db` inside `mongodb` finds it, with fewer points than a whole word would."""
    assert "mongodb" in ids("db")
    whole = score(["mongodb"], {"id": "mongodb"}).points
    piece = score(["db"], {"id": "mongodb"}).points
    assert 0 < piece < whole


def test_words_are_letters_and_digits_lowercased_deduplicated() -> None:
    """Punctuation splits words; case and repeats do not matter."""
    assert search_words(["Post-GRES!!", "postgres", "  "]) == ("post", "gres", "postgres")
    assert len(search_words([" ".join(f"w{i}" for i in range(100))])) == MAX_WORDS


def test_nothing_found_is_an_empty_list() -> None:
    """Words no entry has find nothing."""
    assert ids("zzzqqqxxx") == []


@fuzz_settings(200)
@given(st.lists(st.text(max_size=12), max_size=6))
def test_every_hit_meets_a_word_and_the_order_is_by_score(texts: list[str]) -> None:
    """For any words: each hit meets at least one, hits are sorted, no entry twice."""
    words = search_words(texts)
    hits = search_catalog(words, MCP_CATALOG)
    assert all(hit.score.matched >= 1 for hit in hits)
    keys = [(-hit.score.matched, -hit.score.points) for hit in hits]
    assert keys == sorted(keys)
    assert len({hit.entry.id for hit in hits}) == len(hits)


@fuzz_settings(100)
@given(st.sampled_from(MCP_CATALOG))
def test_every_entry_is_found_first_by_its_own_id(entry: MCPDef) -> None:
    """Searching an entry's id (as one word or its parts) finds that entry first."""
    for words in ([entry.id], entry.id.split("-")):
        assert search_catalog(search_words(words), MCP_CATALOG)[0].entry.id == entry.id
