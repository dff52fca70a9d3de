"""The adapter Protocol: what every harness module provides (SPEC §5)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from aidokit.adapters.format import Format
from aidokit.adapters.trust import TrustGate
from aidokit.catalog.facts import OSName
from aidokit.catalog.models import PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec

# The strength of an adapter's evidence, strongest first: the harness's own CLI
# read aido's files back in CI, its source code, its official docs, or only
# third-party pages.
VERIFIED_BY: tuple[str, ...] = ("real CLI", "source", "docs", "secondary")


class Scope(StrEnum):
    """Which config files an adapter manages."""

    PROJECT = "project"  # files in the repository
    USER = "user"  # files under the home directory
    LOCAL = "local"  # per-project entries kept in a user file (Claude Code)


@dataclass(frozen=True)
class Host:
    """Where aido runs: the facts adapters need to locate config files."""

    project: Path
    home: Path
    os: OSName
    environ: Mapping[str, str]

    @classmethod
    def current(cls, project: Path) -> Host:
        """Describe this machine, honouring HOME and friends so tests can sandbox."""
        os_name: OSName = (
            "darwin"
            if sys.platform == "darwin"
            else "win32"
            if sys.platform.startswith("win")
            else "linux"
        )
        environ = dict(os.environ)
        home = Path(environ.get("HOME") or environ.get("USERPROFILE") or Path.home())
        return cls(project=project.resolve(), home=home, os=os_name, environ=environ)

    def xdg_config_home(self) -> Path:
        """`$XDG_CONFIG_HOME`, defaulting to `~/.config`."""
        value = self.environ.get("XDG_CONFIG_HOME")
        return Path(value) if value else self.home / ".config"


@dataclass(frozen=True)
class Companion:
    """A value outside the server map that belongs to one entry (e.g. per-agent tool globs)."""

    map_path: tuple[str, ...]
    name: str
    value: Any


@dataclass(frozen=True)
class Location:
    """One config file an adapter manages and where its server map lives."""

    adapter: str
    scope: Scope
    path: Path
    fmt: Format
    map_path: tuple[str, ...]


@dataclass(frozen=True)
class Rendered:
    """An entry in a harness's shape plus what the user must still do by hand."""

    entry: dict[str, Any]
    notes: tuple[str, ...] = ()


class Adapter(Protocol):
    """A harness: where its MCP config lives and how an entry looks there."""

    name: str
    title: str
    scopes: tuple[Scope, ...]
    # How the file locations and entry shape were checked: one of VERIFIED_BY.
    verified_by: str
    # Where: the harness's own source, docs, or the secondary page relied on.
    evidence: str
    # On Windows, npm launchers (npx) must run through `cmd /c` (render.shell_wrapped).
    windows_shell: bool
    # The harness's own CLI binary, whose version `aido doctor` checks (None: no CLI).
    cli: str | None

    @property
    def unconfirmed(self) -> tuple[str, ...]:
        """What could not be confirmed there (shown by `aido adapters`)."""
        ...

    def location(self, scope: Scope, host: Host) -> Location | None:
        """The file and server-map path for `scope`, or None if unsupported."""
        ...

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """The entry and its notes, rendered once (`render` and `notes` are its halves)."""
        ...

    def render(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> dict[str, Any]:
        """The harness-native entry for `spec`, secrets as references."""
        ...

    def notes(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> tuple[str, ...]:
        """What the user must do by hand for this entry (values aido will not write)."""
        ...

    def schema(self) -> dict[str, Any]:
        """JSON Schema (draft 2020-12) of one entry as `render` writes it."""
        ...

    def identity(self, entry: Mapping[str, Any]) -> str | None:
        """The command or URL an existing entry runs, for ownership checks."""
        ...

    def role_scoping(self, name: str, roles: tuple[str, ...]) -> tuple[Companion, ...] | None:
        """Values that limit server `name` to agents `roles` in the same file.

        None when the harness has no such mechanism in this config file.
        """
        ...

    def detect(self, host: Host, scope: Scope) -> str | None:
        """Why this harness counts as in use for `scope` here (None if it does not)."""
        ...

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """What the user should know about the file as a whole, e.g. one that shadows it."""
        ...

    def trust_gate(
        self, location: Location, host: Host, names: tuple[str, ...]
    ) -> TrustGate | None:
        """What the harness still requires before it uses servers `names` in this file."""
        ...


def substitute(text: str, reference: Callable[[str], str]) -> str:
    """Replace each catalog `${NAME}` placeholder with the harness's reference form."""
    return PLACEHOLDER_RE.sub(lambda match: reference(match.group(1)), text)
