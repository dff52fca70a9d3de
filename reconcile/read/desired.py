"""Desired state (SPEC §1 step 2): suggestions + `add` - `skip`, resolved per adapter.

Pure functions of the catalog, the facts and `aido.toml`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from aidokit.adapters import spec_for, unreferenced_variables
from aidokit.adapters.agents import NamedAgentScoping
from aidokit.adapters.assumed_format import AssumesFormat
from aidokit.adapters.base import Adapter, Companion, Host, Scope
from aidokit.adapters.budget import NOTHING, Budget, Budgeted, budgeted
from aidokit.adapters.render import for_os
from aidokit.catalog.errors import NoInstallSpecError
from aidokit.catalog.facts import Facts, OSName
from aidokit.catalog.models import MCPDef, RemoteSpec
from aidokit.catalog.triggers import select
from aidokit.reconcile.core.errors import CatalogError, ConfigError
from aidokit.reconcile.read.choices.config import ProjectConfig


class Wanted(NamedTuple):
    """A server the project should have, and why."""

    server: MCPDef
    detail: str  # the particulars of `why`: a trigger's match, `[mcp] add`, a baseline
    explicit: bool  # named in `[mcp] add` (or a custom entry)
    roles: tuple[str, ...]
    scoped: bool = False  # `[mcp.roles]` names the agents: scope it where the harness can
    source: str = "catalog"  # "catalog" | "custom" | "imported" (recorded in aido.lock)
    # The context budget `[override.<id>]` asks for (docs/context-budget.md), and per agent.
    budget: Budget = NOTHING
    agent_budgets: Mapping[str, Budget] = MappingProxyType({})
    why: str = "desired"  # the plan's Reason (plan/model.py), by value: "upgrade" once pinned
    # `adapters` of its `[override.<id>]` or `[custom.<id>]`: the only harnesses it is for.
    adapters: tuple[str, ...] | None = None


class DesiredEntry(NamedTuple):
    """A server rendered for one adapter: what its file should hold."""

    name: str
    id: str
    entry: dict[str, Any]
    detail: str  # the particulars of `why`
    roles: tuple[str, ...]
    sensitive: bool
    notes: tuple[str, ...] = ()  # what the user must set by hand (secrets aido won't write)
    companions: tuple[Companion, ...] = ()  # role scoping outside the server map
    budget_companions: tuple[Companion, ...] = ()  # the context budget outside it (OpenCode)
    source: str = "catalog"  # "catalog" | "custom" | "imported", recorded in state
    scoped: bool = False  # its roles come from `[mcp.roles]`, not the catalog
    # The harness's keys aido.toml sets in this entry (the context budget): aido's (SPEC §6).
    claims: frozenset[str] = frozenset()
    budget: Budget = NOTHING  # what aido.toml asks of its tools
    filtered: bool = True  # whether this harness applies that budget
    plain: dict[str, Any] | None = None  # the entry before the budget (per-agent budgets)
    agent_budgets: Mapping[str, Budget] = MappingProxyType({})
    # No server entry of its own, only its companions (a native policy's items).
    companions_only: bool = False
    why: str = "desired"  # the plan's Reason (plan/model.py), by value, with `detail`


def wanted_servers(
    catalog: Iterable[MCPDef],
    facts: Facts,
    config: ProjectConfig,
    *,
    origin: Mapping[str, str] | None = None,
) -> tuple[list[Wanted], list[str]]:
    """The servers the project should have, sorted by id, plus notes for the user.

    `origin` names the file each choice came from (reconcile/read/choices/layers.py), for the
    reasons. `[override.*]` is applied later (reconcile/read/choices/overrides.py), on top of
    the pinned spec.
    """
    origin = origin or {}
    by_id = {entry.id: entry for entry in catalog}
    customs: list[MCPDef] = []  # security-sensitive: never selected below
    if config.custom:
        from aidokit.reconcile.read.choices.custom import custom_servers  # noqa: PLC0415 (off a converged plan's path)

        customs = custom_servers(config, by_id)
    for server in customs:
        if server.id in config.mcp.add:  # catalog ids only: the JSON Schema lists them
            raise ConfigError(
                f"{_file(origin, '[mcp] add', server.id)} [mcp] add names '{server.id}', a "
                f"[custom.{server.id}] server; every [custom.*] server is installed without "
                "it, so drop it from add"
            )
    by_id.update((server.id, server) for server in customs)
    choices = config.mcp
    for where, ids in (
        ("[mcp] add", choices.add),
        ("[mcp] skip", choices.skip),
        ("[mcp.roles]", choices.roles),
        ("[override]", config.override),
    ):
        for entry_id in ids:
            if entry_id not in by_id:
                from aidokit.catalog.spelling import maybe  # noqa: PLC0415 (on the error path only)

                raise ConfigError(
                    f"{_file(origin, where, entry_id)} {where} names unknown catalog id "
                    f"'{entry_id}'{maybe(entry_id, by_id)}; run `aido catalog list` "
                    "to see the ids"
                )
    notes: list[str] = []
    chosen: dict[str, Wanted] = {}
    if config.suggest:
        for match in select(by_id.values(), facts).selected:
            chosen[match.id] = _wanted(by_id[match.id], match.reason, config)
    for entry_id in choices.add:
        entry = by_id[entry_id]
        if entry.deprecated:
            replacement = f"; use '{entry.replaced_by}' instead" if entry.replaced_by else ""
            notes.append(f"'{entry_id}' is deprecated{replacement}")
        reason = f"added in {origin.get(f'add:{entry_id}', 'aido.toml')}"
        chosen[entry_id] = _wanted(entry, reason, config, explicit=True)
    for server in customs:
        reason = f"custom server in {origin.get(f'custom:{server.id}', 'aido.toml')}"
        custom = _wanted(server, reason, config, explicit=True)
        chosen[server.id] = custom._replace(source="custom")
    for entry_id in choices.skip:
        chosen.pop(entry_id, None)
    for entry_id in sorted(set(config.override) - set(chosen)):  # a leftover (issue 54)
        where = origin.get(f"override:{entry_id}", "aido.toml")
        notes.append(
            f"[override.{entry_id}] in {where} applies to nothing: '{entry_id}' is not "
            f'installed here; remove the table, or add it with [mcp] add = ["{entry_id}"]'
        )
    return [chosen[k] for k in sorted(chosen)], notes


def _file(origin: Mapping[str, str], where: str, entry_id: str) -> str:
    """The layer file that names `entry_id` under `where`, for error messages."""
    prefix = {"[mcp] add": "add", "[mcp] skip": "skip", "[override]": "override"}.get(where)
    return origin.get(f"{prefix}:{entry_id}", "aido.toml") if prefix else "aido.toml"


def _wanted(entry: MCPDef, reason: str, config: ProjectConfig, *, explicit: bool = False) -> Wanted:
    roles = config.mcp.roles.get(entry.id, entry.suggested_for)
    chosen = config.override.get(entry.id) or config.custom.get(entry.id)
    return Wanted(
        entry, reason, explicit, tuple(roles), scoped=entry.id in config.mcp.roles,
        adapters=chosen.adapters if chosen is not None else None,
    )  # fmt: skip


def _unreachable_auth(server: MCPDef, adapter: Adapter) -> tuple[str, ...]:
    """Variables the server's remote form needs in headers/URL that `adapter` cannot reference."""
    remote = next((s for s in server.install.values() if isinstance(s, RemoteSpec)), None)
    return unreferenced_variables(adapter, remote) if remote else ()


