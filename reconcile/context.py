"""Project facts detection. Seed for the walking skeleton; issue 3/5 fills it."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from aidokit.catalog.facts import Fact, Facts, OSName


def detect_facts(
    project: Path, *, conformance: str | None = None, stack_packs: Sequence[str] | None = None
) -> Facts:
    """Facts about `project` (seed: OS and the configured values only)."""
    os_name: OSName = (
        "darwin" if sys.platform == "darwin" else "win32" if sys.platform == "win32" else "linux"
    )
    packs = {p: Fact(p, "aido.toml") for p in stack_packs or ()}
    level = Fact(conformance, "aido.toml") if conformance else None
    return Facts(os=os_name, stack_packs=packs, conformance=level)
