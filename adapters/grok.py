"""Grok Build (xAI's `grok` CLI): `[mcp_servers.<name>]` in `.grok/config.toml` and
`~/.grok/config.toml`.

rulesync's Grok generator (grokcli-mcp.ts and grokcli-paths.ts at cfebcd75),
"verified against grok 0.2.54 (`grok mcp add --help`, `grok mcp add`)": `-s
project` writes `./.grok/config.toml`, `-s user` writes `~/.grok/config.toml`,
each server a TOML table `[mcp_servers.<name>]`; a stdio server gets `command`,
`args`, `enabled = true` and an `[mcp_servers.<name>.env]` table, a remote one
`url` and `enabled`. `enabled = false` switches a server off. No variable
syntax is documented (the `env` table holds values, unlike Codex's
`env_vars`), so a value that needs a variable is left out with a note. The
file also holds Grok's other settings: aido edits its own tables only.
"""

from __future__ import annotations

from typing import Any

from aidokit.adapters.base import (
    NOWHERE,
    STDIO_HTTP,
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
from aidokit.adapters.render import Refs, refuse_cwd, refuse_transport, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class Grok(AdapterBase):
    """xAI's Grok Build CLI."""

    name = "grok"
    title = "Grok Build"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): `enabled = false`; Grok has no
        # per-server tool lists (rulesync).
        tool_fields=ToolFields(off=("enabled", False)),
        transports=STDIO_HTTP,  # `grok mcp add` writes `url`; no SSE switch was found
        references=NOWHERE,
        # Launch keys (SPEC §6), its docs: command/args and the [env] table, url.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="secondary",
        date="2026-12-06",
        link="https://github.com/dyoshikawa/rulesync/blob/cfebcd75/src/features/mcp/grokcli-mcp.ts",
        unconfirmed=(
            "`headers` on a remote server (not in what `grok mcp add` writes)",
            "SSE (refused)",
            "environment-variable references (none documented; secrets are left out)",
        ),
        cli="grok",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.grok/config.toml` in the project or the home folder (every OS)."""
        relative = (".grok", "config.toml")
        return self.at(
            scope,
            Format.TOML,
            ("mcp_servers",),
            project=host.project.joinpath(*relative),
            user=host.home.joinpath(*relative),
        )

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render as `grok mcp add` does (`enabled = true`); values needing a variable
        become notes."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # no working-folder key was found
            return refs.done({**stdio_fields(refs, spec), "enabled": True})
        if spec.transport == "sse":
            refuse_transport(self.name, server, "sse", "Grok's remote entries are a `url` only")
        return refs.done({**remote_fields(refs, spec), "enabled": True})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.grok/` here, `~/.grok`, or `grok` on PATH."""
        return detect_any(
            host, scope, project=(".grok/",), user=(host.home / ".grok",), cli=("grok",)
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from what `grok mcp add` writes (rulesync)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        return js.entry(
            js.stdio({"enabled": js.boolean()}),
            js.remote({"enabled": js.boolean()}),
            title="Grok mcp_servers entry",
        )


ADAPTER = Grok()
