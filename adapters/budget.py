"""The context budget (docs/context-budget.md): which tools of a server a harness loads.

`aido.toml` asks for a `Budget` per server (`[override.<id>] tools`, `exclude_tools`,
`enabled`); `budgeted` compiles it into the harness's own field: its entry's
`caps.tool_fields`, or, for a harness that keeps it elsewhere, its own `Budgets.budget`;
where the harness has none, it writes the server unfiltered (left out when switched
off) and says so. The keys a budget writes into an entry are aido's while aido.toml
sets them (`Budgeted.claims`), the harness's otherwise (SPEC §6). A harness with a
per-agent tool field is an `AgentBudgets` (`[override.ID.agents.NAME]`).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple, Protocol, runtime_checkable

from aidokit.adapters.base import Adapter, Companion, Scope, ToolFields


class Budget(NamedTuple):
    """What aido.toml asks of one server's tools in one harness file."""

    tools: tuple[str, ...] | None = None  # only these (None: every tool)
    exclude: tuple[str, ...] = ()  # none of these
    enabled: bool = True  # False: configured but switched off
    # The server's tools as the last probe listed them (None: unknown).
    known: tuple[str, ...] | None = None

    @property
    def filters(self) -> bool:
        """Whether it limits the tools (as opposed to loading every tool)."""
        return self.tools is not None or bool(self.exclude)

    @property
    def chosen(self) -> bool:
        """Whether it asks anything of the harness."""
        return self.filters or not self.enabled

    def allowed(self, tool: str) -> bool:
        """Whether the model may load `tool` (an exclusion wins over the allow-list)."""
        return (self.tools is None or tool in self.tools) and tool not in self.exclude

    @property
    def loaded(self) -> tuple[str, ...] | None:
        """The known tools the model loads, in the server's order (None: not known)."""
        if self.known is None:
            return None
        return tuple(tool for tool in self.known if self.allowed(tool)) if self.enabled else ()

    @property
    def allow_list(self) -> tuple[str, ...] | None:
        """The tools to list in a harness that names only what it loads (None: cannot)."""
        if self.known is not None:
            return self.loaded
        if self.tools is None:
            return None  # "every tool but these" needs the server's own list
        return tuple(tool for tool in self.tools if tool not in self.exclude)

    @property
    def deny_list(self) -> tuple[str, ...] | None:
        """The tools to list in a harness that names only what it hides (None: cannot)."""
        if self.tools is None:
            return self.exclude
        if self.known is None:
            return None  # "only these" needs the server's own list
        return tuple(tool for tool in self.known if not self.allowed(tool))


class Budgeted(NamedTuple):
    """An entry as a budget leaves it, and what else the file needs."""

    entry: dict[str, Any] | None  # None: left out of this file (switched off)
    claims: frozenset[str] = frozenset()  # the harness's keys aido.toml now sets: aido's
    companions: tuple[Companion, ...] = ()  # values outside the entry (OpenCode `tools`)
    notes: tuple[str, ...] = ()  # what the harness cannot do, said per file
    filtered: bool = True  # whether the harness applies the tool filter asked for


NOTHING = Budget()  # aido.toml asks nothing of the tools (docs/context-budget.md)


@runtime_checkable
class Budgets(Protocol):
    """Optional: the harness keeps a budget outside its entry's `caps.tool_fields`, or
    needs more than they say (Claude Code's settings file, OpenCode's `tools` map)."""

    def budget(
        self, name: str, entry: dict[str, Any], budget: Budget, *, scope: Scope = Scope.PROJECT
    ) -> Budgeted:
        """`entry` (server `name`) with `budget` compiled into the harness's own fields
        (docs/context-budget.md); where it has none, unfiltered or left out, with a note."""
        ...


@runtime_checkable
class AgentBudgets(Protocol):
    """Optional: the harness can limit one agent's tools of a server (`[override.ID.agents.NAME]`):
    in the agent's own file (Claude Code's `disallowedTools`) or in its config file
    (OpenCode's `agent.<name>.tools`, with `NamedAgentScoping`)."""

    def agent_budget(self, name: str, agent: str, budget: Budget) -> Budgeted | None:
        """Server `name`'s budget for agent `agent` alone as values of that agent's file, or
        of the adapter's own file for a `NamedAgentScoping`; `entry` of the result is
        unused. None: nothing to write for this budget."""
        ...


