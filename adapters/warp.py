"""Warp: `mcpServers` in `.warp/.mcp.json` and `~/.warp/.mcp.json`.

Warp's MCP page ("File-based MCP servers", warpdotdev/docs#10, merged
2026-05-01): Warp-managed servers live in `.warp/.mcp.json` files, global
`~/.warp/.mcp.json` and project-scoped `{repo_root}/.warp/.mcp.json`. Global
ones start with Warp; project-scoped ones are started by hand (`file_notes`).
The entries are the `mcpServers` shape: stdio `command`, `args`, `env` and
`working_directory` ("where the command is run"), remote `url` and `headers`
(Streamable HTTP or SSE). No variable syntax is documented, so a value that
needs a variable is left out with a note. rulesync (cfebcd75) writes the same
two files and spells `cwd` as `working_directory`.
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
from aidokit.adapters.render import Refs, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class Warp(AdapterBase):
    """The Warp terminal's agents."""

    name = "warp"
    title = "Warp"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        references=NOWHERE,  # no variable syntax documented
        # Launch keys (SPEC §6), its docs: command/args/env/working_directory,
        # url/headers.
        launch_keys=frozenset(
            {"args", "command", "cwd", "env", "headers", "url", "working_directory"}
        ),
    )
    evidence = Evidence(
        verified_by="docs",
        date="2026-12-06",
        link="https://github.com/warpdotdev/docs/pull/10",
        unconfirmed=(
            "environment-variable references (none documented; secrets are left out)",
            "how Warp tells SSE from streamable HTTP for a `url` entry (taken: it tries both)",
        ),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.warp/.mcp.json` in the project or the home folder (every OS)."""
        return self.project_or_home(scope, host, ".warp/.mcp.json", Format.JSON)

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """Warp starts project-scoped servers only when asked."""
        if location.scope is not Scope.PROJECT:
            return ()
        return ("Warp starts the servers of .warp/.mcp.json by hand: start each one in Warp",)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render; a working folder becomes `working_directory`; values that need a
        variable become notes."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            entry = stdio_fields(refs, spec)
            if spec.cwd is not None:
                entry["working_directory"] = spec.cwd
            return refs.done(entry)
        return refs.done(remote_fields(refs, spec))

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.warp/` here, `~/.warp`, or `warp-terminal` (Warp's Linux binary) on PATH."""
        user = (host.home / ".warp",)
        return detect_any(host, scope, project=(".warp/",), user=user, cli=("warp-terminal",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from Warp's MCP page."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        stdio = js.stdio(working_directory=js.string())
        return js.entry(stdio, js.remote(), title="Warp mcpServers entry")


ADAPTER = Warp()