def resolve_for(
    adapter: Adapter,
    wanted: list[Wanted],
    os: OSName = "linux",
    scope: Scope = Scope.PROJECT,
    *,
    host: Host | None = None,
) -> tuple[list[DesiredEntry], list[str]]:
    """Render every wanted server for `adapter`; notes say what was skipped and why.

    With `host`, an entry the harness found there would not read in its `scope` file
    (`AssumesFormat.assumed_format`, e.g. by its CLI's version) is left out with the reason.
    """
    entries: list[DesiredEntry] = []
    notes: list[str] = []
    assumed = None
    if host is not None and isinstance(adapter, AssumesFormat):
        assumed = adapter.assumed_format(scope, host)
    for item in wanted:
        if item.adapters is not None and adapter.name not in item.adapters:
            notes.append(
                f"{item.server.id}: not written to {adapter.name}: aido.toml writes it only to "
                f"{', '.join(item.adapters) or 'no harness'} (its adapters list)"
            )
            continue
        spec = spec_for(item.server, adapter)
        needs = _unreachable_auth(item.server, adapter) if spec is None else ()
        if needs:
            notes.append(
                f"{item.server.id}: left out of {adapter.name}: its remote server needs "
                f"{', '.join(needs)}, which {adapter.name} cannot reference, so the entry "
                "would fail to authenticate; use a harness that can, or run the server's "
                "stdio form by hand"
            )
            continue
        if spec is None:
            if item.explicit:
                raise NoInstallSpecError(
                    f"'{item.server.id}' has no install spec for {adapter.name}; remove it from "
                    "aido.toml [mcp] add or drop that adapter, and open an issue to add one",
                    entry_id=item.server.id,
                    adapter=adapter.name,
                    supported=list(item.server.install),
                )
            notes.append(f"{item.server.id}: no install spec for {adapter.name}, skipped there")
            continue
        try:
            rendered = adapter.build(item.server, spec)  # entry and notes from one rendering
            entry = for_os(adapter, rendered.entry, os, scope)
        except CatalogError as exc:
            if item.explicit:
                raise
            notes.append(f"{item.server.id}: skipped on {adapter.name}: {exc}")
            continue
        refused = None if assumed is None else assumed.refuses(item.server.id, entry)
        if refused is not None:
            notes.append(f"{item.server.id}: left out of {adapter.name}: {refused}")
            continue
        compiled = (
            budgeted(adapter, item.server.id, entry, item.budget, scope)
            if item.budget.chosen
            else Budgeted(entry)
        )
        if compiled.entry is None:  # switched off where the harness has no off switch
            notes.extend(compiled.notes)
            on = [agent for agent, budget in item.agent_budgets.items() if budget.enabled]
            if on:
                notes.append(
                    f"{item.server.id}: [override.{item.server.id}.agents.{on[0]}] "
                    f"enabled = true cannot bring back for one agent a server left out of "
                    f"{adapter.name}; scope it to the agent with [mcp.roles] instead "
                    "(docs/roles.md)"
                )
            continue
        entries.append(
            DesiredEntry(
                name=item.server.id,
                id=item.server.id,
                entry=compiled.entry,
                detail=item.detail,
                why=item.why,
                roles=item.roles,
                sensitive=item.server.security_sensitive,
                notes=(*rendered.notes, *compiled.notes),
                companions=_companions(adapter, item),
                budget_companions=compiled.companions,
                source=item.source,
                scoped=item.scoped,
                claims=compiled.claims,
                budget=item.budget,
                filtered=compiled.filtered,
                plain=entry,
                agent_budgets=item.agent_budgets,
            )
        )
    return entries, notes


def _companions(adapter: Adapter, item: Wanted) -> tuple[Companion, ...]:
    """Role scoping for `item` on `adapter`, only when aido.toml names its agents."""
    if not item.scoped or "*" in item.roles:  # ["*"]: shared on purpose
        return ()
    if not isinstance(adapter, NamedAgentScoping):
        return ()
    return adapter.role_scoping(item.server.id, item.roles)
