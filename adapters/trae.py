"""Trae (ByteDance's IDE): `mcpServers` in `.trae/mcp.json` and the user file
`Trae/User/mcp.json` in the Electron app folder.

ToolHive's client table (pkg/client/config.go at e25de16c, 2026-08-21) writes
Trae's user file: `~/.config/Trae/User/mcp.json` on Linux, `~/Library/Application
Support/Trae/User/mcp.json` on macOS, `%APPDATA%\\Trae\\User\\mcp.json` on
Windows, key `mcpServers`, a remote server as `url` with no transport field.
getmcp's Trae generator (packages/generators/src/trae.ts) writes the project
file `.trae/mcp.json` in the same shape, citing docs.trae.ai's MCP page. No
variable syntax is documented, so a value that needs a variable is left out
with a note.
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
from aidokit.adapters.render import PerOS, Refs, refuse_cwd, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

# ToolHive: `.config` on Linux (taken as XDG_CONFIG_HOME, as Electron does), Application
# Support on macOS, APPDATA on Windows.
USER_FOLDER = PerOS(
    linux=("xdg", "Trae", "User"),
    darwin=("app_support", "Trae", "User"),
    win32=("appdata", "Trae", "User"),
)


class Trae(AdapterBase):
    """ByteDance's Trae IDE."""

    name = "trae"
    title = "Trae"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        references=NOWHERE,  # no variable syntax documented
        # Launch keys (SPEC §6), its docs: command/args/env, url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="secondary",
        date="2026-12-06",
        link="https://github.com/stacklok/toolhive/blob/e25de16c/pkg/client/config.go",
        unconfirmed=(
            "Trae's own documentation of both files (read in ToolHive and getmcp, not on"
            " docs.trae.ai)",
            "how Trae tells SSE from streamable HTTP for a `url` entry",
            "environment-variable references (none documented; secrets are left out)",
        ),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.trae/mcp.json`; `Trae/User/mcp.json` in the app folder of each OS."""
        project = host.project / ".trae" / "mcp.json"
        user = USER_FOLDER.everywhere(host) / "mcp.json"
        return self.at(scope, Format.JSON, ("mcpServers",), project=project, user=user)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render; a remote server is a `url` with no transport field (ToolHive)."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)
            return refs.done(stdio_fields(refs, spec))
        return refs.done(remote_fields(refs, spec))

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.trae/` here, the app's `Trae/User` folder or `~/.trae`, or `trae` on PATH."""
        user = (USER_FOLDER.everywhere(host), host.home / ".trae")
        return detect_any(host, scope, project=(".trae/",), user=user, cli=("trae",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from ToolHive and getmcp (Cursor's)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        return js.entry(js.stdio(), js.remote(), title="Trae mcpServers entry")


ADAPTER = Trae()
