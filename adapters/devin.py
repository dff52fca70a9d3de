"""Devin (the Devin CLI and Devin Desktop, formerly Windsurf): `mcpServers` in
`.devin/mcp_config.json` and `~/.config/devin/mcp_config.json`.

Devin's MCP page (docs.devin.ai/cli/extensibility/mcp/configuration) gives the
entry shape: stdio `command`, `args`, `env`; remote `url`, `transport`
(`"http"`, the default, or `"sse"`) and `headers`; the user folder is
`~/.config/devin` (`%APPDATA%\\devin` on Windows). Since Devin v3000.3 (the
Local 3.6 release) servers live in a file of their own, `mcp_config.json`, next
to `config.json` (whose old `mcpServers` Devin moves there on start): rulesync
9e76b827 (2026-07-30) retargeted its Devin generator to these files; the docs
page read here still shows `config.json`. The docs put secrets as literal
values into the git-ignored `.devin/config.local.json` and name no variable
syntax, so a value that needs a variable is left out with a note.
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
from aidokit.adapters.render import PerOS, Refs, refuse_cwd, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

# The docs: "~/.config/devin/config.json; %APPDATA%\devin\config.json on Windows".
USER_FOLDER = PerOS(
    linux=("home", ".config", "devin"),
    darwin=("home", ".config", "devin"),
    win32=("appdata", "devin"),
)


class Devin(AdapterBase):
    """Cognition's Devin CLI and Devin Desktop."""

    name = "devin"
    title = "Devin"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): `disabledTools` per server (rulesync's
        # generator keeps it).
        tool_fields=ToolFields(exclude="disabledTools"),
        references=NOWHERE,  # secrets go into config.local.json as values (the docs)
        # Launch keys (SPEC §6), its docs: command/args/env, url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="docs",
        date="2026-12-06",
        link="https://docs.devin.ai/cli/extensibility/mcp/configuration",
        unconfirmed=(
            "the dedicated mcp_config.json of Devin v3000.3 (rulesync 9e76b827; the docs page"
            " read here still names config.json)",
            "environment-variable references (none documented; secrets are left out)",
        ),
        cli="devin",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.devin/mcp_config.json`; `~/.config/devin/mcp_config.json` (APPDATA on Windows)."""
        project = host.project / ".devin" / "mcp_config.json"
        user = USER_FOLDER.everywhere(host) / "mcp_config.json"
        return self.at(scope, Format.JSON, ("mcpServers",), project=project, user=user)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render; `transport` names SSE (HTTP is Devin's default); values needing a
        variable become notes."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # the docs list command, args, env
            return refs.done(stdio_fields(refs, spec))
        fields = remote_fields(refs, spec)
        return refs.done({"url": fields.pop("url"), "transport": spec.transport, **fields})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.devin/` here, `~/.config/devin`, or `devin` on PATH."""
        user = (USER_FOLDER.everywhere(host),)
        return detect_any(host, scope, project=(".devin/",), user=user, cli=("devin",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from Devin's MCP page."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {"disabledTools": js.strings()}
        stdio = js.stdio(**common)
        remote = js.remote(transport=js.enum("http", "sse"), **common)
        return js.entry(stdio, remote, title="Devin mcpServers entry")


ADAPTER = Devin()
