"""Windsurf: `mcpServers` in `~/.codeium/windsurf/mcp_config.json` (user scope only).

harness-formats.md §10. UNVERIFIED there: the interpolation syntax (the
official docs say which fields are interpolated; `${env:VAR}` is secondary),
a project-level file, the Windows path (taken to be under the home folder),
and how SSE is chosen (remote entries carry only `serverUrl`).

Windsurf was renamed Devin Desktop in 2026. Devin's own files are the `devin`
adapter's (`.devin/mcp_config.json`, `~/.config/devin/mcp_config.json` since Devin
v3000.3; rulesync 9e76b827, 2026-07-30, moved its Devin target there, and it has
no Windsurf target). This adapter keeps
Windsurf's file for the installs that still read it: ToolHive writes it for
Windsurf and the Windsurf JetBrains plugin as of 2026-08-21 (e25de16c,
pkg/client/config.go), and Cascade's hooks stay under `~/.codeium/windsurf/`
after the rename (rulesync docs/reference/file-formats.md, cfebcd75).
"""

from __future__ import annotations

from typing import Any

from aidokit.adapters.base import (
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
from aidokit.adapters.render import (
    Refs,
    env_colon,
    refuse_cwd,
    remote_fields,
    stdio_fields,
)
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class Windsurf(AdapterBase):
    """Windsurf (Codeium) Cascade."""

    name = "windsurf"
    title = "Windsurf"
    scopes: tuple[Scope, ...] = (Scope.USER,)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): the docs' per-tool and server switches
        # (secondary).
        tool_fields=ToolFields(exclude="disabledTools", off=("disabled", True)),
        expands="env-colon",  # `${env:VAR}` in command, args, env, URLs and headers
        url_keys=("serverUrl", "url"),
        harness_keys=frozenset({"disabled", "disabledTools"}),
        # Launch keys (SPEC §6), harness-formats.md §10: command/args/env, serverUrl or
        # url, headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "serverUrl", "url"}),
    )
    evidence = Evidence(
        verified_by="docs",
        date="2026-12-06",
        link="https://docs.windsurf.com/windsurf/cascade/mcp",
        unconfirmed=(
            "${env:VAR} syntax (secondary pages only)",
            "whether Devin Desktop (Windsurf renamed) still reads this file; Devin's own"
            " files are the `devin` adapter's",
        ),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`~/.codeium/windsurf/mcp_config.json`; no project file is documented."""
        user = host.home / ".codeium" / "windsurf" / "mcp_config.json"
        return self.at(scope, Format.JSON, ("mcpServers",), user=user)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${env:VAR}` references (§10, syntax secondary)."""
        refs = Refs(self.name, server, env_colon)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # §10 lists no cwd field
            return refs.done(stdio_fields(refs, spec))
        # §1.2, §10: remote servers need `serverUrl` (or `url`); serverUrl is the documented one.
        return refs.done(remote_fields(refs, spec, url_key="serverUrl"))

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`~/.codeium/windsurf`, or `windsurf` on PATH."""
        folder = host.home / ".codeium" / "windsurf"
        return detect_any(host, scope, user=(folder,), cli=("windsurf",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from §10."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        remote = js.shape({"serverUrl": js.string()}, {"headers": js.string_map()})
        return js.entry(js.stdio(), remote, js.remote(), title="Windsurf mcpServers entry")


ADAPTER = Windsurf()
