"""Cline: `mcpServers` in `cline_mcp_settings.json` (user scope only).

harness-formats.md §13. The path follows Cline's own lookup:
`$CLINE_MCP_SETTINGS_PATH`, else `$CLINE_DATA_DIR/settings/…`, else
`${CLINE_DIR:-~/.cline}/data/settings/…` (each trimmed, a blank one skipped).
Cline's loader expands no variable (its contract test sets one and reads
`${VAR}` back verbatim), so a value that needs a variable is left out and
reported in its notes (`build`). Cline writes this file under a `<file>.lock` directory (§1.3).
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
    ToolFields,
)
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.render import Refs, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

_FILE = "cline_mcp_settings.json"


class Cline(AdapterBase):
    """Cline (VS Code extension and CLI)."""

    name = "cline"
    title = "Cline"
    scopes: tuple[Scope, ...] = (Scope.USER,)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): McpHub.ts toggleServerDisabled; no per-tool
        # filter.
        tool_fields=ToolFields(off=("disabled", True)),
        untyped_url="sse",  # no `type` with a `url` is SSE (§13)
        references=NOWHERE,  # no variable references at all (harness-audit.md M5)
        harness_keys=frozenset({"autoApprove", "disabled", "timeout"}),
        # Launch keys (SPEC §6), harness-formats.md §13: command/args/cwd/env,
        # url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    # tests/contract runs the settings loader of the installed `cline` (its @cline/core).
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-11-30",
        link="https://github.com/cline/cline/blob/21cb8d25/apps/vscode/src/services/mcp/schemas.ts",
        cli="cline",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """The shared settings file; Cline has no project-level file."""
        if scope is not Scope.USER:
            return None
        return Location(self.name, scope, self._path(host), Format.JSON, ("mcpServers",))

    @staticmethod
    def _path(host: Host) -> Path:
        # Cline trims each variable and skips a blank one (@cline/shared storage paths;
        # tests/contract/test_cline.py holds every mix of the three to its resolver).
        def named(var: str) -> Path | None:
            value = host.environ.get(var, "").strip()
            return Path(value) if value else None

        explicit = named("CLINE_MCP_SETTINGS_PATH")
        if explicit is not None:
            return explicit
        cline_dir = named("CLINE_DIR") or host.home / ".cline"
        data_dir = named("CLINE_DATA_DIR") or cline_dir / "data"
        return data_dir / "settings" / _FILE

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render; values that need a variable become notes."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            return refs.done({"type": "stdio", **stdio_fields(refs, spec, cwd=True)})
        # §1.2, §13: `url` without `type` means legacy SSE; streamable HTTP is
        # spelled `streamableHttp` (camelCase).
        kind = "streamableHttp" if spec.transport == "http" else "sse"
        return refs.done({"type": kind, **remote_fields(refs, spec)})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """The Cline folder, or `cline` on PATH."""
        return detect_any(host, scope, user=(host.home / ".cline",), cli=("cline",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from §13 (flat form)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        # §13: `timeout` is in seconds (1-3600); the allowlist is `autoApprove`.
        common = {
            "disabled": js.boolean(),
            "autoApprove": js.strings(),
            "timeout": {"type": "number", "minimum": 1, "maximum": 3600},
        }
        stdio = js.stdio(type=js.const("stdio"), cwd=js.string(), **common)
        remote = js.remote({"type": js.enum("streamableHttp", "sse")}, **common)
        return js.entry(stdio, remote, title="Cline mcpServers entry")


ADAPTER = Cline()
