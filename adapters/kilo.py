"""Kilo Code (current generation): `mcp.<name>` in `kilo.json(c)`, OpenCode's V1 shape.

harness-formats.md §15. Kilo is an OpenCode fork: its CLI and the current
VS Code extension read `kilo.jsonc`/`kilo.json` (and `opencode.json(c)`) in
the project, `.kilo/kilo.json(c)`, and `$XDG_CONFIG_HOME/kilo/` for the user
(`Kilo-Org/kilocode` packages/opencode/src/config/config.ts and paths.ts;
`const app = "kilo"`, default `~/.config/kilo` on every OS). The files of the
Roo-derived generation are the `kilo-legacy` adapter.

Two formats by CLI version (docs/harness-oracles.md, "Kilo"): Kilo 7.7.2 and later
refuse a `{env:VAR}` reference anywhere in a project config file and skip the whole
file (only the global config is trusted with them); 7.0.33 substitutes it. aido
looks up the `@kilocode/cli` on PATH and, from 7.7.2 or when it finds none, leaves a
server that needs a reference out of the project file, saying to add it at user scope.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aidokit.adapters.assumed_format import AssumedFormat
from aidokit.adapters.base import Evidence, Format, Host, Location, Scope
from aidokit.adapters.common import detect_any, first_existing, installed_version, version_tuple
from aidokit.adapters.opencode import OpenCodeFamily

# The first release whose project config may not hold `{env:…}`: the linux-x64 binaries of
# 7.7.2 and 7.7.7 throw "environment references are not allowed in project config" in
# their config substitute() unless the file is trusted (only global config is), and
# `kilo debug config` then lists none of the file's servers; 7.0.33 substitutes the
# reference. No release in between has a linux-x64 package on npm to check.
PROJECT_ENV_REFUSED_SINCE = (7, 7, 2)
PACKAGE = "@kilocode/cli"
_ENV_REF = re.compile(r"\{env:[^}]+\}")


def _since() -> str:
    return ".".join(map(str, PROJECT_ENV_REFUSED_SINCE))


@dataclass(frozen=True)
class NoEnvInProject(AssumedFormat):
    """Kilo from 7.7.2 (or none found): one `{env:…}` reference makes it skip the whole
    project file, so an entry with one is refused there."""

    assumed: str  # which Kilo, and how aido knows

    def refuses(self, name: str, entry: Mapping[str, Any]) -> str | None:
        """Why `entry` cannot go into the project file: the references it needs."""
        refs = sorted(set(_ENV_REF.findall(json.dumps(entry))))
        if not refs:
            return None
        return (
            f"{self.assumed} skips a project kilo.json holding any {{env:…}} reference (none "
            f"of its servers would load), and '{name}' needs {', '.join(refs)}; add it at "
            "user scope instead: put it in ~/.config/aido/aido.toml and run "
            "`aido apply --scope user` (~/.config/kilo/kilo.json may hold references)"
        )


class Kilo(OpenCodeFamily):
    """Kilo Code CLI and extension, kilo.json generation."""

    name = "kilo"
    title = "Kilo Code"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    # tests/contract reads aido's writes back with `kilo debug config` (7.0.33 to 7.7.7).
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-11-30",
        link="https://github.com/Kilo-Org/kilocode/blob/002186d5/packages/opencode/src/config/config.ts",
        unconfirmed=("per-agent tool scoping (Kilo moved to `permission` rules; not written)",),
        cli="kilo",
    )
    # No role scoping or per-agent budgets (OpenCode's `NamedAgentScoping`): Kilo turns the
    # legacy `tools` map into `permission` rules, so aido writes no companions there, and a
    # budget is OpenCode's `enabled: false` switch only (`caps.tool_fields`), no tool filter.
    caps = OpenCodeFamily.caps._replace(
        # `location` picks one of these (OpenCode's other keys hold).
        project_names=("kilo.jsonc", "kilo.json", ".kilo/kilo.jsonc", ".kilo/kilo.json"),
    )

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

    def assumed_format(self, scope: Scope, host: Host) -> AssumedFormat | None:
        """Which project-file format aido assumed, by the Kilo CLI found on PATH: from
        7.7.2 (or none found) one `{env:…}` reference makes Kilo skip the whole project
        file, so an entry with one is refused there."""
        if scope is not Scope.PROJECT:
            return None  # the global file takes references in every release
        assumed = self._assumed(host)
        if not self._refuses_env(host):
            return AssumedFormat(
                f"assumed {assumed}, older than {_since()}: its project kilo.json may hold "
                "{env:…} references, which aido writes there (upgrading Kilo to "
                f"{_since()} or later makes it skip such a file: run aido apply again then)"
            )

        said = (
            f"assumed {assumed}, which skips a project kilo.json holding {{env:…}} "
            "references: aido leaves a server that needs one out of it (add such a server "
            "at user scope)"
        )
        return NoEnvInProject(said, assumed)

    @staticmethod
    def _refuses_env(host: Host) -> bool:
        found = installed_version("kilo", PACKAGE, host)
        return found is None or version_tuple(found) >= PROJECT_ENV_REFUSED_SINCE

    @staticmethod
    def _assumed(host: Host) -> str:
        found = installed_version("kilo", PACKAGE, host)
        if found is None:
            return f"Kilo {_since()} or later (no {PACKAGE} found on PATH)"
        return f"Kilo {found} (the {PACKAGE} on PATH)"

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
