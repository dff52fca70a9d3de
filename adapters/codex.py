"""Codex CLI: `[mcp_servers.<name>]` in `config.toml` (harness-formats.md §3).

UNVERIFIED in the reference: the Windows user path (taken to be
`%USERPROFILE%\\.codex`, via the home folder) and that `.codex/config.toml`
is read only in trusted projects (secondary sources).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aidokit.adapters import launch
from aidokit.adapters.approval import ApprovalGate, ApprovalRecords, lookup
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
    display,
)
from aidokit.adapters.common import AdapterBase, detect_any, rule_parts
from aidokit.adapters.launch import Launch
from aidokit.adapters.policy import PolicyRules
from aidokit.adapters.render import EXACT_PLACEHOLDER, Refs, env_dir, refuse_transport, split_env
from aidokit.catalog.models import PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec

# The variables Codex gives every stdio server (codex-rs/rmcp-client/src/utils.rs, unix).
CODEX_ENV = ("HOME", "LOGNAME", "PATH", "SHELL", "USER", "__CF_USER_TEXT_ENCODING", "LANG",
             "LC_ALL", "TERM", "TMPDIR", "TZ")  # fmt: skip
_BEARER = re.compile(r"^Bearer \$\{([A-Za-z_][A-Za-z0-9_]*)\}$")


class Codex(AdapterBase):
    """OpenAI Codex CLI."""

    name = "codex"
    title = "Codex CLI"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        transports=STDIO_HTTP,  # its `url` is streamable HTTP only (harness-formats.md §3)
        references=HEADERS_ONLY,  # env and header values only, never in `args` or the URL
        harness_keys=frozenset(
            {
                "startup_timeout_sec",
                "tool_timeout_sec",
                "enabled",
                "enabled_tools",
                "disabled_tools",
            }
        ),
        # The context budget: an allow-list, a deny-list applied after it, and the switch
        # (RawMcpServerConfig in mcp_types.rs; docs/context-budget.md).
        tool_fields=ToolFields(
            include="enabled_tools", exclude="disabled_tools", off=("enabled", False)
        ),
        # Launch keys (SPEC §6), RawMcpServerConfig (harness-formats.md §3): `env_vars`
        # passes variables through, the header keys say what reaches the URL.
        launch_keys=frozenset(
            {
                "args",
                "bearer_token_env_var",
                "command",
                "cwd",
                "env",
                "env_http_headers",
                "env_vars",
                "http_headers",
                "url",
            }
        ),
    )
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-11-30",
        link="https://github.com/openai/codex/blob/00b17c26/codex-rs/config/src/mcp_types.rs",
        unconfirmed=("Windows user folder (taken to be %USERPROFILE%\\.codex)",),
        cli="codex",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.codex/config.toml`, or `$CODEX_HOME/config.toml` (default `~/.codex`)."""
        user = env_dir(host, "CODEX_HOME", host.home / ".codex") / "config.toml"
        project = host.project / ".codex" / "config.toml"
        return self.at(scope, Format.TOML, ("mcp_servers",), project=project, user=user)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with env-var names, never values: Codex has no interpolation (§3)."""
        # §3 "Secrets": Codex does not expand ${VAR}; anything that is not an
        # exact pass-through is reported instead (Refs with no reference form).
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            return refs.done(self._stdio(spec, refs))
        if spec.transport == "sse":
            refuse_transport(self.name, server, "sse", "Codex speaks streamable HTTP only (§3)")
        return refs.done(self._remote(spec, refs))

    def _stdio(self, spec: StdioSpec, refs: Refs) -> dict[str, Any]:
        # §1.2, §3: no `type` key; RawMcpServerConfig denies unknown fields.
        entry: dict[str, Any] = {
            "command": refs.text(spec.command, "command"),
            "args": refs.texts(spec.args, "args"),
        }
        literal, passed = split_env(refs, spec.env)  # §3: env_vars passes a variable by name
        if literal:
            entry["env"] = literal
        if passed:
            entry["env_vars"] = passed
        if spec.cwd is not None:
            entry["cwd"] = spec.cwd
        return entry

    def _remote(self, spec: RemoteSpec, refs: Refs) -> dict[str, Any]:
        entry: dict[str, Any] = {"url": refs.text(spec.url, "url")}
        static: dict[str, str] = {}
        from_env: dict[str, str] = {}
        for header, value in spec.headers.items():
            bearer = _BEARER.match(value)
            exact = EXACT_PLACEHOLDER.match(value)
            if bearer and header.lower() == "authorization":
                # §3: `bearer_token` is rejected; the token comes from this var.
                entry["bearer_token_env_var"] = bearer.group(1)
            elif exact:
                from_env[header] = exact.group(1)  # §3: header value read from env
            elif PLACEHOLDER_RE.search(value):
                refs.omit(PLACEHOLDER_RE.findall(value), f"header {header!r}")
            else:
                static[header] = value
        if static:
            entry["http_headers"] = static
        if from_env:
            entry["env_http_headers"] = from_env
        return entry

    def launch(self, entry: Mapping[str, Any], host: Host) -> Launch:
        """No interpolation (§3): a stdio server gets Codex's own short list of variables
        (rmcp-client `DEFAULT_ENV_VARS`) plus those `env_vars` names and the literal `env`;
        a remote one `bearer_token_env_var` and `env_http_headers` read from the environment."""
        expander = launch.Expander("none", host.environ, host)
        url = entry.get("url")
        if isinstance(url, str) and url:
            static = launch.string_map(entry.get("http_headers"))
            from_env = launch.string_map(entry.get("env_http_headers"))
            token = entry.get("bearer_token_env_var")
            if static is None or from_env is None or not isinstance(token, str | None):
                return launch.unreadable("its headers are not the types Codex reads")
            headers = dict(static)
            headers.update({h: expander.variable(n) for h, n in from_env.items()})
            if token is not None:
                headers["Authorization"] = f"Bearer {expander.variable(token)}"
            return launch.remote(expander, "http", url, headers)
        command, args = entry.get("command"), launch.strings(entry.get("args", []))
        env, cwd = launch.string_map(entry.get("env")), entry.get("cwd")
        listed = entry.get("env_vars", [])
        listed = listed if isinstance(listed, list) else [None]
        names = [n.get("name") if isinstance(n, dict) else n for n in listed]
        if not isinstance(command, str) or not command:
            return launch.unreadable("it has no command or url")
        if args is None or env is None or not all(isinstance(n, str) for n in names):
            return launch.unreadable("its args, env or env_vars are not the types Codex reads")
        passed = [str(n) for n in names]
        for name in passed:
            expander.variable(name)  # named but unset: Codex passes nothing on
        keep = (*CODEX_ENV, *passed)
        base = {k: host.environ[k] for k in keep if k in host.environ}
        cwd = cwd if isinstance(cwd, str) else None
        return launch.stdio(expander, command, args, env, base=base, cwd=cwd)

    def approval_files(self, location: Location, host: Host) -> tuple[Path, ...]:
        """The user config, where Codex records which projects are trusted."""
        if location.scope is not Scope.PROJECT:
            return ()
        return (env_dir(host, "CODEX_HOME", host.home / ".codex") / "config.toml",)

    def approval(
        self, location: Location, host: Host, names: tuple[str, ...], records: ApprovalRecords
    ) -> ApprovalGate | None:
        """Codex ignores `.codex/config.toml` until the project is trusted (audit M3)."""
        if location.scope is not Scope.PROJECT:
            return None
        (config,) = self.approval_files(location, host)
        record = lookup(records.record(config), "projects", str(host.project), "trust_level")
        if record == "trusted":
            return None
        return ApprovalGate(
            requires="Codex ignores .codex/config.toml until this project is trusted",
            grant=f"run `codex` in {host.project} and trust it when asked, or add "
            f'[projects."{host.project}"] trust_level = "trusted" to {display(config, host)}',
        )

    def admin_policy(
        self, rules: PolicyRules, entries: Mapping[str, Mapping[str, Any]]
    ) -> str | None:
        """Codex's `[mcp_servers.<name>]` in requirements.toml (/etc/codex, root-owned;
        openai/codex#9101): an allow list only, each server by name AND identity (`command`
        or `url`); Codex disables every other server. No deny list (docs/policy.md)."""
        parts: list[str] = []
        if rules.allow is not None:
            ids = [value for kind, value in map(rule_parts, rules.allow) if kind == "id"]
            other = [rule for rule in rules.allow if rule_parts(rule)[0] != "id" or "*" in rule]
            lines = []
            commands = False
            for name in ids if not other else ():
                entry = entries.get(name, {})
                key = "url" if "url" in entry else "command"
                value = entry.get(key)
                said = json.dumps(value) if isinstance(value, str) else '"<its command or url>"'
                lines.append(f"`mcp_servers.{name}.identity = {{ {key} = {said} }}`")
                commands = commands or key == "command"
            if other:
                parts.append(
                    f"allow rule {other[0]!r} has no form there (an exact name and command or "
                    "URL per server), so aido enforces the allow list in its own plans only"
                )
            elif lines:
                parts.append(
                    "an administrator puts the lines " + ", ".join(lines) + " in "
                    "/etc/codex/requirements.toml"
                    + (" (a command is compared, not its arguments)" if commands else "")
                    + "; Codex then disables every server not named there"
                )
        if rules.deny:
            denied = ", ".join(map(repr, rules.deny))
            parts.append(f"it has no deny list, so {denied} stay enforced in aido's plans only")
        if not parts:
            return None
        return (
            "Codex takes an MCP allow list only from requirements.toml, which aido does not "
            "write (root-owned): " + "; ".join(parts)
        )

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.codex/` here, the Codex home folder, or `codex` on PATH."""
        return detect_any(
            host,
            scope,
            project=(".codex/",),
            user=(env_dir(host, "CODEX_HOME", host.home / ".codex"),),
            cli=("codex",),
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from §3 "Fields" (RawMcpServerConfig, mixing rules)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        env_var = {
            "oneOf": [
                js.string(),
                js.shape({"name": js.string()}, {"source": js.enum("local", "remote")}),
            ]
        }
        common = {
            "startup_timeout_sec": js.number(),
            "tool_timeout_sec": js.number(),
            "enabled": js.boolean(),
            "required": js.boolean(),
            "enabled_tools": js.strings(),
            "disabled_tools": js.strings(),
            "scopes": js.strings(),
        }
        stdio = js.shape(
            {"command": js.string()},
            {
                "args": js.strings(),
                "env": js.string_map(),
                "env_vars": {"type": "array", "items": env_var},
                "cwd": js.string(),
                **common,
            },
        )
        remote = js.shape(
            {"url": js.string()},
            {
                "bearer_token_env_var": js.string(),
                "http_headers": js.string_map(),
                "env_http_headers": js.string_map(),
                "oauth_resource": js.string(),
                **common,
            },
        )
        return js.entry(stdio, remote, title="Codex mcp_servers entry")


ADAPTER = Codex()
