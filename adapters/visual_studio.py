"""Visual Studio (2022 17.14+, 2026): `servers` in `%USERPROFILE%\\.mcp.json` (user only).

learn.microsoft.com/visualstudio/ide/mcp-servers ("File locations for
automatic discovery"): Visual Studio reads `%USERPROFILE%\\.mcp.json`,
`<SOLUTIONDIR>\\.vs\\mcp.json`, `<SOLUTIONDIR>\\.mcp.json`, `.vscode\\mcp.json`
and `.cursor\\mcp.json`, in VS Code's shape (`servers`, `type`). The
solution-level `.mcp.json` is Claude Code's project file, which holds
`mcpServers` and is rejected by Claude Code if it holds `servers`; so aido
never writes Visual Studio entries into a project. Project servers reach
Visual Studio through `.vscode/mcp.json` (the `vscode` adapter), and
`file_notes` says so. The user file is refused when the project *is* the
home folder, where it would be that same Claude Code file.
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

_FILE = ".mcp.json"


class VisualStudio(AdapterBase):
    """Visual Studio with GitHub Copilot agent mode (Windows)."""

    name = "visual-studio"
    title = "Visual Studio (Copilot agent)"
    scopes: tuple[Scope, ...] = (Scope.USER,)
    caps = Capabilities(
        references=NOWHERE,  # its docs name no variable syntax
        # Launch keys (SPEC §6), its mcp.json docs: command/args/env, url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="docs",
        date="2026-11-30",
        link="https://learn.microsoft.com/visualstudio/ide/mcp-servers",
        unconfirmed=(
            "environment-variable references (only ${input:...} prompts are documented; "
            "secrets are left out)",
            "whether the solution's .mcp.json is also read under Claude Code's `mcpServers` key",
        ),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`%USERPROFILE%\\.mcp.json` on Windows, unless it is the project's own `.mcp.json`."""
        if scope is not Scope.USER or host.os != "win32" or host.project == host.home:
            return None
        # VS Code's shape; VS edits it with a JSON schema, comments are kept as found.
        return Location(self.name, scope, host.home / _FILE, Format.JSONC, ("servers",))

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render VS Code's shape; values that need a variable become notes."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # the docs list no cwd field
            return refs.done({"type": "stdio", **stdio_fields(refs, spec)})
        return refs.done({"type": spec.transport, **remote_fields(refs, spec)})

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """Where project servers for Visual Studio go, when the project has a `.mcp.json`."""
        if not (host.project / _FILE).is_file():
            return ()
        return (
            "Visual Studio also reads this project's .mcp.json, which is Claude Code's file "
            "(`mcpServers`); aido writes no Visual Studio entries there: target the vscode "
            "adapter for project servers, Visual Studio reads .vscode/mcp.json too",
        )

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`%USERPROFILE%\\.mcp.json` on Windows."""
        if host.os != "win32":
            return None
        return detect_any(host, scope, user=(host.home / _FILE,))

    def schema(self) -> dict[str, Any]:
        """Entry shape: VS Code's `servers` entry (the docs' examples)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        stdio = js.stdio({"type": js.const("stdio")}, envFile=js.string())
        remote = js.remote({"type": js.enum("http", "sse")})
        return js.entry(stdio, remote, title="Visual Studio servers entry")


ADAPTER = VisualStudio()
