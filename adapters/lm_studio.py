"""LM Studio: `mcpServers` in `~/.lmstudio/mcp.json` (user only).

lmstudio-ai/docs 0_app/2_mcp/index.mdx: LM Studio (0.3.17+) is an MCP host
and "follows Cursor's mcp.json notation" (`command`/`args`/`env`, or `url` +
`headers`). The docs open the file from the app and do not print its path:
`~/.lmstudio/mcp.json` (`%USERPROFILE%\\.lmstudio` on Windows) is from
third-party guides, and older installs kept LM Studio's home in
`~/.cache/lm-studio`, which is used when only it exists. No variable syntax
is documented, so values that need one are left out and reported.
"""

from __future__ import annotations

from pathlib import Path
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
from aidokit.adapters.common import AdapterBase, detect_any, first_existing
from aidokit.adapters.render import Refs, refuse_cwd, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class LMStudio(AdapterBase):
    """LM Studio desktop app."""

    name = "lm-studio"
    title = "LM Studio"
    scopes: tuple[Scope, ...] = (Scope.USER,)
    caps = Capabilities(
        references=NOWHERE,  # its docs name no variable syntax
        # Launch keys (SPEC §6), Cursor's notation (its docs): command/args/env,
        # url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="secondary",
        date="2026-11-30",
        link="https://github.com/lmstudio-ai/docs/blob/6fc6a668/0_app/2_mcp/index.mdx",
        unconfirmed=(
            "the file's path (docs open it from the app; ~/.lmstudio/mcp.json is from guides)",
            "environment-variable references (none documented; secrets are left out)",
        ),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`mcp.json` in LM Studio's home folder."""
        if scope is not Scope.USER:
            return None
        path = first_existing((f / "mcp.json" for f in self._homes(host)), self._default(host))
        return Location(self.name, scope, path, Format.JSON, ("mcpServers",))

    @staticmethod
    def _homes(host: Host) -> tuple[Path, ...]:
        return (host.home / ".lmstudio", host.home / ".cache" / "lm-studio")

    def _default(self, host: Host) -> Path:
        return self._homes(host)[0] / "mcp.json"

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render in Cursor's notation; values that need a variable become notes."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # Cursor's notation has no cwd
            return refs.done(stdio_fields(refs, spec))
        return refs.done(remote_fields(refs, spec))

    def detect(self, host: Host, scope: Scope) -> str | None:
        """LM Studio's home folder, or its `lms` CLI on PATH."""
        return detect_any(host, scope, user=self._homes(host), cli=("lms",))

    def schema(self) -> dict[str, Any]:
        """Entry shape of Cursor's mcp.json notation."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        return js.entry(js.stdio(), js.remote(), title="LM Studio mcpServers entry")


ADAPTER = LMStudio()
