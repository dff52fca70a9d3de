"""Kilo Code (current generation): `mcp.<name>` in `kilo.json(c)`, OpenCode's V1 shape.

harness-formats.md §15. Kilo is an OpenCode fork: its CLI and the current
VS Code extension read `kilo.jsonc`/`kilo.json` (and `opencode.json(c)`) in
the project, `.kilo/kilo.json(c)`, and `$XDG_CONFIG_HOME/kilo/` for the user
(`Kilo-Org/kilocode` packages/opencode/src/config/config.ts and paths.ts;
`const app = "kilo"`, default `~/.config/kilo` on every OS). The files of the
Roo-derived generation are the `kilo-legacy` adapter.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aidokit.adapters.base import (
    Budget,
    Budgeted,
    Companion,
    Host,
    Location,
    NamedAgents,
    Scope,
    ToolFields,
)
from aidokit.adapters.common import detect_any, first_existing
from aidokit.adapters.format import Format
from aidokit.adapters.opencode import OpenCode


class Kilo(OpenCode):
    """Kilo Code CLI and extension, kilo.json generation."""

    name = "kilo"
    cli: str | None = "kilo"  # the binary `aido doctor` asks for its version
    title = "Kilo Code"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    verified_by = "source"
    evidence = (
        "https://github.com/Kilo-Org/kilocode/blob/002186d5/packages/opencode/src/config/config.ts"
    )
    unconfirmed = ("per-agent tool scoping (Kilo moved to `permission` rules; not written)",)
    named_agents: NamedAgents | None = None  # it writes no companions (role_scoping)

    def location(self, scope: Scope, host: Host) -> Location | None:
        """An existing `kilo.jsonc`/`kilo.json` (root, then `.kilo/`), else `kilo.json`."""
        if scope is Scope.PROJECT:
            folders: tuple[Path, ...] = (host.project, host.project / ".kilo")
        elif scope is Scope.USER:
            folders = (host.xdg_config_home() / "kilo",)
        else:
            return None
        names = ("kilo.jsonc", "kilo.json")
        found = (folder / name for folder in folders for name in names)
        path = first_existing(found, folders[0] / "kilo.json")
        # Both names are parsed with jsonc-parser (config.ts), like OpenCode's.
        return Location(self.name, scope, path, Format.JSONC, ("mcp",))

    def role_scoping(self, name: str, agents: tuple[str, ...]) -> tuple[Companion, ...] | None:
        """Not written: Kilo turns the legacy `tools` map into `permission` rules."""
        return None

    def budget(self, name: str, entry: dict[str, Any], budget: Budget) -> Budgeted:
        """`enabled: false` (config.ts, as OpenCode's); no tool filter is written, as for role
        scoping: Kilo turns the legacy `tools` map into `permission` rules."""
        from aidokit.adapters.budget import in_entry

        return in_entry(self.name, name, entry, budget, ToolFields(off=("enabled", False)))

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`kilo.json(c)` or `.kilo/` here, `~/.config/kilo`, or `kilo` on PATH."""
        return detect_any(
            host,
            scope,
            project=("kilo.json", "kilo.jsonc", ".kilo/"),
            user=(host.xdg_config_home() / "kilo",),
            cli=("kilo",),
        )


ADAPTER = Kilo()
