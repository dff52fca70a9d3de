"""Trust gates: what a harness still requires before it uses a file aido wrote.

Some harnesses ignore or hold back servers until the user trusts the folder
or approves the servers (harness-audit.md M3): Codex project config, Copilot
CLI workspace files, Gemini CLI in an untrusted folder, Claude Code's
`.mcp.json`. An adapter says so with `trust_gate`, from the harness's own
record of that trust; aido itself never grants it. A record it cannot read
counts as "not granted", so the note is shown rather than wrongly left out.

The gate reads nothing itself: the adapter names the records it needs
(`trust_files`), the world reads them once under the safe-read rules
(reconcile/read/world.py), and the gate looks them up in `TrustRecords`, so
`build_plan` stays a pure function of the world.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from aidokit.catalog.models import Strict


@dataclass(frozen=True)
class TrustGate(Strict):
    """What the harness still requires for one file, and the command or setting that grants it."""

    requires: str
    grant: str

    def sentence(self) -> str:
        """The gate as one line for the plan and doctor."""
        return f"{self.requires}; to grant it: {self.grant} (aido never grants trust)"


class TrustRecords(NamedTuple):
    """The harness records the trust gates look at, read before the plan is computed.

    `parsed` holds each record an adapter named in `trust_files` (None: missing or
    unreadable), `present` which of those paths exist (a `.git` folder, say), and
    `digests` the sha256 of each targeted file's bytes as read. A path no adapter
    named counts as missing, like an unreadable record: the gate is shown, never wrongly
    left out (a hand-built world in a test has no records at all).
    """

    parsed: Mapping[Path, Any] = MappingProxyType({})
    present: frozenset[Path] = frozenset()
    digests: Mapping[Path, str] = MappingProxyType({})

    def record(self, path: Path) -> Any:
        """The parsed record at `path` (None: missing, unreadable or not named)."""
        return self.parsed.get(path)

    def exists(self, path: Path) -> bool:
        """Whether `path` (named in `trust_files`) exists."""
        return path in self.present


NO_RECORDS = TrustRecords()


def parse_record(path: Path, raw: bytes | None) -> Any:
    """The JSON or TOML record `raw` read from `path` (by its suffix); None if unreadable."""
    if raw is None:
        return None
    try:
        if path.suffix == ".toml":
            return _parse_toml(raw.decode("utf-8"))
        return json.loads(raw)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


def _parse_toml(text: str) -> Any:
    """`tomllib.loads`, imported only when a TOML record is read."""
    import tomllib

    return tomllib.loads(text)


def lookup(data: Any, *keys: str) -> Any:
    """`data[k1][k2]...`, or None where a level is missing or not an object."""
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def within(project: Path, folder: object) -> bool:
    """Whether `project` is `folder` or inside it (`folder` as a harness recorded it)."""
    if not isinstance(folder, str) or not folder:
        return False
    return project == Path(folder) or project.is_relative_to(Path(folder))
