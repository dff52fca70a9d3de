"""Gemini CLI: `mcpServers` in `.gemini/settings.json` (JSON with comments).

harness-formats.md §8. Remote entries use `url` + `type`, as `gemini mcp add
--transport http` writes them, never the deprecated `httpUrl`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aidokit.adapters.agents import AgentFiles, AgentFilesBase
from aidokit.adapters.approval import ApprovalGate, ApprovalRecords, lookup, within
from aidokit.adapters.base import (
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
from aidokit.adapters.common import AdapterBase, detect_any, name_lists
from aidokit.adapters.policy import NativePolicy, PolicyRules
from aidokit.adapters.render import Refs, dollar_brace, remote_fields, stdio_fields
from aidokit.catalog.errors import CatalogError
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

# settings.json key -> the agent frontmatter's snake-case key (the bundle's
# `mcpServerSchema` for `mcp_servers`; docs/roles.md). Keys not listed have no
# agent form, and the frontmatter schema is strict, so such an entry is refused.
_AGENT_KEYS = {
    **{key: key for key in ("command", "args", "env", "cwd", "url", "headers", "type")},
    **{key: key for key in ("timeout", "trust", "description")},
    "httpUrl": "http_url",
    "includeTools": "include_tools",
    "excludeTools": "exclude_tools",
}


class GeminiFamily(AdapterBase):
    """What Gemini CLI and its fork Qwen Code share: `mcpServers` in `<folder>/settings.json`
    (JSON with comments) in the project or the home folder, the same references and entry
    fields, a stdio entry's shape, a native policy as the `mcp.allowed` / `mcp.excluded`
    name lists of the user file, and detection by that folder and the CLI."""

    folder: str  # the settings folder, in the project and in the home folder
    # Whether `mcp.allowed` / `mcp.excluded` match `*` in a name (else exact names only).
    name_patterns: bool = False
    caps = Capabilities(
        expands="shell",  # `$VAR`, `${VAR}`, `${VAR:-default}` in any string
        url_keys=("url", "httpUrl"),  # `httpUrl` is the legacy spelling
        untyped_url="sse",  # `url` without `type` is SSE, `httpUrl` streamable
        harness_keys=frozenset({"trust", "timeout", "description", "includeTools", "excludeTools"}),
        # The context budget: "exclude wins" (MCPServerConfig; docs/context-budget.md). No switch
        # in the entry: `mcp.excluded` and `gemini mcp disable` keep it outside.
        tool_fields=ToolFields(include="includeTools", exclude="excludeTools"),
        # Launch keys (SPEC §6), MCPServerConfig (harness-formats.md §8):
        # command/args/env/cwd, url/httpUrl/tcp/headers, and `authProviderType`, which
        # sends Google credentials to the URL.
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

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`<folder>/settings.json` in the project or the home folder (every OS)."""
        # §8, §9 "Format": parsed with strip-json-comments; the CLI's own writes keep comments.
        return self.project_or_home(scope, host, f"{self.folder}/settings.json", Format.JSONC)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${VAR}` references (§8, §9 "Secrets": `$VAR`/`${VAR}` anywhere)."""
        refs = Refs(self.name, server, dollar_brace)
        if isinstance(spec, StdioSpec):
            return refs.done(stdio_fields(refs, spec, cwd=True))
        return refs.done(self.remote_entry(refs, spec))

    def remote_entry(self, refs: Refs, spec: RemoteSpec) -> dict[str, Any]:
        """A remote entry: `url` + `type`, as `gemini mcp add --transport http` writes it."""
        # §1.2, §8: `httpUrl` is deprecated in favour of `url` + `type: "http"`;
        # `type` is always written so Gemini does not guess the transport.
        return {**remote_fields(refs, spec), "type": spec.transport}

    def native_policy(self, rules: PolicyRules, scope: Scope) -> NativePolicy | None:
        """The policy as `mcp.allowed` / `mcp.excluded` of the user settings file (user scope
        only), beside the servers: lists of server names (docs/policy.md has the evidence
        of each harness's matching, `name_patterns`)."""
        if scope is not Scope.USER:
            return None
        return name_lists(rules, self.title, patterns=self.name_patterns)

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`<folder>/` here, `~/<folder>`, or the CLI on PATH."""
        cli = (self.evidence.cli,) if self.evidence.cli else ()
        user = (host.home / self.folder,)
        return detect_any(host, scope, project=(f"{self.folder}/",), user=user, cli=cli)


def shared_fields() -> dict[str, Any]:
    """The entry fields both harnesses read beside the launch keys (MCPServerConfig)."""
    from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

    return {
        "timeout": js.number(),
        "trust": js.boolean(),
        "description": {"type": "string"},
        "includeTools": js.strings(),
        "excludeTools": js.strings(),
    }


class GeminiCLI(AgentFilesBase, GeminiFamily):
    """Google Gemini CLI."""

    name = "gemini-cli"
    title = "Gemini CLI"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    folder = ".gemini"  # §8: under the home folder on every OS (Windows %USERPROFILE%)
    # Gemini CLI 0.61.0 lower-cases, trims and compares the names exactly, no patterns (its
    # bundle's mcpServerEnablement `isInSettingsList`).
    name_patterns = False
    caps = GeminiFamily.caps._replace(
        project_wins=True,  # workspace settings override the user's (settings merge)
    )
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-11-30",
        link="https://github.com/google-gemini/gemini-cli/blob/5411f113/docs/tools/mcp-server.md",
        cli="gemini",
    )
    # Subagents: `.gemini/agents/<name>.md`, frontmatter `mcp_servers` (docs/roles.md).
    agent_files = AgentFiles(
        ".gemini/agents", ".md", Format.MARKDOWN, ("mcp_servers",), named_in_frontmatter=True
    )

    def agent_entry(self, entry: dict[str, Any]) -> dict[str, Any]:
        """The settings.json entry in the shape of an agent's `mcp_servers` (snake case)."""
        unknown = sorted(set(entry) - set(_AGENT_KEYS))
        if unknown:
            raise CatalogError(
                f"gemini-cli agent files cannot hold {', '.join(unknown)}; share the server "
                'with every agent instead ([mcp.roles] ID = ["*"])'
            )
        return {_AGENT_KEYS[key]: value for key, value in entry.items()}

    def agent_refuses(self, agent: Mapping[str, Any]) -> str | None:
        """Only a local agent takes `mcp_servers`: a remote one (`kind: remote`) is validated
        by another, strict schema without it (the bundle's agent loader)."""
        if agent.get("kind", "local") != "local":
            return f"is a {agent.get('kind')} agent, which cannot hold mcp_servers"
        return None

    def agent_approval_files(self, location: Location, host: Host) -> tuple[Path, ...]:
        """Where Gemini CLI keeps the digests of the project agents the user acknowledged."""
        if location.scope is not Scope.PROJECT:
            return ()
        return (host.home / ".gemini" / "acknowledgments" / "agents.json",)

    def agent_approval(
        self, location: Location, host: Host, changed: bool, records: ApprovalRecords
    ) -> ApprovalGate | None:
        """Gemini CLI registers a project agent only while `~/.gemini/acknowledgments/agents.json`
        holds the sha256 of its file as it stands (AcknowledgedAgentsService): a file aido
        writes must be acknowledged again. User agents are not acknowledged."""
        if location.scope is not Scope.PROJECT:
            return None
        name = location.path.name.removesuffix(".md")
        (path,) = self.agent_approval_files(location, host)
        digest = records.digests.get(location.path)
        if not changed and lookup(records.record(path), str(host.project), name) == digest:
            return None
        return ApprovalGate(
            requires=f"Gemini CLI uses project agent {name} only once you acknowledge its "
            "file as it " + ("will stand after apply" if changed else "stands"),
            grant=f"run `gemini` in {host.project} and acknowledge agent {name} when it asks",
        )

    def approval_files(self, location: Location, host: Host) -> tuple[Path, ...]:
        """The user settings (folder trust on or off) and the trusted folders' rules."""
        folder = host.home / ".gemini"
        return (folder / "settings.json", folder / "trustedFolders.json")

    def approval(
        self, location: Location, host: Host, names: tuple[str, ...], records: ApprovalRecords
    ) -> ApprovalGate | None:
        """Gemini CLI disables project and user servers in an untrusted folder (audit M3)."""
        settings, rules = self.approval_files(location, host)
        if lookup(records.record(settings), "security", "folderTrust", "enabled") is False:
            return None
        if _trusted(host.project, records.record(rules)):
            return None
        what = "the project's servers" if location.scope is Scope.PROJECT else "user servers"
        return ApprovalGate(
            requires=f"Gemini CLI disables {what} in a folder it does not trust, and "
            f"{host.project} is not trusted",
            grant=f"run `gemini` in {host.project} and choose to trust the folder, or add "
            f'"{host.project}": "TRUST_FOLDER" to {display(rules, host)}',
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from §8 "Fields" (MCPServerConfig)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = shared_fields()
        stdio = js.stdio(cwd=js.string(), **common)
        remote = js.remote(
            type=js.enum("http", "sse"),
            oauth={"type": "object"},
            authProviderType=js.string(),
            **common,
        )
        return js.entry(stdio, remote, title="Gemini CLI mcpServers entry")


def _trusted(project: Path, rules: Any) -> bool:
    """Whether trustedFolders.json trusts `project`: TRUST_FOLDER covers a folder and
    everything under it, TRUST_PARENT the folder's parent; DO_NOT_TRUST on it wins."""
    if not isinstance(rules, dict) or rules.get(str(project)) == "DO_NOT_TRUST":
        return False
    for folder, level in rules.items():
        if level == "TRUST_FOLDER" and within(project, folder):
            return True
        if level == "TRUST_PARENT" and within(project, str(Path(folder).parent)):
            return True
    return False


ADAPTER = GeminiCLI()
