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
    Evidence,
    Host,
    Location,
    Scope,
)
from aidokit.adapters.gemini_cli import GeminiFamily, shared_fields
from aidokit.adapters.render import Refs, remote_fields
from aidokit.catalog.models import RemoteSpec

# Where `qwen mcp approve` records decisions, per project root and server, each
# bound to a hash of the entry (qwen 0.24.4 bundle: getMcpApprovalsPath).
_APPROVALS = "mcpApprovals.json"


class QwenCode(GeminiFamily):
    """Alibaba's Qwen Code CLI: Gemini CLI's files, fields and policy lists, with the older
    remote fields and its own approval of project servers."""

    name = "qwen-code"
    title = "Qwen Code"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    folder = ".qwen"  # §9: `.qwen/settings.json` in the project or the home folder (every OS)
    # `*` matches any run and `?` one character, case kept (Qwen Code 0.24.4 bundle,
    # `matchesServerPattern`; aido's id rules hold no `?`).
    name_patterns = True
    # `url` is SSE, `httpUrl` streamable HTTP (§9); the rest is Gemini CLI's MCPServerConfig.
    caps = GeminiFamily.caps._replace(url_keys=("httpUrl", "url"))
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-11-30",
        link="https://github.com/QwenLM/qwen-code/blob/023f40b9/docs/users/features/mcp.md",
        cli="qwen",
    )

    def remote_entry(self, refs: Refs, spec: RemoteSpec) -> dict[str, Any]:
        """§9 transport table: `httpUrl` selects streamable HTTP, `url` selects SSE."""
        key = "httpUrl" if spec.transport == "http" else "url"
        return remote_fields(refs, spec, url_key=key)

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

    def schema(self) -> dict[str, Any]:
        """Entry shape from §9 (Gemini's fields plus the discovery options)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {**shared_fields(), "discoveryTimeoutMs": js.number()}
        stdio = js.stdio(cwd=js.string(), versionNegotiation=js.string(), **common)
        remote = {"headers": js.string_map(), "oauth": {"type": "object"}, **common}
        http = js.shape({"httpUrl": js.string()}, remote)
        sse = js.shape({"url": js.string()}, remote)
        return js.entry(stdio, http, sse, title="Qwen Code mcpServers entry")


ADAPTER = QwenCode()
