"""Google Antigravity: `mcpServers` in `~/.gemini/antigravity/mcp_config.json` (user only).

harness-formats.md / harness-audit.md "Google Antigravity". Antigravity is
closed source and its MCP page could not be read here: the path, the
Windsurf-style `serverUrl` for remote servers and the absence of a
project-level file come from third-party setup guides (secondary). No
environment-variable syntax is documented, so a value that needs a variable
is left out and reported in its notes (`build`).
"""

from __future__ import annotations

from typing import Any

from aidokit.adapters.base import (
    Capabilities,
    Evidence,
    Format,
    Host,
    Location,
    Rendered,
    Scope,
    ToolFields,
)
from aidokit.adapters.common import NOWHERE, AdapterBase, detect_any
from aidokit.adapters.render import Refs, refuse_cwd, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class Antigravity(AdapterBase):
    """Google Antigravity (agent IDE)."""

    name = "antigravity"
    title = "Google Antigravity"
    scopes: tuple[Scope, ...] = (Scope.USER,)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): the guide's `disabledTools` and `disabled`
        # (secondary).
        tool_fields=ToolFields(exclude="disabledTools", off=("disabled", True)),
        url_keys=("serverUrl", "url"),
        references=NOWHERE,  # its docs name no variable syntax
    )
    evidence = Evidence(
        verified_by="secondary",
        link=(
            "https://github.com/zv-louis/zv-plugin-marketplace/blob/main/plugins/sync-agent-config/"
            "skills/sync-mcp-config/reference/antigravity.md"
        ),
        unconfirmed=(
            "the path on macOS and Linux (guides show the Windows one; taken to be the same"
            " under ~)",
            "whether newer builds moved it (one installer writes ~/.gemini/config/mcp_config.json)",
            "`serverUrl` for remote servers and how SSE is told apart",
            "environment-variable references (none documented; secrets are left out)",
        ),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`~/.gemini/antigravity/mcp_config.json`; no project file exists (guides)."""
        user = host.home / ".gemini" / "antigravity" / "mcp_config.json"
        return self.at(scope, Format.JSON, ("mcpServers",), user=user)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render; values that need a variable become notes."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # guides list command/args/env only
            return refs.done(stdio_fields(refs, spec))
        return refs.done(remote_fields(refs, spec, url_key="serverUrl"))

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`~/.gemini/antigravity`, or `antigravity` on PATH."""
        folder = host.home / ".gemini" / "antigravity"
        return detect_any(host, scope, user=(folder,), cli=("antigravity",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from the setup guides (Windsurf-like)."""
        from aidokit.adapters import schema as js

        common = {"disabled": js.boolean(), "disabledTools": js.strings()}
        stdio = js.stdio(**common)
        remote = js.shape({"serverUrl": js.string()}, {"headers": js.string_map(), **common})
        return js.entry(stdio, remote, title="Antigravity mcpServers entry")


ADAPTER = Antigravity()
