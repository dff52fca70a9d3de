"""Kiro (IDE and CLI): `mcpServers` in `.kiro/settings/mcp.json`.

harness-formats.md §16. Kiro expands `${VAR}` only for variables the user
approved ("Mcp Approved Env Vars", secondary), so every referenced variable
also gets a note. UNVERIFIED: transport selection for remote entries (only
`url` + `headers` are documented; SSE and HTTP are written the same).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aidokit.adapters.agents import AgentFiles, AgentFilesBase
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
    dollar_brace,
    refuse_cwd,
    remote_fields,
    stdio_fields,
)
from aidokit.catalog.models import PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec


class Kiro(AgentFilesBase, AdapterBase):
    """Kiro IDE and Kiro CLI."""

    name = "kiro"
    title = "Kiro"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): the docs' "disabledTools" and "disabled".
        tool_fields=ToolFields(exclude="disabledTools", off=("disabled", True)),
        expands="dollar",  # `${VAR}` in env and headers
        harness_keys=frozenset({"autoApprove", "disabled", "disabledTools"}),
        # Launch keys (SPEC §6), harness-formats.md §0 (Kiro): command/args/env,
        # url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="docs",
        date="2026-11-30",
        link="https://kiro.dev/docs/mcp/configuration",
        cli="kiro-cli",
    )
    # Custom agents: `.kiro/agents/<name>.json` with their own `mcpServers`, in the
    # shape of mcp.json (docs/roles.md).
    agent_files = AgentFiles(".kiro/agents", ".json", Format.JSON, ("mcpServers",))

    def agent_blocked(self, agent: Mapping[str, Any], name: str) -> str | None:
        """An agent's `tools` lists every tool it may use: `*`, or `@<server>` for a server's
        (the agent format's "Tools field"); a list naming neither leaves the server unusable."""
        tools = agent.get("tools")
        if not isinstance(tools, list):
            return None  # no list (the default is not documented) or one aido does not read
        if (
            "*" in tools
            or f"@{name}" in tools
            or any(isinstance(t, str) and t.startswith(f"@{name}/") for t in tools)
        ):
            return None
        return f'add "@{name}" to its "tools" so the agent can use the server'

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.kiro/settings/mcp.json` in the project or the home folder."""
        return self.project_or_home(scope, host, ".kiro/settings/mcp.json", Format.JSON)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${VAR}` references, noting each variable Kiro must approve."""
        refs = Refs(self.name, server, dollar_brace)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # §16 lists no cwd field
            entry = stdio_fields(refs, spec)
            values = [spec.command, *spec.args, *spec.env.values()]
        else:
            entry = remote_fields(refs, spec)
            values = [spec.url, *spec.headers.values()]
        names = sorted({name for value in values for name in PLACEHOLDER_RE.findall(value)})
        # §16 "Secrets": only user-approved variables are expanded.
        refs.notes.extend(
            f"kiro: server {server.id!r} reads ${{{name}}}; approve {name} in Kiro's "
            f"'Mcp Approved Env Vars' setting"
            for name in names
        )
        return refs.done(entry)

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.kiro/` here, `~/.kiro`, or `kiro`/`kiro-cli` on PATH."""
        return detect_any(
            host, scope, project=(".kiro/",), user=(host.home / ".kiro",), cli=("kiro", "kiro-cli")
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from §16."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {
            "disabled": js.boolean(),
            "autoApprove": js.strings(),
            "disabledTools": js.strings(),
        }
        return js.entry(js.stdio(**common), js.remote(**common), title="Kiro mcpServers entry")


ADAPTER = Kiro()
