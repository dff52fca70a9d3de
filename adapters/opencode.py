"""OpenCode: `mcp.<name>` in `opencode.json(c)` (harness-formats.md §6), V1 shape.

OpenCode 2 (`opencode2`) nests servers under `mcp.servers.<name>` but also
reads the flat V1 map (neon-solutions/add-mcp#103), and V1 accepts the V2
envelope (packages/opencode/src/config/v2-compat.ts `normalizeMcp`), so the
V1 shape is the one both generations read; it is what aido writes. Both take
their global folder from `OPENCODE_CONFIG_DIR` when it is set (V2 instead of
`$XDG_CONFIG_HOME/opencode`, V1 in addition to it), so aido writes there too.
A V2 kept apart from V1 usually runs with `OPENCODE_CONFIG_DIR` set to
`~/.config/opencode2` (anomalyco/opencode#48201): when that folder exists
and aido writes elsewhere, the plan says so. UNVERIFIED in the reference: the
Windows user path (taken to be `$XDG_CONFIG_HOME/opencode` on every OS) and
whether a `remote` entry falls back to SSE (an `sse` spec is written as
`remote` all the same).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aidokit.adapters import launch
from aidokit.adapters.agents import NamedAgents
from aidokit.adapters.base import (
    Capabilities,
    Companion,
    Evidence,
    Format,
    Host,
    Location,
    Rendered,
    Scope,
    ToolFields,
    display,
)
from aidokit.adapters.budget import Budget, Budgeted, in_entry, tool_name, unknown_list
from aidokit.adapters.common import (
    AdapterBase,
    detect_any,
    first_existing,
)
from aidokit.adapters.launch import Launch
from aidokit.adapters.render import Refs, brace_env, env_dir, refuse_cwd
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

# The V1 entry's switch: `enabled: false` keeps a server configured but off (§6).
SWITCH = ToolFields(off=("enabled", False))


class OpenCodeFamily(AdapterBase):
    """What OpenCode and its fork Kilo share: the V1 entry, how the harness starts it, and
    its schema."""

    caps = Capabilities(
        expands="brace-env",  # `{env:VAR}` (shell `$VAR` is not expanded)
        argv_command=True,  # `command` is the whole argv (§6)
        harness_keys=frozenset({"enabled", "timeout"}),
        project_names=("opencode.jsonc", "opencode.json"),  # `location` picks one
        # Launch keys (SPEC §6), config/mcp.ts (harness-formats.md §6): command (the
        # argv), environment and cwd (OpenCode 2), url and headers.
        launch_keys=frozenset({"command", "environment", "cwd", "url", "headers"}),
        # The context budget's switch: `enabled: false` in the entry (§6 V1). Its tool
        # filter lives outside the entry (OpenCode's `budget`, the `tools` map).
        tool_fields=SWITCH,
    )

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `{env:VAR}` references (§6 "Secrets": `$VAR` is not expanded)."""
        refs = Refs(self.name, server, brace_env)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # §6: V1 local entries have no cwd
            # §1.2, §6: `command` is the whole argv, program included.
            argv = [refs.text(spec.command, "command"), *refs.texts(spec.args, "args")]
            entry: dict[str, Any] = {"type": "local", "command": argv}
            if spec.env:
                entry["environment"] = refs.mapping(spec.env, "environment")
        else:
            entry = {"type": "remote", "url": refs.text(spec.url, "url")}
            if spec.headers:
                entry["headers"] = refs.mapping(spec.headers, "header")
        # §6 V1: on/off is `enabled` (V2 would be `disabled`).
        entry["enabled"] = True
        return refs.done(entry)

    def launch(self, entry: Mapping[str, Any], host: Host) -> Launch:
        """`command` is the whole argv, `environment` goes over OpenCode's own environment,
        and `{env:VAR}` is replaced everywhere, an unset one by nothing (§6)."""
        expander = launch.Expander(self.caps.expands, host.environ, host)
        url = entry.get("url")
        if isinstance(url, str) and url:
            headers = launch.string_map(entry.get("headers"))
            if headers is None:
                return launch.unreadable("its headers are not a map of strings")
            return launch.remote(expander, "http", url, headers)
        argv, env = (
            launch.strings(entry.get("command")),
            launch.string_map(entry.get("environment")),
        )
        cwd = entry.get("cwd")  # OpenCode 2 only
        if not argv or env is None or not isinstance(cwd, str | None):
            return launch.unreadable("its command is not a list of strings, or its environment "
                                     "not a map of strings")  # fmt: skip
        return launch.stdio(expander, argv[0], argv[1:], env, base=host.environ, cwd=cwd)

    def schema(self) -> dict[str, Any]:
        """Entry shape from §6 "V1 shape"."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {"enabled": js.boolean(), "timeout": {"type": "integer", "minimum": 0}}
        local = js.shape(
            {
                "type": js.const("local"),
                "command": {"type": "array", "items": {"type": "string"}, "minItems": 1},
            },
            {"environment": js.string_map(), **common},
        )
        remote = js.shape(
            {"type": js.const("remote"), "url": js.string()},
            {
                "headers": js.string_map(),
                "oauth": {"oneOf": [{"type": "object"}, js.const(False)]},
                **common,
            },
        )
        return js.entry(local, remote, title="OpenCode mcp entry (V1)")


class OpenCode(OpenCodeFamily):
    """OpenCode (sst/opencode)."""

    name = "opencode"
    title = "OpenCode"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-11-30",
        link="https://github.com/anomalyco/opencode/blob/11072ad5/packages/opencode/src/config/mcp.ts",
        unconfirmed=(
            "Windows user folder",
            "SSE fallback of `remote` entries",
        ),
        cli="opencode",
    )
    # Its agents: `agent.<name>` in opencode.json, Markdown agents under `.opencode/` (user:
    # the config folder) in `{agent,agents}/**/*.md` and `{mode,modes}/*.md` (named by the
    # frontmatter `name`, else the path below that folder without `.md`), and the built-in
    # ones (packages/opencode/src/config/agent.ts `load`/`loadMode`; docs/roles.md).
    named_agents = NamedAgents(
        map_path=("agent",),
        folders=("agent", "agents", "mode", "modes"),
        project_folder=".opencode",
        built_in=("build", "plan", "general", "explore"),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`opencode.json`, or an existing `opencode.jsonc`, in the project or user folder."""
        if scope is Scope.PROJECT:
            folder = host.project
        elif scope is Scope.USER:
            folder = self._user_folder(host)
        else:
            return None
        path = first_existing((folder / "opencode.jsonc",), folder / "opencode.json")
        # §6 "Format": both names are read as JSONC (comments, trailing commas).
        return Location(self.name, scope, path, Format.JSONC, ("mcp",))

    @staticmethod
    def _user_folder(host: Host) -> Path:
        """`$OPENCODE_CONFIG_DIR`, else `$XDG_CONFIG_HOME/opencode`."""
        return env_dir(host, "OPENCODE_CONFIG_DIR", host.xdg_config_home() / "opencode")

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """Point at an OpenCode 2 folder that would not see the user file aido writes."""
        second = host.xdg_config_home() / "opencode2"
        if location.scope is not Scope.USER:
            return ()
        if not second.is_dir() or location.path.parent == second:
            return ()
        return (
            f"found {display(second, host)}: an OpenCode 2 started with OPENCODE_CONFIG_DIR="
            f"{display(second, host)} reads its servers there, not from "
            f"{display(location.path, host)}; run aido with the same OPENCODE_CONFIG_DIR to "
            "write there",
        )

    def budget(
        self, name: str, entry: dict[str, Any], budget: Budget, *, scope: Scope = Scope.PROJECT
    ) -> Budgeted:
        """`enabled: false` in the entry; each tool the model must not load as `false` in the
        top-level `tools` map under its name `<server>_<tool>` (§6 "Role scoping": the V1
        `tools` map; exact names, so no glob order matters). "Only these" needs the server's
        tool list: without one, the plan says so and the file loads every tool."""
        done = in_entry(self.name, name, entry, budget, SWITCH)
        if done.entry is None or not budget.filters:
            return done
        deny = budget.deny_list
        if deny is None:
            return done._replace(notes=(unknown_list(self.name, name, budget),), filtered=False)
        tools = tuple(Companion(("tools",), tool_name(name, tool), False) for tool in deny)
        return done._replace(companions=tools, notes=(), filtered=True)

    def role_scoping(self, name: str, agents: tuple[str, ...]) -> tuple[Companion, ...]:
        """Disable the server's tools globally, enable them for each of `agents` (the real
        agents that play the entry's roles).

        §6 "Role scoping" (V1): MCP tools are named `<server>_<tool>`, so the glob
        `<server>_*` targets one server in `tools` and `agent.<name>.tools`.
        """
        glob = f"{name}_*"
        per_agent = tuple(Companion(("agent", agent, "tools"), glob, True) for agent in agents)
        return (Companion(("tools",), glob, False), *per_agent)

    def agent_budget(self, name: str, agent: str, budget: Budget) -> Budgeted | None:
        """`false` in `agent.<agent>.tools` for each tool that agent must not load (the V1
        `tools` map, as for the whole file; OpenCode merges an agent's map over the
        top-level one, §6 "Role scoping"), `"<server>_*": false` for a server switched off
        for it. "Only these" needs the server's tool list, as `budget` does."""
        where = ("agent", agent, "tools")
        if not budget.enabled:
            glob = f"{tool_name(name, '')}*"
            return Budgeted(None, companions=(Companion(where, glob, False),))
        deny = budget.deny_list
        if deny is None:
            return Budgeted(None, notes=(unknown_list("opencode", name, budget),), filtered=False)
        tools = tuple(Companion(where, tool_name(name, tool), False) for tool in deny)
        return Budgeted(None, companions=tools)

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`opencode.json(c)` or `.opencode/` here, the user folder, or `opencode` on PATH."""
        return detect_any(
            host,
            scope,
            project=("opencode.json", "opencode.jsonc", ".opencode/"),
            user=(self._user_folder(host), host.xdg_config_home() / "opencode2"),
            cli=("opencode", "opencode2"),
        )


ADAPTER = OpenCode()
