"""The context budget (docs/context-budget.md): which tools of a server a harness loads.

`aido.toml` asks for a `Budget` per server (`[override.<id>] tools`, `exclude_tools`,
`enabled`); each adapter compiles it into its harness's own field (`Adapter.budget`),
or, where the harness has none, writes the server unfiltered (left out when switched
off) and says so. The keys a budget writes into an entry are aido's while aido.toml
sets them (`Budgeted.claims`), the harness's otherwise (SPEC §6).
"""

from __future__ import annotations

from typing import Any

from aidokit.adapters.base import Budget, Budgeted, ToolFields


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
    import re  # only when a budget names tools for OpenCode

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
