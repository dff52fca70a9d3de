"""Cursor: `mcpServers` in `.cursor/mcp.json` or `~/.cursor/mcp.json`.

harness-formats.md §7. UNVERIFIED there (secondary sources only): the full
field list and the `${env:NAME}` interpolation syntax this adapter writes.
"""

from __future__ import annotations

from typing import Any

from aidokit.adapters.base import Capabilities, Evidence, Format, Host, Location, Rendered, Scope
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.render import (
    Refs,
    env_colon,
    refuse_cwd,
    remote_fields,
    stdio_fields,
)
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class Cursor(AdapterBase):
    """Cursor editor."""

    name = "cursor"
    title = "Cursor"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        expands="env-colon",  # `${env:NAME}`, `${userHome}`, `${workspaceFolder}`
        # Launch keys (SPEC §6), harness-formats.md §7: command/args/env/envFile,
        # url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "envFile", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="secondary",
        date="2026-11-30",
        link="https://cursor.com/docs/context/mcp",
        unconfirmed=("${env:VAR} syntax and the field list (official page not readable)",),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.cursor/mcp.json` in the project or the home folder (every OS)."""
        return self.project_or_home(scope, host, ".cursor/mcp.json", Format.JSON)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${env:VAR}` references (§7, secondary)."""
        refs = Refs(self.name, server, env_colon)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # §7 lists no cwd field
            return refs.done(stdio_fields(refs, spec))
        # §7: remote entries are `url` + `headers`; Cursor infers the transport.
        return refs.done(remote_fields(refs, spec))

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.cursor/` here, `~/.cursor`, or `cursor` on PATH."""
        return detect_any(
            host, scope, project=(".cursor/",), user=(host.home / ".cursor",), cli=("cursor",)
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from §7."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        stdio = js.stdio(type=js.const("stdio"), envFile=js.string())
        return js.entry(stdio, js.remote(), title="Cursor mcpServers entry")


ADAPTER = Cursor()
