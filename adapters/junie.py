"""JetBrains Junie: `mcpServers` in `.junie/mcp/mcp.json` and `~/.junie/mcp/mcp.json`.

harness-formats.md §22. JetBrains' Junie page documents stdio servers only
("Currently, Junie supports only MCP servers that use the Standard
Input/Output (stdio) transport type"), configured as JSON with `command`,
`args` and `env`; remote specs are refused so no entry known to fail is
written. The file locations are from third-party tools that write them
(secondary), and no variable syntax is documented: values that need a
variable are left out and reported.
"""

from __future__ import annotations

from typing import Any

from aidokit.adapters.base import (
    NOWHERE,
    STDIO_ONLY,
    Capabilities,
    Evidence,
    Format,
    Host,
    Location,
    Rendered,
    Scope,
)
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.render import (
    Refs,
    refuse_cwd,
    refuse_transport,
    stdio_fields,
)
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class Junie(AdapterBase):
    """JetBrains Junie (IDE plugin and CLI)."""

    name = "junie"
    title = "JetBrains Junie"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        transports=STDIO_ONLY,  # its docs name stdio only (§22)
        references=NOWHERE,  # none documented
        # Launch keys (SPEC §6), its docs: command/args/env.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="secondary",
        date="2026-11-30",
        link="https://www.jetbrains.com/help/junie/model-context-protocol-mcp.html",
        unconfirmed=(
            "both file paths (.junie/mcp/mcp.json, ~/.junie/mcp/mcp.json: third-party tools)",
            "remote servers (the official page says stdio only; they are not written)",
            "environment-variable references (none documented; secrets are left out)",
        ),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.junie/mcp/mcp.json` in the project or the home folder."""
        return self.project_or_home(scope, host, ".junie/mcp/mcp.json", Format.JSON)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render a stdio entry; values that need a variable become notes."""
        if isinstance(spec, RemoteSpec):
            refuse_transport(
                self.name, server, spec.transport, "Junie documents stdio servers only"
            )
        refs = Refs(self.name, server, None)
        refuse_cwd(self.name, server, spec.cwd)  # the docs list command/args/env only
        return refs.done(stdio_fields(refs, spec))

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.junie/` here, `~/.junie`, or `junie` on PATH."""
        return detect_any(
            host, scope, project=(".junie/",), user=(host.home / ".junie",), cli=("junie",)
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from the Junie docs (stdio only)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        return js.entry(js.stdio(), title="Junie mcpServers entry")


ADAPTER = Junie()
