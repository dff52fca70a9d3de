"""Claude Code. Seed for the walking skeleton; issue 6 completes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aidokit.adapters.base import Host, Location, Scope, substitute
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec
from aidokit.reconcile.documents import Format


class ClaudeCode:
    """Claude Code: `.mcp.json` (project) and `~/.claude.json` (user, local)."""

    name = "claude-code"
    title = "Claude Code"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER, Scope.LOCAL)

    def location(self, scope: Scope, host: Host) -> Location | None:
        """Where Claude Code keeps servers for `scope`."""
        if scope is Scope.PROJECT:
            return Location(
                self.name, scope, host.project / ".mcp.json", Format.JSON, ("mcpServers",)
            )
        if scope is Scope.USER:
            return Location(
                self.name, scope, host.home / ".claude.json", Format.JSON, ("mcpServers",)
            )
        return Location(
            self.name,
            scope,
            host.home / ".claude.json",
            Format.JSON,
            ("projects", str(host.project), "mcpServers"),
        )

    def render(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> dict[str, Any]:
        """Claude Code's entry shape; `${VAR}` references stay as they are."""
        ref = "${{{}}}".format
        if isinstance(spec, RemoteSpec):
            # A url entry without `type` is read as stdio (harness-formats.md §0).
            entry: dict[str, Any] = {"type": spec.transport, "url": substitute(spec.url, ref)}
            if spec.headers:
                entry["headers"] = {k: substitute(v, ref) for k, v in spec.headers.items()}
            return entry
        entry = {"command": spec.command, "args": [substitute(a, ref) for a in spec.args]}
        if spec.env:
            entry["env"] = {k: substitute(v, ref) for k, v in spec.env.items()}
        return entry

    def identity(self, entry: Mapping[str, Any]) -> str | None:
        """The URL or command of an entry."""
        value = entry.get("url") or entry.get("command")
        return value if isinstance(value, str) else None

    def detect(self, host: Host) -> str | None:
        """Claude Code is in use when the project has `.mcp.json` or `.claude/`."""
        for marker in (".mcp.json", ".claude"):
            if (host.project / marker).exists():
                return f"found {marker}"
        return None


ADAPTER = ClaudeCode()
