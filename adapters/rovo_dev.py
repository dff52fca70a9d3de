"""Rovo Dev CLI (Atlassian): `mcpServers` in `~/.rovodev/mcp.json` (user scope only).

Atlassian's page "Connect to an MCP server in Rovo Dev CLI" as rulesync's Rovo
Dev generator reads it (rovodev-mcp.ts, cfebcd75): `~/.rovodev/mcp.json` holds
`mcpServers` in Cursor's shape, with the transport under `transport` (`stdio`,
`http` or `sse`; no `type` alias). A server is switched off in the sibling
`~/.rovodev/config.yml` (`mcp.disabledMcpServers`), not in the entry. A
repository's `.rovodev/mcp.json` is read only where `mcp.mcpConfigPath` names it
(Bitbucket's agentic pipelines), so aido writes the user file only. No variable
syntax is documented, so a value that needs a variable is left out with a note.
"""

from __future__ import annotations

from typing import Any

from aidokit.adapters.base import (
    NOWHERE,
    Capabilities,
    Evidence,
    Format,
    Host,
    Location,
    Rendered,
    Scope,
)
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.render import Refs, refuse_cwd, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class RovoDev(AdapterBase):
    """Atlassian's Rovo Dev CLI."""

    name = "rovo-dev"
    title = "Rovo Dev CLI"
    scopes: tuple[Scope, ...] = (Scope.USER,)
    caps = Capabilities(
        references=NOWHERE,  # no variable syntax documented
        # Launch keys (SPEC §6), its docs: command/args/env, url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="secondary",
        date="2026-12-06",
        link="https://github.com/dyoshikawa/rulesync/blob/cfebcd75/src/features/mcp/rovodev-mcp.ts",
        unconfirmed=(
            "Atlassian's page itself (support.atlassian.com/rovo/docs/"
            "connect-to-an-mcp-server-in-rovo-dev-cli, read through rulesync)",
            "environment-variable references (none documented; secrets are left out)",
        ),
        cli="acli",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`~/.rovodev/mcp.json` (every OS)."""
        if scope is not Scope.USER:
            return None
        path = host.home / ".rovodev" / "mcp.json"
        return Location(self.name, scope, path, Format.JSON, ("mcpServers",))

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `transport` always; values that need a variable become notes."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)
            return refs.done({"transport": "stdio", **stdio_fields(refs, spec)})
        return refs.done({"transport": spec.transport, **remote_fields(refs, spec)})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`~/.rovodev`, or `acli` (Atlassian's CLI, which runs Rovo Dev) on PATH."""
        return detect_any(host, scope, user=(host.home / ".rovodev",), cli=("acli",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from rulesync's generator."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        stdio = js.stdio({"transport": js.const("stdio")})
        remote = js.remote({"transport": js.enum("http", "sse")})
        return js.entry(stdio, remote, title="Rovo Dev mcpServers entry")


ADAPTER = RovoDev()
