"""Claude Code: `.mcp.json`, and `~/.claude.json` for user and local scope.

harness-formats.md §2. UNVERIFIED there, so not relied on here: whether
`CLAUDE_CONFIG_DIR` also moves `~/.claude.json` (aido always uses the home
folder), and stdio `cwd` support (a spec with `cwd` is refused).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aidokit.adapters.agents import AgentFiles, AgentFilesBase
from aidokit.adapters.approval import ApprovalGate, ApprovalRecords, lookup
from aidokit.adapters.base import (
    ITEMS,
    LIST_ITEMS,
    Capabilities,
    Companion,
    DoctorNote,
    Evidence,
    Format,
    Host,
    Location,
    Rendered,
    Scope,
    item_key,
)
from aidokit.adapters.budget import Budget, Budgeted, unknown_list
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.policy import NativePolicy, PolicyRules
from aidokit.adapters.render import (
    Refs,
    dollar_brace,
    refuse_cwd,
    remote_fields,
    stdio_fields,
)
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

# Where running processes are listed (Linux); `doctor_notes` finds none without it.
PROC_ROOT = Path("/proc")
AGENTS = ".claude/agents"
SETTINGS = "settings"  # the companion file (`companion_files`)
DENY = ("permissions", "deny", ITEMS)
DISABLED = "disabledMcpjsonServers"
# An agent file's own deny list (frontmatter), for per-agent budgets (`agent_budget`).
AGENT_DENY = ("disallowedTools", ITEMS)


def tool_part(name: str) -> str:
    """A server or tool name as Claude Code writes it into `mcp__<server>__<tool>`: each
    character but letters, digits, `_` and `-` replaced by `_` (its MCP tool naming)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", name)


def item_name(item: object) -> str:
    """The name aido gives an array item (adapters/base.py `item_key`)."""
    return item_key(item)


def _native_item(rule: str) -> dict[str, str] | None:
    """A policy rule as an item of Claude Code's allowed/deniedMcpServers (None: none)."""
    kind, sep, value = rule.partition(":")
    if not sep:
        kind, value = "id", rule
    if kind == "id" and re.fullmatch(r"[A-Za-z0-9_-]+", value):
        return {"serverName": value}  # its schema: letters, digits, `-`, `_`; no pattern
    if kind == "host" and re.fullmatch(r"[A-Za-z0-9.*-]+", value):
        return {"serverUrl": f"https://{value}/*"}  # `*` is its wildcard too
    return None


