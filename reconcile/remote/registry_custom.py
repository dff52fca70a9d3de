"""A registry-only server as `[custom.<id>]` fields (`aido mcp add ID --from-registry NAME`).

No review stands behind a server the catalog does not hold, so it takes the
custom path: security-sensitive, confirmed by typing its id at a terminal
before anything runs (SPEC §7). Its fields come from its `server.json`,
translated as `aido catalog import` does (secrets become `${NAME}`
references): the remote when it has one, else its npm, PyPI or OCI package.
A server a catalog entry already is, is refused in favour of the entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from aidokit.catalog.errors import excerpt
from aidokit.catalog.models import MCPDef, RemoteSpec
from aidokit.catalog.registry_match import matching_entries
from aidokit.catalog.server_json import entry_from_server_json, server_json_from
from aidokit.catalog.views import spec_line
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.remote.download import Deadlines
from aidokit.reconcile.remote.mcp_registry import latest_server


class RegistryCustom(NamedTuple):
    """The custom server's fields, and what to tell the user about it."""

    fields: dict[str, object]
    name: str
    version: str
    runs: str  # one line: the URL or the command it runs
    env: tuple[str, ...]  # the variables its references need


def registry_custom(url: str, name: str, catalog: Sequence[MCPDef]) -> RegistryCustom:
    """Fetch server `name` from the registry at `url` and make custom fields of it."""
    item = latest_server(url, name, Deadlines())
    server = server_json_from(item.server, source=f"the registry's server.json of {name}")
    curated = matching_entries(server, catalog)
    if curated:
        raise ConfigError(
            f"{name} is the catalog entry '{curated[0].id}'; run aido mcp add {curated[0].id}"
        )
    if item.status != "active":
        raise ConfigError(
            f"{name} is {item.status} on the registry; pick another server "
            "(aido search --registry WORDS)"
        )
    entry = entry_from_server_json(server).entry
    spec = entry.install.get("remote") or entry.install["stdio"]
    fields: dict[str, object]
    if isinstance(spec, RemoteSpec):
        fields = {"url": spec.url, "transport": spec.transport, "headers": dict(spec.headers)}
    else:
        fields = {"command": spec.command, "args": list(spec.args), "env": dict(spec.env)}
    return RegistryCustom(
        fields=fields,
        name=name,
        version=str(server["version"]),
        runs=excerpt(spec_line(spec), 200),
        env=tuple(var.name for var in entry.env),
    )
