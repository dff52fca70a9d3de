"""Facts about a project that triggers are evaluated against (SPEC §1 step 1).

Detection (reading the disk) lives in `aidokit.reconcile.read.facts.context`; this module
only holds the typed value, so trigger evaluation stays a pure function.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from aidokit.catalog.remotes import Forge

OSName = Literal["linux", "darwin", "win32"]


@dataclass(frozen=True)
class Fact:
    """One detected or configured fact and where it came from."""

    value: str
    source: str  # e.g. "package.json dependencies", ".git/config", "aido.toml"


@dataclass(frozen=True)
class Facts:
    """Everything triggers may look at; each fact carries its source."""

    os: OSName
    stack_packs: dict[str, Fact] = field(default_factory=dict)  # pack id -> evidence
    languages: dict[str, Fact] = field(default_factory=dict)  # language -> evidence
    remote_url: Fact | None = None  # origin's URL, from .git/config
    beads: Fact | None = None
    brownfield: Fact | None = None
    conformance: Fact | None = None
    # Self-hosted forges (GitLab, GitHub Enterprise): host -> forge, from
    # aido.toml `forges` and AIDO_FORGE_HOSTS; detect.<forge>Remote reads it.
    forge_hosts: Mapping[str, Forge] = field(default_factory=dict)
