"""Optional: approval gates, what a harness still requires before it uses a file aido wrote.

Some harnesses ignore or hold back servers until the user trusts the folder or
approves the servers (harness-audit.md M3): Codex project config, Copilot CLI
workspace files, Gemini CLI in an untrusted folder, Claude Code's `.mcp.json`,
Qwen Code's project servers. Such an adapter is a `NeedsApproval` and says so with
`approval`, from the harness's own record of that approval; aido itself never
grants it. A record it cannot read counts as "not granted", so the note is shown
rather than wrongly left out. A harness that asks again for an agent file aido
changed (Gemini CLI's acknowledged agents) is an `AgentApproval` too.

The gate reads nothing itself: the adapter names the records it needs
(`approval_files`), the world reads them once under the safe-read rules
(reconcile/read/world.py), and the gate looks them up in `ApprovalRecords`, so
`build_plan` stays a pure function of the world.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol, runtime_checkable

from aidokit.adapters.base import Host, Location
from aidokit.catalog.models import Strict


@dataclass(frozen=True)
class ApprovalGate(Strict):
    """What the harness still requires for one file, and the command or setting that grants it."""

    requires: str
    grant: str

    def sentence(self) -> str:
        """The gate as one line for the plan and doctor."""
        return f"{self.requires}; to grant it: {self.grant} (aido never grants trust)"


class ApprovalRecords(NamedTuple):
    """The harness records the approval gates look at, read before the plan is computed.

    `parsed` holds each record an adapter named in `approval_files` (None: missing or
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
        """Whether `path` (named in `approval_files`) exists."""
        return path in self.present


NO_RECORDS = ApprovalRecords()


@runtime_checkable
class NeedsApproval(Protocol):
    """Optional: the harness holds back the servers of some of its files until the user
    approves them or trusts the folder (Claude Code, Codex, Copilot CLI, Gemini CLI,
    Qwen Code)."""

    def approval_files(self, location: Location, host: Host) -> tuple[Path, ...]:
        """The harness's own records `approval` looks at for this file (read by the world)."""
        ...

    def approval(
        self, location: Location, host: Host, names: tuple[str, ...], records: ApprovalRecords
    ) -> ApprovalGate | None:
        """What the harness still requires before it uses servers `names` in this file,
        judged from `records` (the files `approval_files` named, as read); None: nothing."""
        ...


@runtime_checkable
class AgentApproval(Protocol):
    """Optional: the harness uses an agent file holding aido's servers only once the user
    acknowledged it as it stands (Gemini CLI's project agents)."""

    def agent_approval_files(self, location: Location, host: Host) -> tuple[Path, ...]:
        """The harness records `agent_approval` looks at for agent file `location`."""
        ...

    def agent_approval(
        self, location: Location, host: Host, changed: bool, records: ApprovalRecords
    ) -> ApprovalGate | None:
        """What the harness requires before it uses agent file `location` (`changed`: the
        plan writes it); None: nothing."""
        ...


def parse_record(path: Path, raw: bytes | None) -> Any:
    """The JSON or TOML record `raw` read from `path` (by its suffix); None if unreadable."""
    if raw is None:
        return None
    try:
        if path.suffix == ".toml":
            return tomllib.loads(raw.decode("utf-8"))
        return json.loads(raw)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


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
