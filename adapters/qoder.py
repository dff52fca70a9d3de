"""Qoder (Alibaba's agentic IDE): `mcpServers` in `~/.qoder/mcp.json` (user scope only).

ToolHive's client table (pkg/client/config.go at e25de16c, 2026-08-21):
`~/.qoder/mcp.json` on macOS and Linux, `%APPDATA%\\Qoder\\SharedClientCache\\mcp.json`
on Windows, key `mcpServers`, a remote server as `url` with `type` `http` or
`sse` (Qoder reads the transport field). No project file and no variable
syntax are documented there, so a value that needs a variable is left out with
a note. The Qoder CLI (`qodercli`) reads `~/.qoder/settings.json` instead: the
`qoder-cli` adapter.
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

USER_FOLDER = PerOS(
    linux=("home", ".qoder"),
    darwin=("home", ".qoder"),
    win32=("appdata", "Qoder", "SharedClientCache"),
)


class Qoder(AdapterBase):
    """Alibaba's Qoder IDE."""

    name = "qoder"
    title = "Qoder"
    scopes: tuple[Scope, ...] = (Scope.USER,)
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
            "Qoder's own documentation of the file (read in ToolHive only)",
            "a project-level file",
            "environment-variable references (none documented; secrets are left out)",
        ),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`~/.qoder/mcp.json`; `%APPDATA%/Qoder/SharedClientCache/mcp.json` on Windows."""
        if scope is not Scope.USER:
            return None
        path = USER_FOLDER.everywhere(host) / "mcp.json"
        return Location(self.name, scope, path, Format.JSON, ("mcpServers",))

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render; a remote server carries `type` (ToolHive)."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)
            return refs.done(stdio_fields(refs, spec))
        return refs.done({"type": spec.transport, **remote_fields(refs, spec)})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """The Qoder folder, or `qoder` on PATH."""
        user = (USER_FOLDER.everywhere(host),)
        return detect_any(host, scope, user=user, cli=("qoder",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from ToolHive."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        remote = js.remote({"type": js.enum("http", "sse")})
        return js.entry(js.stdio(), remote, title="Qoder mcpServers entry")


ADAPTER = Qoder()
