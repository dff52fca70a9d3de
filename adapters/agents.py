"""Optional: agents and role scoping (docs/roles.md).

A harness whose agent definitions can hold their own servers is an `AgentFileScoping`
(Claude Code, Copilot CLI, Gemini CLI, Kiro): its `agent_files` say where they are,
its methods how a server looks there and what keeps an agent from it. A harness that
scopes a server to agents by values of its own config file is a `NamedAgentScoping`
(OpenCode's `agent.<name>.tools`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple, Protocol, runtime_checkable

from aidokit.adapters.base import Companion, Format, Host, Location, Scope

# An agent name aido scopes to: what `[roles]` accepts
# (reconcile/read/choices/config.py AGENT_PATTERN).
AGENT_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


class AgentFiles(NamedTuple):
    """Where a harness keeps agent definitions that can hold their own servers.

    An agent is a file `<folder>/<name><suffix>` under the project (project scope) or
    the home folder (user scope); its servers are the map at `map_path` inside it, each
    in the shape `AgentFileScoping.agent_entry` turns the shared file's rendering into.
    """

    folder_name: str  # under the project or the home folder, e.g. ".gemini/agents"
    suffix: str  # e.g. ".md"
    fmt: Format
    map_path: tuple[str, ...]
    # Whether the harness calls an agent by its frontmatter `name` (else by its file name
    # without `suffix`): the installed CLIs' agent loaders (docs/roles.md, "Agent names").
    named_in_frontmatter: bool = False

    def folder(self, scope: Scope, host: Host) -> Path | None:
        """The folder of the agents of `scope` (None: no agent files in that scope)."""
        root = {Scope.PROJECT: host.project, Scope.USER: host.home}.get(scope)
        return None if root is None else root / self.folder_name

    def location(self, adapter: str, scope: Scope, host: Host, name: str) -> Location | None:
        """The file of agent `name` in `scope` (None: no agent files there, or a bad name)."""
        folder = self.folder(scope, host)
        if folder is None or not AGENT_NAME_RE.fullmatch(name):
            return None
        path = folder / f"{name}{self.suffix}"
        return Location(adapter, scope, path, self.fmt, self.map_path)

    def name_of(self, path: Path, scope: Scope, host: Host) -> str | None:
        """The agent whose file `path` is in `scope`, or None when it is no agent file."""
        folder = self.folder(scope, host)
        if folder is None or path.parent != folder or not path.name.endswith(self.suffix):
            return None
        name = path.name.removesuffix(self.suffix)
        return name if AGENT_NAME_RE.fullmatch(name) else None


@runtime_checkable
class AgentFileScoping(Protocol):
    """Optional: the harness's agent definitions can hold their own servers, so aido scopes
    a server to the agents that play its roles by writing it into their files."""

    agent_files: AgentFiles

    def agent_entry(self, entry: dict[str, Any]) -> dict[str, Any]:
        """The shared file's entry in the shape of an agent file's server."""
        ...

    def agent_blocked(self, agent: Mapping[str, Any], name: str) -> str | None:
        """What keeps agent `agent` (its file's parsed value) from using server `name`'s
        tools although the server is in its file, e.g. a tool allow-list; None: nothing."""
        ...

    def agent_refuses(self, agent: Mapping[str, Any]) -> str | None:
        """Why agent `agent` (its file's parsed value) cannot hold servers; None: it can."""
        ...


class AgentFilesBase:
    """The agent files most such harnesses have: a server in the shape of the shared
    file's, every tool of the servers in an agent's own file, every agent able to hold
    servers. An adapter states only where its harness differs."""

    def agent_entry(self, entry: dict[str, Any]) -> dict[str, Any]:
        """The entry as the shared file has it."""
        return dict(entry)

    def agent_blocked(self, agent: Mapping[str, Any], name: str) -> str | None:
        """Nothing keeps an agent from the servers in its own file."""
        return None

    def agent_refuses(self, agent: Mapping[str, Any]) -> str | None:
        """Every agent can hold servers."""
        return None


class NamedAgents(NamedTuple):
    """Agents a harness knows by name, for scoping by companions (OpenCode's
    `agent.<name>.tools`): those its config file defines under `map_path`, its Markdown
    agents in `folders` of its config folder, and its built-in ones."""

    map_path: tuple[str, ...]
    folders: tuple[str, ...]  # under the config folder, each read as `<folder>/**/*.md`
    project_folder: str  # the project's config folder (the user one holds the file itself)
    built_in: tuple[str, ...] = ()

    def folder(self, scope: Scope, host: Host, location: Location) -> Path:
        """The config folder whose `folders` hold Markdown agents in `scope`."""
        if scope is Scope.PROJECT:
            return host.project / self.project_folder
        return location.path.parent


@runtime_checkable
class NamedAgentScoping(Protocol):
    """Optional: the harness scopes a server to agents by values of its own config file."""

    named_agents: NamedAgents

    def role_scoping(self, name: str, agents: tuple[str, ...]) -> tuple[Companion, ...]:
        """Values that limit server `name` to the agents named `agents` in the same file."""
        ...
