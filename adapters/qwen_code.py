"""Qwen Code: `mcpServers` in `.qwen/settings.json` (harness-formats.md §9).

A fork of Gemini CLI that kept the older remote fields: streamable HTTP is
`httpUrl` and SSE is `url`, as `qwen mcp add --transport http|sse` writes
them (QwenLM/qwen-code docs/users/features/mcp.md). Read back by the real
`qwen` CLI in tests/contract. Qwen 0.24.4 keeps `//` comments but drops a
settings file with a trailing comma (docs/harness-oracles.md); aido's JSONC
editor adds none to a file that has none.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aidokit.adapters.approval import ApprovalGate, ApprovalRecords, lookup
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
from aidokit.adapters.common import AdapterBase, detect_any, name_lists
from aidokit.adapters.policy import NativePolicy, PolicyRules
from aidokit.adapters.render import Refs, dollar_brace, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

# Where `qwen mcp approve` records decisions, per project root and server, each
# bound to a hash of the entry (qwen 0.24.4 bundle: getMcpApprovalsPath).
_APPROVALS = "mcpApprovals.json"


class QwenCode(AdapterBase):
    """Alibaba's Qwen Code CLI."""

    name = "qwen-code"
    title = "Qwen Code"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): Gemini's fields; `mcp.excluded` lives outside
        # the entry.
        tool_fields=ToolFields(include="includeTools", exclude="excludeTools"),
        untyped_url="sse",  # `url` is SSE, `httpUrl` streamable HTTP (§9)
        expands="shell",  # `$VAR`, `${VAR}` (the Gemini CLI fork)
        url_keys=("httpUrl", "url"),
        harness_keys=frozenset({"trust", "timeout", "description", "includeTools", "excludeTools"}),
        # Launch keys (SPEC §6), Gemini CLI's MCPServerConfig (harness-formats.md §9).
        launch_keys=frozenset(
            {
                "args",
                "authProviderType",
                "command",
                "cwd",
                "env",
                "headers",
                "httpUrl",
                "tcp",
                "url",
            }
        ),
    )
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-11-30",
        link="https://github.com/QwenLM/qwen-code/blob/023f40b9/docs/users/features/mcp.md",
        cli="qwen",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.qwen/settings.json` in the project or the home folder (every OS)."""
        # §9: the settings file is JSONC like Gemini's (docs examples use trailing commas).
        return self.project_or_home(scope, host, ".qwen/settings.json", Format.JSONC)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${VAR}` references (§9 "Secrets": `$VAR`, `${VAR}`)."""
        refs = Refs(self.name, server, dollar_brace)
        if isinstance(spec, StdioSpec):
            return refs.done(stdio_fields(refs, spec, cwd=True))
        # §9 transport table: `httpUrl` selects streamable HTTP, `url` selects SSE.
        key = "httpUrl" if spec.transport == "http" else "url"
        return refs.done(remote_fields(refs, spec, url_key=key))

    def approval_files(self, location: Location, host: Host) -> tuple[Path, ...]:
        """The approvals file (QWEN_CODE_MCP_APPROVALS_PATH or ~/.qwen's)."""
        if location.scope is not Scope.PROJECT:
            return ()
        path = host.environ.get("QWEN_CODE_MCP_APPROVALS_PATH")
        return (Path(path) if path else host.home / ".qwen" / _APPROVALS,)

    def approval(
        self, location: Location, host: Host, names: tuple[str, ...], records: ApprovalRecords
    ) -> ApprovalGate | None:
        """Project servers stay "Pending approval" until `qwen mcp approve` (qwen 0.24.4)."""
        if location.scope is not Scope.PROJECT or not names:
            return None
        (path,) = self.approval_files(location, host)
        approvals = records.record(path)
        root = str(host.project).lower() if host.os == "win32" else str(host.project)
        granted = lookup(approvals, root)
        pending = [name for name in names if lookup(granted, name, "status") != "approved"]
        if not pending:
            return None
        return ApprovalGate(
            requires=f"Qwen Code leaves {', '.join(pending)} in .qwen/settings.json pending "
            "approval, and asks again whenever an entry changes",
            grant=f"run `qwen mcp approve <name>` in {host.project} for each of them",
        )

    def native_policy(self, rules: PolicyRules, scope: Scope) -> NativePolicy | None:
        """The policy as `mcp.allowed` / `mcp.excluded` of ~/.qwen/settings.json (user
        scope only), beside the servers: server names where `*` matches any run and `?`
        one character, case kept (Qwen Code 0.24.4 bundle, `matchesServerPattern`; aido's
        id rules hold no `?`); docs/policy.md has the evidence."""
        if scope is not Scope.USER:
            return None
        return name_lists(rules, self.title, patterns=True)

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.qwen/` here, `~/.qwen`, or `qwen` on PATH."""
        return detect_any(
            host, scope, project=(".qwen/",), user=(host.home / ".qwen",), cli=("qwen",)
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from §9 (Gemini's fields plus the discovery options)."""
        from aidokit.adapters import schema as js

        common = {
            "timeout": js.number(),
            "discoveryTimeoutMs": js.number(),
            "trust": js.boolean(),
            "description": {"type": "string"},
            "includeTools": js.strings(),
            "excludeTools": js.strings(),
        }
        stdio = js.stdio(cwd=js.string(), versionNegotiation=js.string(), **common)
        remote = {"headers": js.string_map(), "oauth": {"type": "object"}, **common}
        http = js.shape({"httpUrl": js.string()}, remote)
        sse = js.shape({"url": js.string()}, remote)
        return js.entry(stdio, http, sse, title="Qwen Code mcpServers entry")


ADAPTER = QwenCode()
