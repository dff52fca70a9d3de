"""Roo Code: `mcpServers` in `.roo/mcp.json` or the extension's global settings.

harness-formats.md §14. The global file's folder (VS Code globalStorage of
`rooveterinaryinc.roo-cline`) is secondary; VS Code forks and profiles are
not handled.
"""

from __future__ import annotations

from pathlib import Path
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
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.render import Refs, env_colon, remote_fields, stdio_fields, vscode_user_dir
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class Roo(AdapterBase):
    """Roo Code (VS Code extension)."""

    name = "roo"
    title = "Roo Code"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): McpHub.ts: a tool in `disabledTools` is left
        # out of the prompt; `disabled` stops the server.
        tool_fields=ToolFields(exclude="disabledTools", off=("disabled", True)),
        expands="env-colon",  # `${env:VAR}`, `${workspaceFolder}` anywhere in the entry
        harness_keys=frozenset({"alwaysAllow", "disabled", "timeout", "disabledTools"}),
        # Launch keys (SPEC §6), harness-formats.md §0 (Roo Code):
        # command/args/cwd/env, url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="source",
        date="2026-11-30",
        link="https://github.com/RooCodeInc/Roo-Code/blob/cb836567/src/services/mcp/McpHub.ts",
        unconfirmed=("global file folder (VS Code globalStorage, secondary); forks and profiles",),
    )

    # Where a Roo-derived extension keeps its files (Kilo's legacy generation differs).
    project_folder = ".roo"
    extension_id = "rooveterinaryinc.roo-cline"

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`<project_folder>/mcp.json`, or `mcp_settings.json` in the extension's globalStorage."""
        if scope is Scope.PROJECT:
            path = host.project / self.project_folder / "mcp.json"
        elif scope is Scope.USER:
            path = self._storage(host) / "settings" / "mcp_settings.json"
        else:
            return None
        return Location(self.name, scope, path, Format.JSON, ("mcpServers",))

    def _storage(self, host: Host) -> Path:
        return vscode_user_dir(host) / "globalStorage" / self.extension_id

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${env:VAR}` references (§14 injectVariables)."""
        refs = Refs(self.name, server, env_colon)
        if isinstance(spec, StdioSpec):
            return refs.done({"type": "stdio", **stdio_fields(refs, spec, cwd=True)})
        # §1.2, §14: `type` is required with `url`, spelled `streamable-http` (kebab-case).
        kind = "streamable-http" if spec.transport == "http" else "sse"
        return refs.done({"type": kind, **remote_fields(refs, spec)})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.roo/` here, or Roo's globalStorage folder."""
        return detect_any(host, scope, project=(".roo/",), user=(self._storage(host),))

    def schema(self) -> dict[str, Any]:
        """Entry shape from §14 (McpHub Zod schema)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        # §14: `timeout` is in seconds (1-3600); the allowlist is `alwaysAllow`.
        common = {
            "disabled": js.boolean(),
            "timeout": {"type": "number", "minimum": 1, "maximum": 3600},
            "alwaysAllow": js.strings(),
            "watchPaths": js.strings(),
            "disabledTools": js.strings(),
        }
        stdio = js.stdio(type=js.const("stdio"), cwd=js.string(), **common)
        remote = js.remote({"type": js.enum("streamable-http", "sse")}, **common)
        return js.entry(stdio, remote, title="Roo Code mcpServers entry")


ADAPTER = Roo()
