""" "Did you mean ...?" for a mistyped name: a key, a command, an adapter, a catalog id.

In the bottom layer so that every layer's error can offer the closest name the
same way; difflib is imported only on the error path.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(word: str, names: Iterable[str]) -> str | None:
    """The one name of `names` that `word` most likely mistypes, or None."""
    options = sorted(set(names))
    found = difflib.get_close_matches(word, options, n=1)
    if not found and len(word) >= 3:  # a prefix typed short: `claude` for `claude-code`
        starts = [name for name in options if name.startswith(word)]
        found = starts[:1] if len(starts) == 1 else []
    return found[0] if found else None


def did_you_mean(word: str, names: Iterable[str]) -> str:
    """`; did you mean 'name'?` for the closest name, else an empty string."""
    found = closest(word, names)
    return f"; did you mean '{found}'?" if found else ""


def maybe(word: str, names: Iterable[str]) -> str:
    """` (did you mean 'name'?)` inside a sentence, else an empty string."""
    found = closest(word, names)
    return f" (did you mean '{found}'?)" if found else ""
