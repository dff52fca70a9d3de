"""Amazon Q Developer CLI: `mcpServers` in `.amazonq/mcp.json`.

Amazon Q Developer CLI has been renamed Kiro CLI; Kiro CLI reads the kiro
adapter's `~/.kiro/settings/mcp.json`, and this adapter stays for Q CLI
installs. harness-formats.md §17. `type` is `stdio` or `http` only, so SSE is
refused. Secrets are `${env:VAR}` references in `env` values
(custom_tool.rs `substitute_env_vars`, harness-audit.md M1) and, since
aws/amazon-q-developer-cli#3075, in HTTP `headers`; nowhere else. Note §1.3:
the CLI rewrites this file from typed structs, dropping keys it does not know.
"""

from __future__ import annotations

from typing import Any

from aidokit.adapters.base import (
    HEADERS_ONLY,
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
from aidokit.adapters.render import (
    Refs,
    env_colon,
    refuse_cwd,
    refuse_transport,
    remote_fields,
    stdio_fields,
)
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class AmazonQ(AdapterBase):
    """Amazon Q Developer CLI."""

    name = "amazon-q"
    title = "Amazon Q Developer CLI (now Kiro CLI; see the kiro adapter)"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): custom_tool.rs `disabled`; no per-tool filter
        # in the entry.
        tool_fields=ToolFields(off=("disabled", True)),
        expands="env-colon",  # `${env:VAR}` in env and header values
        transports=STDIO_HTTP,  # its `type` is `stdio` or `http` (§17)
        references=HEADERS_ONLY,  # env and header values only, never in `args` or the URL
        harness_keys=frozenset({"disabled", "timeout"}),
        # Launch keys (SPEC §6), harness-formats.md §0 (Amazon Q): command/args/env,
        # url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="source",
        date="2026-11-30",
        link="https://github.com/aws/amazon-q-developer-cli/blob/003cdad8/crates/chat-cli/src/cli/chat/tools/custom_tool.rs",
        cli="q",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.amazonq/mcp.json`, or `~/.aws/amazonq/mcp.json`."""
        project = host.project / ".amazonq" / "mcp.json"
        user = host.home / ".aws" / "amazonq" / "mcp.json"
        return self.at(scope, Format.JSON, ("mcpServers",), project=project, user=user)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render; `${env:VAR}` in env and header values only (audit M1)."""
        refs = Refs(self.name, server, env_colon, in_text=False)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # §17: CustomToolConfig has no cwd
            return refs.done({"type": "stdio", **stdio_fields(refs, spec)})
        if spec.transport == "sse":
            refuse_transport(self.name, server, "sse", "Amazon Q's `type` is stdio or http (§17)")
        # §1.2, §17: remote entries say `type: "http"`.
        return refs.done({"type": "http", **remote_fields(refs, spec)})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.amazonq/` here, `~/.aws/amazonq`, or `q` on PATH."""
        folder = host.home / ".aws" / "amazonq"
        return detect_any(host, scope, project=(".amazonq/",), user=(folder,), cli=("q",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from §17 (CustomToolConfig)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        # §17: `timeout` is in milliseconds here (default 120 000).
        common = {"timeout": js.number(), "disabled": js.boolean()}
        stdio = js.stdio(type=js.const("stdio"), **common)
        remote = js.remote(
            {"type": js.const("http")}, oauth={"type": "object"}, oauthScopes=js.strings(), **common
        )
        return js.entry(stdio, remote, title="Amazon Q mcpServers entry")


ADAPTER = AmazonQ()
