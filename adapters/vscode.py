"""VS Code / GitHub Copilot Chat: `servers` in `mcp.json` (harness-formats.md §4).

UNVERIFIED in the reference: the on-disk user `mcp.json` path per OS
(secondary sources; non-default profiles are not handled) and whether
`mcp.json` tolerates comments (edited as JSONC so existing ones survive).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from aidokit.adapters.base import Capabilities, Evidence, Format, Host, Location, Rendered, Scope
from aidokit.adapters.common import AdapterBase, detect_any, server_matchers
from aidokit.adapters.policy import PolicyRules
from aidokit.adapters.render import (
    Refs,
    env_colon,
    refuse_cwd,
    remote_fields,
    stdio_fields,
    vscode_user_dir,
)
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class VSCode(AdapterBase):
    """VS Code with GitHub Copilot Chat."""

    name = "vscode"
    title = "VS Code (Copilot Chat)"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        expands="env-colon",  # `${env:VAR}`, `${input:ID}`, `${workspaceFolder}`
        harness_keys=frozenset({"gallery", "version"}),
        # Launch keys (SPEC §6), harness-formats.md §4: stdio
        # command/args/env/envFile/dev, remote url/headers; `sandbox*` only narrows
        # what the server may do, so it stays the person's.
        launch_keys=frozenset(
            {"args", "command", "cwd", "dev", "env", "envFile", "headers", "url"}
        ),
    )
    evidence = Evidence(
        verified_by="docs",
        date="2026-11-30",
        link="https://github.com/microsoft/vscode-docs/blob/0892da1a/docs/copilot/reference/mcp-configuration.md",
        unconfirmed=(
            "user mcp.json folder per OS (secondary); profiles, Insiders and forks",
            "${env:VAR} in mcp.json (general variables reference only)",
        ),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.vscode/mcp.json`, or `mcp.json` in the VS Code user folder."""
        # §4 "Format": VS Code reads its config files as JSONC.
        project, user = host.project / ".vscode" / "mcp.json", vscode_user_dir(host) / "mcp.json"
        return self.at(scope, Format.JSONC, ("servers",), project=project, user=user)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${env:VAR}` references (§4 "Secrets")."""
        refs = Refs(self.name, server, env_colon)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # §4 lists no cwd field
            # §4 "Fields": the docs table marks `type` required, so it is always written.
            return refs.done({"type": "stdio", **stdio_fields(refs, spec)})
        return refs.done({"type": spec.transport, **remote_fields(refs, spec)})

    def admin_policy(
        self, rules: PolicyRules, entries: Mapping[str, Mapping[str, Any]]
    ) -> str | None:
        """`chat.mcp.allowedServers` / `chat.mcp.deniedServers` are policy-only (VS Code
        1.130+, `included: false`: not read from settings.json), so an administrator sets
        the ChatAllowedMcpServers / ChatDeniedMcpServers policies: items `{"serverName"}`
        (exact) or `{"serverUrl"}` (a `*` pattern), as a JSON string (docs/policy.md)."""
        lines: list[str] = []
        lost: list[str] = []
        for policy, found in (
            ("ChatAllowedMcpServers", rules.allow),
            ("ChatDeniedMcpServers", rules.deny),
        ):
            if found is None:
                continue
            items, missing = server_matchers(found)
            lost += missing
            if policy == "ChatAllowedMcpServers" and missing:
                continue  # a part of the allow list would keep out what the policy admits
            if items or policy == "ChatAllowedMcpServers":
                lines.append(f"{json.dumps(policy)}: {json.dumps(json.dumps(items))}")
        if not lines and not lost:
            return None
        text = (
            "VS Code reads an MCP allow/deny list only from enterprise policy, never from "
            "settings.json; aido does not write it. An administrator puts "
            + (
                "{" + ", ".join(lines) + "} in /etc/vscode/policy.json (Linux), the same "
                "names as String values under HKLM\\Software\\Policies\\Microsoft\\VSCode "
                "(Windows) or keys of a configuration profile (macOS)"
                if lines
                else "nothing there for these rules"
            )
        )
        if lost:
            text += (
                f"; {', '.join(repr(r) for r in dict.fromkeys(lost))} cannot be said there "
                "(names, URLs and exact commands only), so aido enforces them in its own "
                "plans only"
            )
        return text

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.vscode/` here, the VS Code user folder, or `code` on PATH."""
        return detect_any(
            host, scope, project=(".vscode/",), user=(vscode_user_dir(host),), cli=("code",)
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from §4 "Fields"."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        stdio = js.stdio(
            {"type": js.const("stdio")},
            envFile=js.string(),
            sandboxEnabled=js.boolean(),
            sandbox={"type": "object"},
            dev={"type": "object"},
        )
        remote = js.remote({"type": js.enum("http", "sse")})
        return js.entry(stdio, remote, title="VS Code servers entry")


ADAPTER = VSCode()