def budgeted(
    adapter: Adapter, name: str, entry: dict[str, Any], budget: Budget, scope: Scope
) -> Budgeted:
    """`entry` (server `name`) with `budget` compiled into `adapter`'s own fields: its
    `Budgets.budget`, else its entry's `caps.tool_fields`; without any, the harness has no
    tool filter and no off switch (docs/context-budget.md): every tool is loaded, a server
    switched off is left out, and the plan says so."""
    if isinstance(adapter, Budgets):
        return adapter.budget(name, entry, budget, scope=scope)
    if adapter.caps.tool_fields is None:
        return unfiltered(adapter.name, name, entry, budget)
    return in_entry(adapter.name, name, entry, budget, adapter.caps.tool_fields)


def unfiltered(adapter: str, name: str, entry: dict[str, Any], budget: Budget) -> Budgeted:
    """A harness without a tool filter or an off switch: every tool, or the entry left out."""
    if not budget.enabled:
        return Budgeted(None, notes=(_no_off(adapter, name),), filtered=False)
    notes = (_no_filter(adapter, name),) if budget.filters else ()
    return Budgeted(entry, notes=notes, filtered=not budget.filters)


def in_entry(
    adapter: str, name: str, entry: dict[str, Any], budget: Budget, fields: ToolFields
) -> Budgeted:
    """A harness whose entry holds the filter: an allow-list under `fields.include`, a
    deny-list under `fields.exclude`, and `fields.off` = (key, value) that switches the
    server off (None: it cannot, so a server switched off is left out)."""
    include, exclude, off = fields.include, fields.exclude, fields.off
    if budget.enabled and fields.empty_is_all and include and not exclude:
        allow = budget.allow_list
        if allow == () and off is not None:  # "no tools" would read as every tool
            why = (_empty_is_all(adapter, name, include),)
            return Budgeted({**entry, off[0]: off[1]}, frozenset({off[0]}), notes=why)
    if not budget.enabled and off is None:
        return unfiltered(adapter, name, entry, budget)
    out = dict(entry)
    claims: set[str] = set()
    notes: list[str] = []
    filtered = True

    def put(key: str, value: Any) -> None:
        out[key] = value
        claims.add(key)

    if budget.filters and not (include or exclude):
        notes.append(_no_filter(adapter, name))
        filtered = False
    elif budget.filters:
        lists = _lists(budget, include, exclude)
        if lists is None:
            notes.append(_unknown(adapter, name, budget))
            filtered = False
        else:
            for key, value in lists:
                put(key, list(value))
    if not budget.enabled and off is not None:
        put(*off)
    return Budgeted(out, frozenset(claims), notes=tuple(notes), filtered=filtered)


def _lists(
    budget: Budget, include: str | None, exclude: str | None
) -> list[tuple[str, tuple[str, ...]]] | None:
    """The (key, tools) pairs that say `budget` in a harness with these fields."""
    if include and exclude:  # both: say it as aido.toml does
        pairs: list[tuple[str, tuple[str, ...]]] = []
        if budget.tools is not None:
            pairs.append((include, budget.tools))
        if budget.exclude:
            pairs.append((exclude, budget.exclude))
        return pairs
    if include:
        allow = budget.allow_list
        return None if allow is None else [(include, allow)]
    if exclude:
        deny = budget.deny_list
        return None if deny is None else [(exclude, deny)]
    return None


def tool_name(server: str, tool: str) -> str:
    """`<server>_<tool>` as OpenCode names an MCP tool: each character but letters, digits,
    `_` and `-` replaced by `_` (packages/opencode/src/mcp/index.ts)."""
    clean = re.compile(r"[^A-Za-z0-9_-]")
    return f"{clean.sub('_', server)}_{clean.sub('_', tool)}"


def unknown_list(adapter: str, name: str, budget: Budget) -> str:
    """The note for a harness that needs the server's tool list to say `budget`."""
    return _unknown(adapter, name, budget)


def _no_off(adapter: str, name: str) -> str:
    return (
        f"{name}: {adapter} has no switch that keeps a server configured but off, so "
        f"aido leaves {name} out of its file while aido.toml sets enabled = false"
    )


def _no_filter(adapter: str, name: str) -> str:
    return (
        f"{name}: {adapter} has no field that limits a server's tools, so its file loads "
        f"every tool of {name} (tools / exclude_tools apply elsewhere)"
    )


def _unknown(adapter: str, name: str, budget: Budget) -> str:
    wanted = "only some tools" if budget.tools is not None else "every tool but some"
    return (
        f"{name}: {adapter} can load {wanted} only from the full list of the server's "
        f"tools, which aido does not know yet; run `aido doctor --probe` to list them, "
        f"until then its file loads every tool of {name}"
    )


def _empty_is_all(adapter: str, name: str, key: str) -> str:
    return (
        f"{name}: {adapter} reads an empty {key} as every tool, so aido switches {name} "
        "off there instead of loading none of its tools"
    )
