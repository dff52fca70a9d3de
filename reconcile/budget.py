"""The context budget in words and numbers (docs/context-budget.md): what the model loads.

Pure: a server's budget (`[override.<id>]` `tools`, `exclude_tools`, `enabled`) and, when
a probe listed them, the server's tools (reconcile/probe/tools.py keeps them per server
version) give "4 of 21 tools", or without the list the filter only ("every tool but
browser_install").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from aidokit.adapters.base import Budget


@dataclass(frozen=True)
class Loads:
    """What the model loads from one server in one harness file."""

    words: str  # "" when aido.toml asks nothing and the tools are not known
    loaded: int | None = None
    total: int | None = None


def loads(budget: Budget, *, filtered: bool = True) -> Loads:
    """The words and counts for `budget` where the harness applies it (`filtered`) or not."""
    total = None if budget.known is None else len(budget.known)
    if not budget.enabled:
        return Loads("switched off", 0, total)
    effective = budget if filtered else replace(budget, tools=None, exclude=())
    loaded = effective.loaded
    if loaded is not None and total is not None:
        tools = "tool" if total == 1 else "tools"
        unfiltered = "" if filtered or not budget.filters else " (this harness cannot filter)"
        return Loads(f"{len(loaded)} of {total} {tools}{unfiltered}", len(loaded), total)
    if not budget.filters:
        return Loads("")
    if not filtered:
        return Loads("every tool (this harness cannot filter)")
    return Loads(_filter_words(budget))


def _filter_words(budget: Budget) -> str:
    """The filter alone, when the server's tools are not known."""
    parts = []
    if budget.tools is not None:
        parts.append(f"only {', '.join(budget.tools) or 'no tools'}")
    if budget.exclude:
        lead = "but not" if parts else "every tool but"
        parts.append(f"{lead} {', '.join(budget.exclude)}")
    return " ".join(parts)


def with_known(budget: Budget, lists: Mapping[str, tuple[str, ...]], entry_id: str) -> Budget:
    """`budget` with the tools the last probe listed for `entry_id`, when it listed them."""
    known = lists.get(entry_id)
    return budget if known is None else replace(budget, known=known)
