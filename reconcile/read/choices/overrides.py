"""`[override.<id>]` (SPEC §4): a catalog entry customised without becoming a conflict.

Extra `args` are appended to the catalog's and `env` adds non-secret values;
the rendered entry, so its digest and its ownership record, include them.
Changing `command` or `url` replaces what runs: the entry is then treated as
custom, security-sensitive and confirmed by name (SPEC §7); so does setting a
variable that changes what a launcher loads or installs (`NODE_OPTIONS`,
`LD_PRELOAD`, `npm_config_*`, `UV_*`...). Extra `args` go after the package,
to the server (npx and uvx pass what follows it on), so they keep the source.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from aidokit.adapters.budget import Budget
from aidokit.catalog.models import PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec
from aidokit.reconcile.checks.launch_env import launch_variables
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.read.choices.config import Override, ProjectConfig, ToolChoice
from aidokit.reconcile.read.desired import Wanted


def with_overrides(
    wanted: list[Wanted], config: ProjectConfig, origin: Mapping[str, str]
) -> list[Wanted]:
    """`wanted` with each `[override.<id>]` applied; the reason names its file.

    Applied after `aido.lock` pins the catalog's spec, so the lock keeps the
    catalog's entry and the override stays in the config that states it.
    """
    out = []
    for item in wanted:
        override = config.override.get(item.server.id)
        if override is None:
            out.append(item)
            continue
        where = origin.get(f"override:{item.server.id}", "aido.toml")
        budgeted = item._replace(
            budget=budget_of(override.choice),
            agent_budgets={
                name: budget_of(_over(override.choice, choice))
                for name, choice in sorted(override.agents.items())
            },
        )
        if not override.customises:  # a context budget only: the spec stays the catalog's
            out.append(budgeted)
            continue
        out.append(
            budgeted._replace(
                server=override_server(item.server, override, where),
                detail=f"{item.detail}; customised by [override.{item.server.id}] in {where}",
            )
        )
    return out


def budget_of(choice: ToolChoice) -> Budget:
    """The context budget a choice asks every harness for (docs/context-budget.md)."""
    return Budget(
        tools=choice.tools,
        exclude=choice.exclude_tools or (),
        enabled=choice.enabled is not False,
    )


def _over(base: ToolChoice, agent: ToolChoice) -> ToolChoice:
    """An agent's choice over the server's: each field it sets wins."""
    return ToolChoice(
        tools=base.tools if agent.tools is None else agent.tools,
        exclude_tools=base.exclude_tools if agent.exclude_tools is None else agent.exclude_tools,
        enabled=base.enabled if agent.enabled is None else agent.enabled,
    )


def override_server(server: MCPDef, override: Override, where: str) -> MCPDef:
    """`server` with `override` applied to every adapter's install spec."""
    table = f"{where} [override.{server.id}]"
    if "custom" in server.tags:
        raise ConfigError(
            f"{table} customises a custom server; edit its [custom.{server.id}] table instead"
        )
    secret = sorted(set(override.env) & server.secret_names())
    if secret:
        raise ConfigError(
            f"{table} sets env '{secret[0]}', which '{server.id}' marks secret; remove it "
            "there and set the variable in your environment (aido writes only a reference)"
        )
    install = {name: _spec(spec, override, table) for name, spec in server.install.items()}
    env = server.env
    if override.variables:
        install = {name: _renamed(spec, override.variables) for name, spec in install.items()}
        env = tuple(
            replace(var, name=override.variables.get(var.name, var.name)) for var in server.env
        )
    try:
        return replace(
            server,
            install=install,
            env=env,
            # A loader or package-manager variable (NODE_OPTIONS, LD_PRELOAD, UV_INDEX_URL)
            # changes what runs as much as `command` does (checks/launch_env.py).
            security_sensitive=server.security_sensitive
            or override.replaces
            or bool(launch_variables(override.env)),
        )
    except ValueError as exc:  # e.g. a ${NAME} the entry does not declare
        raise ConfigError(f"{table} is not valid for '{server.id}': {exc}") from None


def _renamed(spec: StdioSpec | RemoteSpec, names: Mapping[str, str]) -> StdioSpec | RemoteSpec:
    """`spec` reading each variable under the person's name (`[override.<id>] variables`);
    an env key stays the server's, only the reference in its value changes."""

    def text(value: str) -> str:
        return PLACEHOLDER_RE.sub(lambda m: "${" + names.get(m.group(1), m.group(1)) + "}", value)

    if isinstance(spec, RemoteSpec):
        return replace(
            spec, url=text(spec.url), headers={k: text(v) for k, v in spec.headers.items()}
        )
    return replace(
        spec,
        command=text(spec.command),
        args=tuple(text(a) for a in spec.args),
        env={k: text(v) for k, v in spec.env.items()},
    )


def _spec(spec: StdioSpec | RemoteSpec, override: Override, table: str) -> StdioSpec | RemoteSpec:
    if override.url is not None:
        headers = spec.headers if isinstance(spec, RemoteSpec) else {}
        return RemoteSpec(url=override.url, headers=headers)
    if override.command is not None:
        env = spec.env if isinstance(spec, StdioSpec) else {}
        return StdioSpec(command=override.command, args=override.args, env={**env, **override.env})
    if isinstance(spec, RemoteSpec):
        if override.args or override.env:
            raise ConfigError(
                f"{table} sets args or env, but this entry is a remote server (url); "
                "those are for command servers"
            )
        return spec
    return replace(spec, args=(*spec.args, *override.args), env={**spec.env, **override.env})
