"""Facts about a project that triggers are evaluated against (SPEC §1 step 1).

Detection (reading the disk) lives in `aidokit.reconcile.read.facts.context`; this module
only holds the typed value, so trigger evaluation stays a pure function.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, NamedTuple

from aidokit.catalog.remotes import Forge

OSName = Literal["linux", "darwin", "win32"]


class Fact(NamedTuple):
    """One detected or configured fact and where it came from."""

    value: str
    source: str  # e.g. "package.json dependencies", ".git/config", "aido.toml"


_NONE: Mapping[str, Fact] = MappingProxyType({})


class Facts(NamedTuple):
    """Everything triggers may look at; each fact carries its source."""

    os: OSName
    stack_packs: Mapping[str, Fact] = _NONE  # pack id -> evidence
    languages: Mapping[str, Fact] = _NONE  # language -> evidence
    remote_url: Fact | None = None  # origin's URL, from .git/config
    beads: Fact | None = None
    brownfield: Fact | None = None
    conformance: Fact | None = None
    # Self-hosted forges (GitLab, GitHub Enterprise): host -> forge, from
    # aido.toml `forges` and AIDO_FORGE_HOSTS; detect.<forge>Remote reads it.
    forge_hosts: Mapping[str, Forge] = MappingProxyType({})
