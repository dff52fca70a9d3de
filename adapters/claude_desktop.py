"""Claude Desktop: `mcpServers` in `claude_desktop_config.json` (stdio only).

harness-formats.md §11. There is no Linux build, so no location on Linux.
Remote servers cannot be added through the file (Settings → Connectors), so
`build` raises CatalogError for them. No env interpolation is documented:
a value that needs a variable is left out and reported in its notes (`build`).
UNVERIFIED: whether the app rewrites this file itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aidokit.adapters.base import (
    NOWHERE,
    STDIO_ONLY,
    Capabilities,
    Evidence,
    Format,
    Host,
    Location,
    Rendered,
    Scope,
)
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.render import PerOS, Refs, refuse_cwd, refuse_transport, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

# §11 "Paths": macOS and Windows only; ~/.config/Claude on Linux is unofficial.
USER_FOLDER = PerOS(linux=None, darwin=("app_support", "Claude"), win32=("appdata", "Claude"))


class ClaudeDesktop(AdapterBase):
    """Claude Desktop app."""

    name = "claude-desktop"
    title = "Claude Desktop"
    scopes: tuple[Scope, ...] = (Scope.USER,)
    caps = Capabilities(
        transports=STDIO_ONLY,  # remote servers are Connectors in its UI, never in this file (§11)
        references=NOWHERE,  # no variable syntax at all
        windows_shell=True,  # render.WINDOWS_SHIMS
        # Launch keys (SPEC §6), harness-formats.md §11: command/args/env.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="docs",
        date="2026-11-30",
        link="https://github.com/modelcontextprotocol/modelcontextprotocol/blob/20587283/docs/docs/develop/connect-local-servers.mdx",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """The app's config file on macOS or Windows; None elsewhere."""
        folder = self._folder(host)
        if scope is not Scope.USER or folder is None:
            return None
        path = folder / "claude_desktop_config.json"
        return Location(self.name, scope, path, Format.JSON, ("mcpServers",))

    @staticmethod
    def _folder(host: Host) -> Path | None:
        return USER_FOLDER.folder(host)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render stdio only; references are impossible, so they become notes."""
        if isinstance(spec, RemoteSpec):
            # §11: remote servers are Custom Connectors, added in the app's settings.
            refuse_transport(
                self.name,
                server,
                spec.transport,
                f"Claude Desktop takes remote servers only as Custom Connectors "
                f"(Settings → Connectors → add {spec.url})",
            )
        refuse_cwd(self.name, server, spec.cwd)
        refs = Refs(self.name, server, None)  # §11: no env interpolation documented
        return refs.done(stdio_fields(refs, spec))

    def detect(self, host: Host, scope: Scope) -> str | None:
        """The app's config folder."""
        folder = self._folder(host)
        return detect_any(host, scope, user=(folder,)) if folder is not None else None

    def schema(self) -> dict[str, Any]:
        """Entry shape from §11."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        return js.entry(js.stdio(), title="Claude Desktop mcpServers entry")


ADAPTER = ClaudeDesktop()
