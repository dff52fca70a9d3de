"""Factory Droid: `mcpServers` in `.factory/mcp.json` and `~/.factory/mcp.json`.

docs.factory.ai/cli/configuration/mcp ("Configuration"): user servers in
`~/.factory/mcp.json`, team servers in `.factory/mcp.json`; each entry has
`type` `stdio` (`command`, `args`, `env`) or `http` (`url`, `headers`).
`${VAR}` and `${VAR:-default}` in values are expanded from the environment at
load time (Factory-AI/factory#1175, which documents it). SSE is not among the
documented types, so an SSE spec is refused.
"""

from __future__ import annotations

from typing import Any

from aidokit.adapters import schema as js
from aidokit.adapters.base import (
    Capabilities,
    Host,
    Location,
    Rendered,
    Scope,
    ToolFields,
)
from aidokit.adapters.common import STDIO_HTTP, AdapterBase, detect_any
from aidokit.adapters.format import Format
from aidokit.adapters.render import (
    Refs,
    dollar_brace,
    refuse_cwd,
    refuse_transport,
    remote_fields,
    stdio_fields,
)
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class FactoryDroid(AdapterBase):
    """Factory's `droid` CLI."""

    name = "factory-droid"
    title = "Factory Droid"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): the docs' "Configuration Schema".
        tool_fields=ToolFields(
            include="enabledTools", exclude="disabledTools", off=("disabled", True)
        ),
        expands="dollar",  # the `${VAR}` it renders
        transports=STDIO_HTTP,  # its docs name `stdio` and `http` types only
    )
    verified_by = "docs"
    evidence = "https://docs.factory.ai/cli/configuration/mcp"
    unconfirmed = ("the Windows user folder (taken to be %USERPROFILE%\\.factory)",)

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.factory/mcp.json` in the project or the home folder."""
        return self.project_or_home(scope, host, ".factory/mcp.json", Format.JSON)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${VAR}` references; `type` always written."""
        refs = Refs(self.name, server, dollar_brace)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # the schema lists no cwd
            return refs.done({"type": "stdio", **stdio_fields(refs, spec)})
        if spec.transport == "sse":
            refuse_transport(self.name, server, "sse", "Droid documents stdio and http only")
        return refs.done({"type": "http", **remote_fields(refs, spec)})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.factory/` here, `~/.factory`, or `droid` on PATH."""
        return detect_any(
            host, scope, project=(".factory/",), user=(host.home / ".factory",), cli=("droid",)
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from the docs' "Configuration Schema"."""
        common = {
            "disabled": js.boolean(),
            "enabledTools": js.strings(),
            "disabledTools": js.strings(),
            "timeoutMs": js.number(),
        }
        stdio = js.stdio({"type": js.const("stdio")}, **common)
        remote = js.remote({"type": js.const("http")}, **common)
        return js.entry(stdio, remote, title="Factory Droid mcpServers entry")


ADAPTER = FactoryDroid()
