"""What `aido init` finds in a project: the harnesses in use, the stack, the agents, and what
the catalog would suggest for them (show/init_template.py writes the aido.toml for it).

Detection reuses the adapters' own `detect` and the context's facts, so init
suggests exactly what `aido plan` would pick without an `aido.toml`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Host, Scope
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.catalog.facts import Facts
from aidokit.catalog.models import MCPDef
from aidokit.catalog.triggers import suggest
from aidokit.reconcile.read.agents import (
    AgentFile,
    discover_agents,
    guessed_roles,
)
from aidokit.reconcile.read.facts import detect_facts


@dataclass(frozen=True)
class Suggestion:
    """A catalog entry the project's facts select, and why."""

    id: str
    purpose: str
    why: str


def guessed(survey: Survey) -> dict[str, tuple[str, ...]]:
    """The roles `aido init` would guess for the agents found (role -> agent names)."""
    return guessed_roles({agent.name for agent in survey.agents})


@dataclass(frozen=True)
class Survey:
    """What `aido init` found in a project."""

    root: Path  # the project
    # Every adapter, with why it was detected (its project file or its user folder).
    harnesses: tuple[tuple[str, str | None], ...]
    facts: Facts
    suggested: tuple[Suggestion, ...]
    others: tuple[MCPDef, ...]  # entries a user may add: not suggested, not deprecated
    agents: tuple[AgentFile, ...] = ()  # agent definitions found (docs/roles.md)
    user: bool = False  # the user layer's survey: the home folder, no project (SPEC §4)

    @property
    def detected(self) -> tuple[str, ...]:
        """Names of the harnesses detected here: a project file or the user's folder."""
        return tuple(name for name, why in self.harnesses if why)


def survey(project: Path, scope: Scope = Scope.PROJECT) -> Survey:
    """Detect harnesses and stack, and what the catalog would suggest for them. For the
    user layer (`scope` user) the harnesses are those found in the home folder, and no
    project fact counts (user scope never reads a project, SPEC §4)."""
    host = Host.current(project)
    if scope is Scope.USER:
        harnesses = tuple((n, adapter.detect(host, scope)) for n, adapter in ADAPTERS.items())
        facts = Facts(os=host.os)
        found = _suggestions(facts)
        return Survey(host.project, harnesses, facts, *found, user=True)
    # In use here: its project file, else its user config folder (`~/.codex` marks Codex).
    harnesses = tuple(
        (name, adapter.detect(host, Scope.PROJECT) or adapter.detect(host, Scope.USER))
        for name, adapter in ADAPTERS.items()
    )
    facts = detect_facts(host.project)
    agents = discover_agents(host.project)
    return Survey(host.project, harnesses, facts, *_suggestions(facts), agents)


def _suggestions(facts: Facts) -> tuple[tuple[Suggestion, ...], tuple[MCPDef, ...]]:
    """The entries `facts` select (with why), and the others a user may add."""
    suggested: list[Suggestion] = []
    others: list[MCPDef] = []
    for entry in MCP_CATALOG:
        match = suggest(entry, facts)
        if match is not None:
            # The reason names the trigger and the fact behind it.
            suggested.append(Suggestion(entry.id, entry.purpose, match.reason))
        elif not entry.deprecated:
            others.append(entry)
    return tuple(suggested), tuple(others)


SMALL_SET = 3  # how many suggestions `aido init` keeps unless told otherwise


def small_set(survey: Survey) -> tuple[str, ...]:
    """The suggestions init keeps by default: a few, those the project's own facts chose first."""
    from_facts = [s.id for s in survey.suggested if not s.why.startswith("always")]
    generic = [s.id for s in survey.suggested if s.why.startswith("always")]
    return tuple([*from_facts, *generic][:SMALL_SET])
