"""Google Antigravity 2.0: `mcpServers` in `.agents/mcp_config.json` and
`~/.gemini/config/mcp_config.json`.

Antigravity is closed source and its own MCP page could not be read here. The
paths are Antigravity 2.0's as three independent sources give them (issue 55):
rulesync's generators for the IDE and the `agy` CLI (cfebcd75, 2026-08-18:
"the IDE and CLI share the project path `.agents/mcp_config.json`"; as of 2.0
the IDE reads `~/.gemini/config/mcp_config.json`, "the legacy
`~/.gemini/antigravity/mcp_config.json` path is no longer read"), and setup
guides of servers for `agy` naming the same two files. Before 2.0 the IDE read
`~/.gemini/antigravity/mcp_config.json` (user only; ToolHive still writes it on
2026-08-21); when that file is found, `file_notes` says 2.0 no longer reads it.
Remote servers use Windsurf's `serverUrl` (rulesync translates `url` to it both
ways). No environment-variable syntax is documented, so a value that needs a
variable is left out and reported in its notes (`build`).
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
    ToolFields,
)
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.render import Refs, refuse_cwd, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

# The file Antigravity read before 2.0 (user scope only).
LEGACY_USER_FILE = (".gemini", "antigravity", "mcp_config.json")


class Antigravity(AdapterBase):
    """Google Antigravity 2.0 (the agent IDE and its `agy` CLI)."""

    name = "antigravity"
    title = "Google Antigravity"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): `disabledTools` per server (rulesync's
        # generator keeps it) and `disabled` (secondary).
        tool_fields=ToolFields(exclude="disabledTools", off=("disabled", True)),
        url_keys=("serverUrl", "url"),
        references=NOWHERE,  # no variable syntax is documented
        # Launch keys (SPEC §6), Windsurf's shape (rulesync): command/args/env, serverUrl,
        # headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "serverUrl", "url"}),
    )
    evidence = Evidence(
        verified_by="secondary",
        date="2026-12-06",
        link=(
            "https://github.com/dyoshikawa/rulesync/blob/cfebcd75/"
            "src/features/mcp/antigravity-ide-mcp.ts"
        ),
        unconfirmed=(
            "Antigravity's own documentation of the two 2.0 paths (read in rulesync's generators"
            " and setup guides for `agy`, not on antigravity.google)",
            "the Windows user path (taken to be ~/.gemini/config, as on macOS and Linux)",
            "`serverUrl` for remote servers and how SSE is told apart",
            "environment-variable references (none documented; secrets are left out)",
        ),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.agents/mcp_config.json` in the project; `~/.gemini/config/mcp_config.json`."""
        project = host.project / ".agents" / "mcp_config.json"
        user = host.home / ".gemini" / "config" / "mcp_config.json"
        return self.at(scope, Format.JSON, ("mcpServers",), project=project, user=user)

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """At user scope, the file Antigravity read before 2.0 when it is still there."""
        legacy = host.home.joinpath(*LEGACY_USER_FILE)
        if location.scope is not Scope.USER or not legacy.exists():
            return ()
        return (
            f"~/{'/'.join(LEGACY_USER_FILE)} is the file Antigravity read before 2.0; 2.0 reads"
            " ~/.gemini/config/mcp_config.json, so the servers left in the old file are not"
            " loaded: move them into the new one (`aido import` then takes them into aido.toml)",
        )

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render; values that need a variable become notes."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # guides list command/args/env only
            return refs.done(stdio_fields(refs, spec))
        return refs.done(remote_fields(refs, spec, url_key="serverUrl"))

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.agents/mcp_config.json` here, `~/.gemini/config` or the pre-2.0 folder, or
        `agy`/`antigravity` on PATH."""
        user = (host.home / ".gemini" / "config", host.home / ".gemini" / "antigravity")
        return detect_any(
            host,
            scope,
            project=(".agents/mcp_config.json",),
            user=user,
            cli=("agy", "antigravity"),
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from rulesync's generator and the setup guides (Windsurf-like)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {"disabled": js.boolean(), "disabledTools": js.strings()}
        stdio = js.stdio(**common)
        remote = js.shape({"serverUrl": js.string()}, {"headers": js.string_map(), **common})
        return js.entry(stdio, remote, title="Antigravity mcpServers entry")


ADAPTER = Antigravity()
