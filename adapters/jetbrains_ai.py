"""JetBrains AI Assistant: `mcpServers` in a project's `.ai/mcp/mcp.json` (project scope).

JetBrains's AI Assistant MCP page (jetbrains.com/help/ai-assistant/mcp.html) as
rulesync's generator reads it (aiassistant-mcp.ts and aiassistant-paths.ts,
cfebcd75): project-level servers are read from `.ai/mcp/mcp.json`, in the
Claude Desktop shape (`command`, `args`, `env`; a remote server `url` with
`headers`, streamable HTTP or SSE). The IDE-level servers are kept in the IDE's
own settings (Settings | Tools | AI Assistant | Model Context Protocol), not in
a documented file, so aido writes the project file only. No variable syntax is
documented, so a value that needs a variable is left out with a note.
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


class JetBrainsAI(AdapterBase):
    """JetBrains AI Assistant (IntelliJ-based IDEs)."""

    name = "jetbrains-ai"
    title = "JetBrains AI Assistant"
    scopes: tuple[Scope, ...] = (Scope.PROJECT,)
    caps = Capabilities(
        references=NOWHERE,  # no variable syntax documented
        # Launch keys (SPEC §6), Claude Desktop's shape: command/args/env, url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="secondary",
        date="2026-12-06",
        link=(
            "https://github.com/dyoshikawa/rulesync/blob/cfebcd75/"
            "src/features/mcp/aiassistant-mcp.ts"
        ),
        unconfirmed=(
            "JetBrains's page itself (read through rulesync and setup guides)",
            "a user-level file (rulesync also writes ~/.ai/mcp/mcp.json; JetBrains documents"
            " the IDE settings instead)",
            "how a `url` entry chooses SSE or streamable HTTP",
            "environment-variable references (none documented; secrets are left out)",
        ),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.ai/mcp/mcp.json` in the project."""
        project = host.project / ".ai" / "mcp" / "mcp.json"
        return self.at(scope, Format.JSON, ("mcpServers",), project=project)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render; values that need a variable become notes."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)
            return refs.done(stdio_fields(refs, spec))
        return refs.done(remote_fields(refs, spec))

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.ai/mcp/` here."""
        return detect_any(host, scope, project=(".ai/mcp/",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from the MCP page's examples (Claude Desktop's)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        return js.entry(js.stdio(), js.remote(), title="JetBrains AI Assistant mcpServers entry")


ADAPTER = JetBrainsAI()
