"""Agent definitions found in a project, and which of them play a role (docs/roles.md).

Where a harness keeps its agents is its adapter's (`AgentFileScoping.agent_files`). An
agent's name is what its harness calls it: the frontmatter `name` where the harness
reads it (`AgentFiles.named_in_frontmatter`), else the file name without its suffix
(`qa.md`, `qa.agent.md`, `qa.json` are all `qa`). The `name` line is read cheaply (the
first 64 KiB, no YAML parser); frontmatter without a plain `name` falls back to the file
name. A file name that is not a valid agent name (AGENT_PATTERN) is not an agent aido
will scope to.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from aidokit.adapters import ADAPTERS
from aidokit.adapters.agents import AgentFileScoping
from aidokit.catalog.models import ALL_ROLES
from aidokit.reconcile.read.choices.config import AGENT_PATTERN

if TYPE_CHECKING:
    from aidokit.adapters.agents import AgentFiles

_AGENT_NAME = AGENT_PATTERN_RE = re.compile(AGENT_PATTERN)
SHARED = "*"  # `[mcp.roles] ID = ["*"]`: every agent sees the entry, on purpose
# `[roles] implementer = ["main"]`: the session that runs without `--agent` (SPEC 5), whose
# servers are the shared file's. Reserved: never the name of an agent file aido scopes to.
MAIN = "main"

_NAME_LINE = re.compile(r"""^name:[ \t]*(["']?)([^"'#\r\n]*?)\1[ \t]*(?:#[^\r\n]*)?\r?$""", re.M)
_FRONT = re.compile(r"\A---[ \t]*\r?\n(.*?)^---[ \t]*\r?$", re.M | re.S)


class AgentFile(NamedTuple):
    """One agent definition: its harness, its name and its file (sorted in that order)."""

    harness: str
    name: str
    path: Path


def discover_agents(root: Path) -> tuple[AgentFile, ...]:
    """Return the agent files under `root` (a project or a home), sorted: those in the
    folder of each adapter that keeps agents (its AgentFiles)."""
    found: list[AgentFile] = []
    for adapter in ADAPTERS.values():
        if not isinstance(adapter, AgentFileScoping):
            continue
        agents = adapter.agent_files
        directory = root / agents.folder_name
        if not directory.is_dir():
            continue
        for path in directory.iterdir():
            stem = path.name.removesuffix(agents.suffix)
            if path.name.endswith(agents.suffix) and _AGENT_NAME.match(stem) and path.is_file():
                name = agent_name(agents, path, stem)
                found.append(AgentFile(harness=adapter.name, name=name, path=path))
    return tuple(sorted(found))


def agents_for_roles(
    roles: Iterable[str], table: Mapping[str, tuple[str, ...]], agents: Iterable[AgentFile]
) -> tuple[AgentFile, ...]:
    """The agents that play any of `roles`: named in `[roles]`, or named like the role."""
    names = set()
    for role in roles:
        names.add(role)
        names.update(table.get(role, ()))
    return tuple(agent for agent in agents if agent.name in names)


def agents_playing(
    roles: Iterable[str], table: Mapping[str, tuple[str, ...]], found: Iterable[str]
) -> tuple[str, ...]:
    """Of the agent names `found`, those that play any of `roles`; none for a shared entry.
    The main session (MAIN) is not an agent file: `main_plays` says whether it plays them."""
    roles = tuple(roles)
    if SHARED in roles:
        return ()
    names = set(roles).union(*(table.get(role, ()) for role in roles))
    return tuple(name for name in found if name in names and name != MAIN)


def main_plays(roles: Iterable[str], table: Mapping[str, tuple[str, ...]]) -> bool:
    """Whether `[roles]` gives one of `roles` to the main session (`implementer = ["main"]`)."""
    return any(MAIN in table.get(role, ()) for role in roles)


def proposed_roles(agents: Iterable[AgentFile]) -> dict[str, tuple[str, ...]]:
    """For init and doctor: the roles whose name an agent already has (mapped implicitly)."""
    names = {agent.name for agent in agents}
    return {role: (role,) for role in ALL_ROLES if role in names}


# Words in an agent's name that say which role it plays, for `aido init`'s proposal.
_ROLE_WORDS: dict[str, frozenset[str]] = {
    "tester-reviewer": frozenset({"qa", "test", "tester", "tests", "review", "reviewer"}),
    "frontend-browser-tester": frozenset({"e2e", "browser", "frontend", "ui", "playwright"}),
    "docs-writer": frozenset({"doc", "docs", "documentation", "writer"}),
    "researcher": frozenset({"research", "researcher", "explore", "explorer"}),
    "architect": frozenset({"architect", "design", "designer", "planner"}),
    "implementer": frozenset({"implementer", "coder", "developer", "dev", "engineer"}),
}


def guessed_roles(names: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """For `aido init`: role -> the agents whose name has one of its words (`qa`, `e2e-ui`)."""
    guesses: dict[str, list[str]] = {}
    for name in sorted(set(names)):
        words = set(re.split(r"[-_]", name.lower()))
        for role, hints in _ROLE_WORDS.items():
            if words & hints and name != role:
                guesses.setdefault(role, []).append(name)
    return {role: tuple(agents) for role, agents in guesses.items()}


def unmapped_agents(
    agents: Iterable[AgentFile], table: Mapping[str, tuple[str, ...]]
) -> tuple[str, ...]:
    """Agent names that play no role yet: neither named like a role nor listed in `[roles]`."""
    mapped = {*ALL_ROLES, MAIN}.union(*table.values())
    return tuple(sorted({agent.name for agent in agents} - mapped))


def agent_name(agents: AgentFiles, path: Path, stem: str) -> str:
    """What the harness of `agents` calls the agent in `path`: its frontmatter `name` when
    the harness reads one and it is a plain agent name, else the file name without suffix
    `stem`."""
    declared = front_name(path) if agents.named_in_frontmatter else None
    return declared if declared and _AGENT_NAME.fullmatch(declared) else stem


def front_name(path: Path) -> str | None:
    """The frontmatter `name` of the Markdown file `path` (its first 64 KiB, no YAML parser)."""
    try:
        with path.open("rb") as handle:
            text = handle.read(1 << 16).decode("utf-8-sig", errors="replace")
    except OSError:
        return None
    front = _FRONT.match(text)
    line = _NAME_LINE.search(front.group(1)) if front else None
    return line.group(2).strip() or None if line else None


MARKDOWN_AGENTS_READ = 256  # at most this many Markdown agent files are named per folder


def markdown_agents(folder: Path, subfolders: Iterable[str]) -> tuple[str, ...]:
    """OpenCode's Markdown agents under `folder`: `<sub>/**/*.md` of each of `subfolders`
    (`mode`/`modes` one level only), named by frontmatter `name`, else by the path below
    `<sub>/` without `.md`; only plain agent names (AGENT_PATTERN), at most
    MARKDOWN_AGENTS_READ files each, symlinks to folders not followed."""
    names: set[str] = set()
    for sub in subfolders:
        base = folder / sub
        if not base.is_dir() or base.is_symlink():
            continue
        pattern = "*.md" if sub.startswith("mode") else "**/*.md"
        for count, path in enumerate(sorted(base.glob(pattern))):
            if count >= MARKDOWN_AGENTS_READ:
                break
            if not path.is_file():
                continue
            name = front_name(path) or path.relative_to(base).as_posix().removesuffix(".md")
            if _AGENT_NAME.fullmatch(name):
                names.add(name)
    return tuple(sorted(names))
