"""Deep Agents Code (LangChain's `dcode`, PyPI deepagents-code): `mcpServers` in
`.deepagents/.mcp.json` and `$DEEPAGENTS_HOME/.mcp.json`, by default `~/.deepagents/.mcp.json`.

From the deepagents-code 0.1.88 wheel: `_paths.py` puts the user file at the
profile root's `.mcp.json` (`DEEPAGENTS_HOME`, else `~/.deepagents`) and a
project's at `.deepagents/.mcp.json` (the project root's `.mcp.json`, Claude
Code's file, is read too; aido leaves it to the `claude-code` adapter).
`mcp_tools._resolve_server_type` takes `type` or `transport` (`stdio`, `sse`,
`http`; `streamable_http` and `streamable-http` as `http`), a stdio server may
set `cwd`; `mcp_config.resolve_mcp_server_env` expands `${VAR}` and
`${VAR:-default}` in `command`, `url`, `args`, `env` and `headers` when the
server starts (an unset one without a default fails that server only). A
project's file is used only once the project is trusted (`--trust-project-mcp`
or its approval), which `file_notes` says. rulesync (cfebcd75) writes the same
two files.
"""

from __future__ import annotations

from pathlib import Path
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
from aidokit.adapters.render import Refs, dollar_brace, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


def profile_root(host: Host) -> Path:
    """`DEEPAGENTS_HOME`, else `~/.deepagents` (deepagents_code/_paths.py)."""
    value = host.environ.get("DEEPAGENTS_HOME", "").strip()
    return Path(value) if value else host.home / ".deepagents"


class DeepAgents(AdapterBase):
    """LangChain's Deep Agents Code CLI (`dcode`)."""

    name = "deepagents"
    title = "Deep Agents Code"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): `allowedTools` or `disabledTools`, one
        # of the two per server (`_validate_tool_filter_fields`).
        tool_fields=ToolFields(include="allowedTools", exclude="disabledTools"),
        expands="dollar",  # `${VAR}` / `${VAR:-default}` (mcp_config._interpolate_env)
        project_wins=True,  # the project files come after the user one, highest last
        # Launch keys (SPEC §6), mcp_tools and mcp_config (module docstring):
        # command/args/env/cwd, url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    # tests/contract reads aido's writes back with dcode's own discovery and loader.
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-12-06",
        link="https://pypi.org/project/deepagents-code/0.1.88/",
        unconfirmed=("the Windows profile folder (taken to be ~/.deepagents, as elsewhere)",),
        cli="dcode",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.deepagents/.mcp.json`; `$DEEPAGENTS_HOME/.mcp.json`, else `~/.deepagents/.mcp.json`."""
        project = host.project / ".deepagents" / ".mcp.json"
        user = profile_root(host) / ".mcp.json"
        return self.at(scope, Format.JSON, ("mcpServers",), project=project, user=user)

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """A project's servers wait for the project to be trusted."""
        if location.scope is not Scope.PROJECT:
            return ()
        return (
            "dcode starts the servers of .deepagents/.mcp.json only in a trusted project:"
            " approve them when dcode asks (or run it with --trust-project-mcp)",
        )

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${VAR}` references and `type` always."""
        refs = Refs(self.name, server, dollar_brace)
        if isinstance(spec, StdioSpec):
            return refs.done({"type": "stdio", **stdio_fields(refs, spec, cwd=True)})
        return refs.done({"type": spec.transport, **remote_fields(refs, spec)})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.deepagents/` here, the profile folder, or `dcode` on PATH."""
        user = (profile_root(host),)
        return detect_any(host, scope, project=(".deepagents/",), user=user, cli=("dcode",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from mcp_tools.py (deepagents-code 0.1.88)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {"allowedTools": js.strings(), "disabledTools": js.strings()}
        stdio = js.stdio({"type": js.const("stdio")}, cwd=js.string(), **common)
        remote = js.remote({"type": js.enum("http", "sse")}, **common)
        return js.entry(stdio, remote, title="Deep Agents Code mcpServers entry")


ADAPTER = DeepAgents()
