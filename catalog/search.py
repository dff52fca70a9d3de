"""Rank catalog entries (and registry servers) against search words (`aido search`).

Offline and deterministic: a word scores where it meets a field's words, in
the order id > name > tags > purpose, more for a whole word than for the
start of one, least for a piece inside one (`db` in `mongodb`). The entry
whose id the words spell comes first; then an entry that meets more of the
words, then the higher score, then current entries before deprecated ones,
then catalog order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from aidokit.catalog.models import MCPDef

_WORD = re.compile(r"[a-z0-9]+")
# How much a word met in each field is worth, by field.
WEIGHTS = {"id": 8, "name": 6, "tags": 4, "purpose": 2}
MAX_WORDS = 16  # more search words than this add nothing but time


class Score(NamedTuple):
    """How well a text's fields meet the search words."""

    matched: int  # how many of the search words met a field at all
    points: int

    def __bool__(self) -> bool:
        return self.matched > 0


class Hit(NamedTuple):
    """A catalog entry the words found, with its score."""

    entry: MCPDef
    score: Score


def search_words(text: Iterable[str]) -> tuple[str, ...]:
    """The distinct lower-case words of `text` (letters and digits), at most MAX_WORDS."""
    words = (word for part in text for word in _WORD.findall(part.lower()))
    return tuple(dict.fromkeys(words))[:MAX_WORDS]


def score(words: Sequence[str], fields: dict[str, str]) -> Score:
    """How well `fields` (named as in WEIGHTS) meet `words`."""
    tokens = {name: _WORD.findall(text.lower()) for name, text in fields.items()}
    matched = points = 0
    for word in words:
        gained = sum(WEIGHTS[name] * _meets(word, found) for name, found in tokens.items())
        matched += gained > 0
        points += gained
    return Score(matched, points)


def _meets(word: str, tokens: list[str]) -> int:
    """3 for a whole token, 2 for a token's start, 1 for a piece of one, else 0."""
    best = 0
    for token in tokens:
        if token == word:
            return 3
        if token.startswith(word):
            best = max(best, 2)
        elif word in token:
            best = max(best, 1)
    return best


def entry_fields(entry: MCPDef) -> dict[str, str]:
    """The fields of `entry` a search looks at."""
    return {
        "id": entry.id.replace("-", " "),
        "name": entry.name,
        # `registry:io.github.x/y` links an entry to its registry server; not a topic.
        "tags": " ".join(tag for tag in entry.tags if not tag.startswith("registry:")),
        "purpose": entry.purpose,
    }


def search_catalog(words: Sequence[str], entries: Iterable[MCPDef]) -> list[Hit]:
    """The entries `words` find, best first."""
    hits = [
        (Hit(entry, found), order)
        for order, entry in enumerate(entries)
        if (found := score(words, entry_fields(entry)))
    ]
    exact = "-".join(words)  # the words spell an id: that entry first
    hits.sort(
        key=lambda pair: (
            pair[0].entry.id != exact,
            -pair[0].score.matched,
            -pair[0].score.points,
            pair[0].entry.deprecated,
            pair[1],
        )
    )
    return [hit for hit, _ in hits]
