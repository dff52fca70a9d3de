"""The context budget in words and numbers (docs/context-budget.md): what the model loads.

Pure: a server's budget (`[override.<id>]` `tools`, `exclude_tools`, `enabled`) and, when
a probe listed them, the server's tools (reconcile/read/tool_lists.py keeps them per server
version) give "4 of 21 tools", or without the list the filter only ("every tool but
browser_install").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from aidokit.adapters.budget import Budget
from aidokit.catalog.errors import printable
from aidokit.catalog.spelling import maybe
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.read.tool_lists import valid_tool_name

if TYPE_CHECKING:
    from aidokit.reconcile.read.choices.lockfile import Lock


class Loads(NamedTuple):
    """What the model loads from one server in one harness file."""

    words: str  # "" when aido.toml asks nothing and the tools are not known
    loaded: int | None = None
    total: int | None = None


def loads(budget: Budget, *, filtered: bool = True) -> Loads:
    """The words and counts for `budget` where the harness applies it (`filtered`) or not."""
    total = None if budget.known is None else len(budget.known)
    if not budget.enabled:
        return Loads("switched off", 0, total)
    effective = budget if filtered else budget._replace(tools=None, exclude=())
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


# A tool costs its input schema plus its name and description; about 4 characters make a
# token. A rough estimate, for ranking servers, never a bill.
TOOL_OVERHEAD_CHARS = 400
CHARS_PER_TOKEN = 4


class Cost(NamedTuple):
    """What one server costs the model's context in this project (`aido suggest --budget`)."""

    id: str
    tools_total: int | None  # None: no probe listed its tools yet
    tools_loaded: int | None
    tokens: int | None  # the estimate for the tools it loads
    trim: str  # the override that would trim it, as aido.toml text


def costs(
    budgets: Mapping[str, Budget], sizes: Mapping[str, tuple[tuple[str, int], ...]]
) -> list[Cost]:
    """The servers of `budgets` (id -> its budget), costliest first, each with a trim."""
    found = [_cost(entry, budget, sizes.get(entry)) for entry, budget in budgets.items()]
    return sorted(found, key=lambda c: (-(c.tokens or -1), c.id))


def _cost(entry: str, budget: Budget, tools: tuple[tuple[str, int], ...] | None) -> Cost:
    if tools is None:
        return Cost(entry, None, None, None, "run `aido doctor --probe` to list its tools")
    known = budget._replace(known=tuple(name for name, _ in tools))
    loaded = set(known.loaded or ())
    cost = {name: _tokens(size) for name, size in tools if name in loaded}
    trim = _trim(entry, cost, budget.exclude)
    return Cost(entry, len(tools), len(loaded), sum(cost.values()), trim)


def _tokens(schema_chars: int) -> int:
    return (schema_chars + TOOL_OVERHEAD_CHARS) // CHARS_PER_TOKEN


def _trim(entry: str, cost: Mapping[str, int], excluded: tuple[str, ...]) -> str:
    """`exclude_tools` for the costliest tools that make up half its cost; a server with a
    few tools is switched off instead (in aido.local.toml, for one person)."""
    table = f"[override.{entry}]"
    if not cost:
        return f"{table} loads none of its tools already"
    if len(cost) <= 3:
        return f"{table} enabled = false   # in aido.local.toml: off for you only"
    costliest = sorted(cost, key=lambda name: (-cost[name], name))
    half = sum(cost.values()) / 2
    dropped: list[str] = []
    for name in costliest[: len(cost) - 1]:
        if sum(cost[n] for n in dropped) >= half:
            break
        dropped.append(name)
    listed = ", ".join(f'"{name}"' for name in (*excluded, *dropped))
    return f"{table} exclude_tools = [{listed}]"


def with_known(budget: Budget, lists: Mapping[str, tuple[str, ...]], entry_id: str) -> Budget:
    """`budget` with the tools the last probe listed for `entry_id`, when it listed them."""
    known = lists.get(entry_id)
    return budget if known is None else budget._replace(known=known)


def pinned_lists(lock: Lock | None) -> dict[str, tuple[str, ...]]:
    """Each entry id's tools as its tool pins in `aido.lock` list them (issue 53); an id
    whose pin is folded (too many tools to list) is left to the probe's cache."""
    if lock is None:
        return {}
    found: dict[str, tuple[str, ...]] = {}
    for entry_id, pins in lock.tools.items():
        if pins and all(pin.tools is not None for pin in pins.values()):
            # Only names of the MCP grammar are tools a harness file can list (issue 48 §6).
            names = {name for pin in pins.values() for name in pin.tools or ()
                     if valid_tool_name(name)}  # fmt: skip
            found[entry_id] = tuple(sorted(names))
    return found


def check_named(
    entry_id: str, budgets: Mapping[str, Budget], pinned: tuple[str, ...], where: str
) -> None:
    """Every tool a budget names (`""`: the server's, else an agent's) is one its tool pin
    lists: a misspelt name would otherwise reach the harness's deny list silently."""
    for agent, budget in budgets.items():
        for key, named in (("tools", budget.tools or ()), ("exclude_tools", budget.exclude)):
            unknown = [tool for tool in named if tool not in pinned]
            if unknown:
                table = f"[override.{entry_id}{f'.agents.{agent}' if agent else ''}]"
                raise ConfigError(
                    f"{where} {table} {key} names {printable(repr(unknown[0]))}"
                    f"{maybe(unknown[0], pinned)}, a tool the tool pin of '{entry_id}' in "
                    f"aido.lock does not list; fix the name, or if the server gained it, "
                    f"run `aido upgrade --tools {entry_id}` and review the change"
                )