class ClaudeCode(AgentFilesBase, AdapterBase):
    """Claude Code CLI."""

    name = "claude-code"
    title = "Claude Code"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER, Scope.LOCAL)
    caps = Capabilities(
        expands="dollar",  # §2: `${VAR}`, `${VAR:-default}`; an unset one is kept
        harness_keys=frozenset({"oauth"}),
        windows_shell=True,  # render.WINDOWS_SHIMS
        # Scopes are local > project > user (its `mcp` docs, "Scope hierarchy and precedence").
        project_wins=True,
        # Launch keys (SPEC §6), harness-formats.md §2: stdio command/args/env, remote
        # url/headers and `headersHelper`, a script whose output becomes headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "headersHelper", "url"}),
    )
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-11-30",
        link="https://code.claude.com/docs/en/mcp",
        cli="claude",
    )
    # Subagents: `.claude/agents/<name>.md` (project), `~/.claude/agents/<name>.md` (user).
    # Frontmatter `mcpServers` is a list; an item `{<name>: <server>}` is a server only that
    # agent connects to, validated with the schema of `.mcp.json` entries (the CLI's agent
    # loader; docs/roles.md), so entries keep their shape. String items are the user's.
    agent_files = AgentFiles(
        AGENTS, ".md", Format.MARKDOWN, ("mcpServers", LIST_ITEMS), named_in_frontmatter=True
    )

    def agent_blocked(self, agent: Mapping[str, Any], name: str) -> str | None:
        """An agent's own servers skip its `tools` allow-list but not `disallowedTools`, where
        `mcp__<server>`, `mcp__<server>__*` or `mcp__*` takes every tool of the server away
        (the CLI's subagent runner and its `disallowedTools` description; docs/roles.md).
        Its frontmatter reader takes `disallowed-tools` first and `disallowedTools` only when
        that is missing, so with both the one aido writes is ignored."""
        if agent.get("disallowed-tools") is not None and "disallowedTools" in agent:
            return (
                'Claude Code reads its "disallowed-tools" and ignores "disallowedTools" (where aido'
                " writes an agent's budget); move those items into disallowedTools"
            )
        denied = agent.get("disallowed-tools")
        if denied is None:
            denied = agent.get("disallowedTools")
        items = denied.split(",") if isinstance(denied, str) else denied
        if not isinstance(items, list):
            return None
        specs = {item.strip() for item in items if isinstance(item, str)}
        hit = sorted(specs & {f"mcp__{name}", f"mcp__{name}__*", "mcp__*"})
        if not hit:
            return None
        return f'remove "{hit[0]}" from its disallowedTools so the agent can use the server'

    def agent_budget(self, name: str, agent: str, budget: Budget) -> Budgeted | None:
        """Items of the agent file's frontmatter `disallowedTools` (the pinned CLI's agent
        schema takes `mcp__<server>__<tool>` and `mcp__<server>`, docs/context-budget.md):
        each tool agent `agent` must not load, every tool of a server switched off for it.
        The server still starts; that agent's model gets none of the denied tools.
        "Only these" needs the server's tool list, as `budget` does."""
        if not budget.enabled:
            rule = f"mcp__{tool_part(name)}"
            return Budgeted(None, companions=(Companion(AGENT_DENY, rule, rule),))
        if not budget.filters:
            return Budgeted(None)
        tools = budget.deny_list
        if tools is None:
            return Budgeted(
                None, notes=(unknown_list("claude-code", name, budget),), filtered=False
            )
        rules = [f"mcp__{tool_part(name)}__{tool_part(tool)}" for tool in tools]
        return Budgeted(None, companions=tuple(Companion(AGENT_DENY, r, r) for r in rules))

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.mcp.json`, or `~/.claude.json` top level (user) / `projects[<path>]` (local)."""
        # §2 "Format": both files are strict JSON; a comment makes Claude Code
        # treat ~/.claude.json as corrupt and offer to reset it.
        if scope is Scope.PROJECT:
            return Location(
                self.name, scope, host.project / ".mcp.json", Format.JSON, ("mcpServers",)
            )
        user_file = host.home / ".claude.json"  # §2 "Paths": Windows ~ is %USERPROFILE%
        if scope is Scope.USER:
            return Location(self.name, scope, user_file, Format.JSON, ("mcpServers",))
        # §2 "Paths & scopes": local entries are keyed by the absolute project path.
        key = ("projects", str(host.project), "mcpServers")
        return Location(self.name, scope, user_file, Format.JSON, key)

    def companion_files(self, scope: Scope, host: Host) -> Mapping[str, Location]:
        """Its settings file, where the switches of servers live (docs/context-budget.md):
        `.claude/settings.json` (project, shared), `~/.claude/settings.json` (user),
        `.claude/settings.local.json` (local: the person's own, beside the project).
        Claude Code reads them as strict JSON: a comment or a trailing comma makes it
        skip the whole file without a word (checked with the pinned CLI), so aido
        treats them as JSON and refuses such a file."""
        path = {
            Scope.PROJECT: host.project / ".claude" / "settings.json",
            Scope.USER: host.home / ".claude" / "settings.json",
            Scope.LOCAL: host.project / ".claude" / "settings.local.json",
        }[scope]
        return {SETTINGS: Location(self.name, scope, path, Format.JSON, ())}

    def switch_off(self, name: str) -> Companion:
        """`.mcp.json` server `name` off for this person: an item of `disabledMcpjsonServers`
        in `.claude/settings.local.json` (the local scope's settings file), which Claude Code
        reads for the project's servers only (its settings docs; checked with the pinned CLI,
        tests/contract/test_personal.py)."""
        return Companion((DISABLED, ITEMS), name, name, file=SETTINGS)

    def budget(
        self, name: str, entry: dict[str, Any], budget: Budget, *, scope: Scope = Scope.PROJECT
    ) -> Budgeted:
        """The entry stays as it is; the budget goes into the settings file of its scope:
        each tool the model must not load as a `permissions.deny` item
        `mcp__<server>__<tool>`, a server switched off as a `disabledMcpjsonServers` item
        (project: `.mcp.json` servers only), elsewhere as `mcp__<server>` in
        `permissions.deny` (every tool of it denied; Claude Code still starts it)."""
        if not budget.enabled:
            if scope is Scope.PROJECT:
                off = Companion((DISABLED, ITEMS), name, name, file=SETTINGS)
                return Budgeted(entry, companions=(off,))
            rule = f"mcp__{tool_part(name)}"
            note = (
                f"{name}: Claude Code has no switch that keeps a {scope} server configured "
                f"but off, so aido denies every tool of it ({rule} in permissions.deny): "
                "it still starts, the model gets none of its tools"
            )
            deny = Companion(DENY, rule, rule, file=SETTINGS)
            return Budgeted(entry, companions=(deny,), notes=(note,))
        if not budget.filters:
            return Budgeted(entry)
        tools = budget.deny_list
        if tools is None:
            return Budgeted(entry, notes=(unknown_list(self.name, name, budget),), filtered=False)
        rules = [f"mcp__{tool_part(name)}__{tool_part(tool)}" for tool in tools]
        return Budgeted(
            entry, companions=tuple(Companion(DENY, r, r, file=SETTINGS) for r in rules)
        )

    def native_policy(self, rules: PolicyRules, scope: Scope) -> NativePolicy | None:
        """The policy as `allowedMcpServers` / `deniedMcpServers` in ~/.claude/settings.json
        (user scope only): an id as `{"serverName": id}` (aido names entries by their id),
        a `host:` rule as `{"serverUrl": "https://<host>/*"}` (Claude matches the URL
        pattern with `*`); packages have no form there (`serverCommand` is an exact
        argv, not a package), so the plan says so."""
        if scope is not Scope.USER:
            return None
        items: list[Companion] = []
        notes: list[str] = []
        allow = [(rule, _native_item(rule)) for rule in rules.allow or ()]
        lost = [rule for rule, item in allow if item is None]
        if lost:  # a partial allow list would keep out servers the policy admits
            notes.append(
                f"[policy] allow rule '{lost[0]}': Claude Code's allowedMcpServers names "
                "servers by name, argv or URL, not by package or pattern, so aido writes no "
                "allowedMcpServers and enforces the allow list in its own plans only"
            )
            allow = []
        deny = [(rule, _native_item(rule)) for rule in rules.deny]
        for rule, item in deny:
            if item is None:
                notes.append(
                    f"[policy] deny rule '{rule}': Claude Code's deniedMcpServers names servers "
                    "by name, argv or URL, not by package or pattern, so aido enforces it in "
                    "its own plans only"
                )
        for key, found in (("allowedMcpServers", allow), ("deniedMcpServers", deny)):
            for _, item in found:
                if item is not None:
                    items.append(Companion((key, ITEMS), item_name(item), item, file=SETTINGS))
        return NativePolicy(tuple(items), tuple(notes))

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${VAR}` references (§2 "Secrets / env")."""
        refs = Refs(self.name, server, dollar_brace)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # §2, §24: stdio cwd UNVERIFIED
            return refs.done({"type": "stdio", **stdio_fields(refs, spec)})
        # §1.2, §2: an entry with `url` but no `type` is read as stdio and fails,
        # so remote entries always carry `http` or `sse`.
        return refs.done({"type": spec.transport, **remote_fields(refs, spec)})

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """On Windows, say that project files keep plain `npx` for other systems."""
        if host.os != "win32" or location.scope is not Scope.PROJECT:
            return ()
        if location.path != host.project / ".mcp.json":  # an agent file
            return (
                "Claude Code on native Windows runs npx only through `cmd /c`; the project's "
                "agent files are shared with other systems, so aido keeps plain npx there: "
                "run Claude Code in WSL",
            )
        return (
            "Claude Code on native Windows runs npx only through `cmd /c`; .mcp.json is shared "
            "with other systems, so aido keeps plain npx there: use --scope local (or user), "
            "where aido writes `cmd /c npx`, or run Claude Code in WSL",
        )

    def approval_files(self, location: Location, host: Host) -> tuple[Path, ...]:
        """The settings files and ~/.claude.json (approvals, folder trust), and the `.git`
        of the project and each folder above it (Claude Code keys trust by the git root)."""
        if location.scope is not Scope.PROJECT:
            return ()
        return (
            *_settings_files(host),
            host.home / ".claude.json",
            *(folder / ".git" for folder in (host.project, *host.project.parents)),
        )

    def approval(
        self, location: Location, host: Host, names: tuple[str, ...], records: ApprovalRecords
    ) -> ApprovalGate | None:
        """`.mcp.json` servers stay "pending approval" until the user approves them (audit M3);
        a project agent's own servers are skipped while the folder is untrusted (2.1.238+).

        Claude Code 2.1.197 connected an agent's servers in any folder; since 2.1.238 its
        agent loader skips a project agent's frontmatter servers (and hooks) unless
        `projects[<git root or folder>].hasTrustDialogAccepted` is true in ~/.claude.json,
        `-p` included ("the folder its definition file came from is not trusted";
        docs/harness-oracles.md). User agents need no trust.
        """
        if not names:
            return None
        if location.scope is Scope.PROJECT and location.path.parent == host.project / AGENTS:
            return _folder_gate(host, records)
        if location.path != host.project / ".mcp.json":
            return None
        approved = _approved(host, records)
        pending = [name for name in names if name not in approved]
        if approved is ALL or not pending:
            return None
        return ApprovalGate(
            requires=f"Claude Code leaves {', '.join(pending)} in .mcp.json pending approval",
            grant=f"run `claude` in {host.project} and approve them when asked (or with /mcp), "
            'or list them in "enabledMcpjsonServers" (or set "enableAllProjectMcpServers": '
            "true) in .claude/settings.local.json",
        )

    def doctor_notes(self, scope: Scope, host: Host) -> tuple[DoctorNote, ...]:
        """Claude Code rewrites ~/.claude.json on its own: a warning for each running
        Claude Code process, at user and local scope (whose file that is)."""
        if scope is Scope.PROJECT:
            return ()
        return tuple(
            DoctorNote(
                "claude-running",
                f"pid {pid}",
                f"{name} (pid {pid}) is running and rewrites ~/.claude.json on its own; quit "
                "Claude Code before aido apply, or your edits may be lost",
            )
            for pid, name in claude_processes()
        )

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.mcp.json` or `.claude/` here, `~/.claude.json`, or `claude` on PATH."""
        return detect_any(
            host,
            scope,
            project=(".mcp.json", ".claude/"),
            user=(host.home / ".claude.json", host.home / ".claude"),
            cli=("claude",),
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from §2 "Entry shapes"."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {"timeout": js.number(), "alwaysLoad": js.boolean()}
        stdio = js.stdio(type=js.const("stdio"), **common)
        remote = js.remote(
            {"type": js.enum("http", "streamable-http", "sse", "ws")},
            headersHelper=js.string(),
            oauth={"type": "object"},
            **common,
        )
        return js.entry(stdio, remote, title="Claude Code mcpServers entry")


class _All(frozenset[str]):
    """Every server name: `enableAllProjectMcpServers` is set."""

    def __contains__(self, name: object) -> bool:
        return True


ALL = _All()


def _folder_gate(host: Host, records: ApprovalRecords) -> ApprovalGate | None:
    """Claude Code's folder trust, which a project agent's own servers need (2.1.238+)."""
    folder = _trust_folder(host.project, records)
    key = str(folder).replace("\\", "/") if host.os == "win32" else str(folder)
    record = lookup(records.record(host.home / ".claude.json"), "projects", key)
    if lookup(record, "hasTrustDialogAccepted") is True:
        return None
    return ApprovalGate(
        requires=f"Claude Code skips a project agent's own servers while {folder} is not trusted",
        grant=f"run `claude` in {folder} and accept its trust dialog, or set "
        f'projects["{key}"].hasTrustDialogAccepted to true in ~/.claude.json',
    )


def _trust_folder(project: Path, records: ApprovalRecords) -> Path:
    """The folder Claude Code keys its trust by: the git repository holding `project`, else
    `project` itself."""
    for folder in (project, *project.parents):
        if records.exists(folder / ".git"):
            return folder
    return project


def _settings_files(host: Host) -> tuple[Path, ...]:
    """The settings files that may approve `.mcp.json` servers, the person's first."""
    return (
        host.project / ".claude" / "settings.local.json",
        host.project / ".claude" / "settings.json",
        host.home / ".claude" / "settings.json",
    )


def _approved(host: Host, records: ApprovalRecords) -> frozenset[str]:
    """Names of `.mcp.json` servers the user approved, from the settings files and the
    project's record in ~/.claude.json (where Claude Code keeps the answers to its prompt)."""
    found = [
        *(records.record(path) for path in _settings_files(host)),
        lookup(records.record(host.home / ".claude.json"), "projects", str(host.project)),
    ]
    names: set[str] = set()
    for record in found:
        if lookup(record, "enableAllProjectMcpServers") is True:
            return ALL
        listed = lookup(record, "enabledMcpjsonServers")
        if isinstance(listed, list):
            names.update(n for n in listed if isinstance(n, str))
    return frozenset(names)


def claude_processes(proc: Path | None = None) -> list[tuple[int, str]]:
    """Running Claude Code processes (pid, name), from /proc; none where /proc is absent."""
    root = PROC_ROOT if proc is None else proc
    found = []
    try:
        entries = sorted(root.iterdir(), key=lambda p: p.name)
    except OSError:
        return []
    for entry in entries:
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            comm = (entry / "comm").read_text(encoding="utf-8", errors="replace").strip()
            argv = (entry / "cmdline").read_bytes().decode("utf-8", "replace").split("\0")
        except OSError:
            continue
        if _is_claude(comm, argv):
            found.append((int(entry.name), comm))
    return found


def _is_claude(comm: str, argv: list[str]) -> bool:
    """`claude` itself, or node running the claude-code package."""
    head = argv[:3]
    return (
        comm == "claude"
        or any(Path(arg).name == "claude" for arg in head)
        or any("@anthropic-ai/claude-code" in arg for arg in head)
    )


ADAPTER = ClaudeCode()
