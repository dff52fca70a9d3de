"""Optional: a harness whose file format changed between its releases (Kilo's project file
and `{env:…}`), so aido assumes one by what it finds on this host (`AssumesFormat`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from aidokit.adapters.base import Host, Scope


@dataclass(frozen=True)
class AssumedFormat:
    """Which of a harness's formats aido assumed for one scope, e.g. by the version of its
    CLI found here; a format that cannot hold some entries says which (`refuses`)."""

    said: str  # which format and why, for `aido doctor`

    def refuses(self, name: str, entry: Mapping[str, Any]) -> str | None:
        """Why the harness, so assumed, would not read `entry` (server `name`); None: it
        would. This format holds every entry aido renders."""
        return None


@runtime_checkable
class AssumesFormat(Protocol):
    """Optional: the harness has had more than one format for a scope's file."""

    def assumed_format(self, scope: Scope, host: Host) -> AssumedFormat | None:
        """Which of the harness's formats aido assumed for `scope` on this host, and why
        (`aido doctor`), and which entries it cannot hold (left out of the plan with the
        reason); None where the scope's file has one format."""
        ...
