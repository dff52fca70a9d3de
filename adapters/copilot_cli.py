"""GitHub Copilot CLI: `mcpServers` in `.github/mcp.json` or `mcp-config.json`.

harness-formats.md §5. The project file is `.github/mcp.json`: Copilot CLI
also reads `.mcp.json`, but that file belongs to the claude-code adapter
(both use `${VAR}`, so its entries work here too). UNVERIFIED in the
reference: whether `${VAR}` is expanded in `args`/`url` (only env values and
headers are shown), so placeholders there are refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aidokit.adapters.agents import AgentFiles, AgentFilesBase
from aidokit.adapters.approval import ApprovalGate, ApprovalRecords, lookup, within
from aidokit.adapters.base import (
    HEADERS_ONLY,
    Capabilities,
    Evidence,
    Format,
    Host,
    Location,
    Rendered,
    Scope,
    ToolFields,
    display,
)
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.render import Refs, dollar_brace, env_dir, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class _Agents(AgentFiles):
    """Custom agents: `.github/agents/` in the project, `$COPILOT_HOME/agents/` for the user."""

    __slots__ = ()

    def folder(self, scope: Scope, host: Host) -> Path | None:
        """`.github/agents` (project) or `agents` under the Copilot home (user)."""
        if scope is Scope.PROJECT:
            return host.project / ".github" / "agents"
        return CopilotCLI._home(host) / "agents" if scope is Scope.USER else None


class CopilotCLI(AgentFilesBase, AdapterBase):
    """GitHub Copilot CLI."""

    name = "copilot-cli"
    title = "GitHub Copilot CLI"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): `tools` allow-list (`["*"]`: all); `copilot
        # mcp disable` writes outside the entry.
        tool_fields=ToolFields(include="tools"),
        expands="dollar",  # `${VAR}` in env and header values
        references=HEADERS_ONLY,  # env and header values only, never in `args` or the URL
        harness_keys=frozenset({"tools", "timeout"}),
        # Launch keys (SPEC §6), harness-formats.md §5: command/args/env/cwd,
        # url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-11-30",
        link="https://github.com/github/docs/blob/091100a4/content/copilot/how-tos/copilot-cli/customize-copilot/add-mcp-servers.md",
        unconfirmed=("${VAR} expansion in headers at connect time",),
        cli="copilot",
    )
    # Custom agents `<name>.agent.md`: frontmatter `mcp-servers` is a map of servers only
    # that agent starts, in the shape of mcp.json entries. The docs reserve it for
    # organization profiles, but CLI 1.0.102 starts a repository agent's servers for
    # `--agent <name>` and not for the main session (docs/roles.md).
    agent_files: AgentFiles = _Agents(
        ".github/agents", ".agent.md", Format.MARKDOWN, ("mcp-servers",),
        named_in_frontmatter=True,  # optional there: without it, the file name
    )  # fmt: skip

    def agent_blocked(self, agent: Mapping[str, Any], name: str) -> str | None:
        """An agent's `tools` (a list or a comma-separated string; unset: every tool) names
        the tools it may use, MCP tools included: `*`, or `<server>/*` / `<server>/<tool>`
        (custom agents configuration, "Tools"); a list naming neither leaves the server out."""
        tools = agent.get("tools")
        items = tools.split(",") if isinstance(tools, str) else tools
        if not isinstance(items, list):
            return None
        names = {item.strip() for item in items if isinstance(item, str)}
        if "*" in names or any(item.startswith(f"{name}/") for item in names):
            return None
        return f'add "{name}/*" to its "tools" so the agent can use the server'

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.github/mcp.json`, or `$COPILOT_HOME/mcp-config.json` (default `~/.copilot`)."""
        project, user = host.project / ".github" / "mcp.json", self._home(host) / "mcp-config.json"
        return self.at(scope, Format.JSON, ("mcpServers",), project=project, user=user)

    @staticmethod
    def _home(host: Host) -> Path:
        # §5 "Paths": COPILOT_HOME relocates the config folder.
        return env_dir(host, "COPILOT_HOME", host.home / ".copilot")

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${VAR}` in env and headers (§5 "Secrets": env values are literal)."""
        refs = Refs(self.name, server, dollar_brace, in_text=False)
        if isinstance(spec, StdioSpec):
            # §5 "Fields": `local` and `stdio` are synonyms; `local` is what /mcp add writes.
            entry: dict[str, Any] = {"type": "local", **stdio_fields(refs, spec, cwd=True)}
        else:
            entry = {"type": spec.transport, **remote_fields(refs, spec)}
        # §5 "Fields": `tools` is the per-server allowlist; "*" is /mcp add's default.
        entry["tools"] = ["*"]
        return refs.done(entry)

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """Warn when `.mcp.json` shadows `.github/mcp.json` (docs/harness-oracles.md)."""
        if location.scope is not Scope.PROJECT or not (host.project / ".mcp.json").is_file():
            return ()
        return (
            "Copilot CLI reads .mcp.json instead of .github/mcp.json when both exist "
            "(seen with copilot 1.0.102), so it gets only the servers in .mcp.json; the "
            "claude-code adapter writes aido's servers there",
        )

    def approval_files(self, location: Location, host: Host) -> tuple[Path, ...]:
        """The Copilot config, which lists the trusted folders."""
        return (self._home(host) / "config.json",) if location.scope is Scope.PROJECT else ()

    def approval(
        self, location: Location, host: Host, names: tuple[str, ...], records: ApprovalRecords
    ) -> ApprovalGate | None:
        """Copilot CLI reads workspace files only in `trusted_folders` (audit M3)."""
        if location.scope is not Scope.PROJECT:
            return None
        config = self._home(host) / "config.json"
        folders = lookup(records.record(config), "trusted_folders")
        if isinstance(folders, list) and any(within(host.project, f) for f in folders):
            return None
        return ApprovalGate(
            requires="Copilot CLI reads .github/mcp.json only in a trusted folder",
            grant=f"run `copilot` in {host.project} and choose to remember the folder as "
            f'trusted, or add "{host.project}" to "trusted_folders" in {display(config, host)}',
        )

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.github/mcp.json` here, the Copilot home folder, or `copilot` on PATH."""
        return detect_any(
            host, scope, project=(".github/mcp.json",), user=(self._home(host),), cli=("copilot",)
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from §5 "Fields"."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {"tools": js.strings(), "deferTools": js.boolean()}
        stdio = js.stdio(type=js.enum("local", "stdio"), cwd=js.string(), **common)
        remote = js.remote({"type": js.enum("http", "sse")}, **common)
        return js.entry(stdio, remote, title="Copilot CLI mcpServers entry")


ADAPTER = CopilotCLI()
