"""Custom MCPs (`[custom.<id>]` in aido.toml, SPEC §4 and §7): always security-sensitive."""

from __future__ import annotations

from collections.abc import Collection

from aidokit.adapters import ADAPTERS
from aidokit.catalog.models import PLACEHOLDER_RE, EnvVar, MCPDef, RemoteSpec, Role, StdioSpec
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.read.choices.config import CustomMCP, ProjectConfig

# A custom server is offered to the roles that act on the code; `[mcp.roles]`
# overrides this like for any catalog entry.
CUSTOM_ROLES: tuple[Role, ...] = ("implementer", "tester-reviewer")


def custom_servers(config: ProjectConfig, catalog_ids: Collection[str]) -> list[MCPDef]:
    """Every `[custom.<id>]` as a security-sensitive entry, sorted by id."""
    servers = []
    for custom_id, custom in sorted(config.custom.items()):
        if custom_id in catalog_ids:
            raise ConfigError(
                f"aido.toml [custom.{custom_id}] uses the id of a catalog entry; rename the "
                f"custom server, or drop it and add '{custom_id}' to `add` under [mcp]"
            )
        servers.append(custom_server(custom_id, custom))
    return servers


def custom_server(custom_id: str, custom: CustomMCP) -> MCPDef:
    """One custom server, installable for every adapter aido knows."""
    spec: StdioSpec | RemoteSpec
    if custom.url is not None:
        spec = RemoteSpec(url=custom.url, transport=custom.transport, headers=custom.headers)
        texts = [custom.url, *custom.headers.values()]
    else:
        if custom.command is None:  # CustomMCP checks exactly one is set
            raise RuntimeError("aido bug: expected custom.command is not None")
        spec = StdioSpec(command=custom.command, args=custom.args, env=custom.env)
        texts = [custom.command, *custom.args, *custom.env.values()]
    names = sorted({name for text in texts for name in PLACEHOLDER_RE.findall(text)})
    return MCPDef(
        id=custom_id,
        name=custom_id,
        purpose=f"custom server from aido.toml [custom.{custom_id}]",
        suggested_for=CUSTOM_ROLES,
        triggers=("never",),
        install=dict.fromkeys(ADAPTERS, spec),
        # Every referenced variable is treated as a secret: it is only ever
        # written as the harness's reference, never as a value.
        env=tuple(EnvVar(name=name, secret=True) for name in names),
        security_sensitive=True,
        tags=("custom",),
    )
