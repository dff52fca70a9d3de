"""GitHub Copilot for JetBrains IDEs: `servers` in
`~/.config/github-copilot/intellij/mcp.json` (user scope only).

The plugin keeps its MCP servers in one user file in VS Code's shape (`servers`,
`type: stdio|http|sse`, `command`/`args`/`env` or `url`/`headers`): Laravel Boost's
PhpStorm Copilot agent writes `~/.config/github-copilot/intellij/mcp.json` on
macOS and Linux and `%LOCALAPPDATA%\\github-copilot\\intellij\\mcp.json` on Windows,
ToolHive's jetbrains-copilot client wrote the same paths, and the `servers` key
with `type` in each entry. No variable syntax is confirmed for the plugin, so a
value that needs a variable is left out with a note.
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
    linux=("home", ".config", "github-copilot", "intellij"),
    darwin=("home", ".config", "github-copilot", "intellij"),
    win32=("localappdata", "github-copilot", "intellij"),
)


class JetBrainsCopilot(AdapterBase):
    """GitHub Copilot's plugin for JetBrains IDEs."""

    name = "jetbrains-copilot"
    title = "GitHub Copilot for JetBrains"
    scopes: tuple[Scope, ...] = (Scope.USER,)
    caps = Capabilities(
        references=NOWHERE,  # no variable syntax confirmed
        # Launch keys (SPEC §6), VS Code's shape: command/args/env, url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="secondary",
        date="2026-12-06",
        link="https://github.com/stacklok/toolhive/blob/24f43f53/pkg/client/config.go",
        unconfirmed=(
            "GitHub's own documentation of the file (read in ToolHive and Laravel Boost)",
            "`${env:VAR}` or `${input:...}` references (not confirmed; secrets are left out)",
        ),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`~/.config/github-copilot/intellij/mcp.json`; under LOCALAPPDATA on Windows."""
        if scope is not Scope.USER:
            return None
        path = USER_FOLDER.everywhere(host) / "mcp.json"
        return Location(self.name, scope, path, Format.JSON, ("servers",))

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render in VS Code's shape, `type` always."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)
            return refs.done({"type": "stdio", **stdio_fields(refs, spec)})
        return refs.done({"type": spec.transport, **remote_fields(refs, spec)})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """The plugin's `github-copilot/intellij` folder."""
        return detect_any(host, scope, user=(USER_FOLDER.everywhere(host),))

    def schema(self) -> dict[str, Any]:
        """Entry shape: VS Code's `servers` entries."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        stdio = js.stdio({"type": js.const("stdio")})
        remote = js.remote({"type": js.enum("http", "sse")})
        return js.entry(stdio, remote, title="GitHub Copilot for JetBrains servers entry")


ADAPTER = JetBrainsCopilot()
