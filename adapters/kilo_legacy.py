"""Kilo Code (legacy generation): Roo-shaped `mcpServers` in `.kilocode/mcp.json`.

harness-formats.md §15. The Roo-derived Kilo extension kept project servers
in `.kilocode/mcp.json` and user servers in `mcp_settings.json` under the
VS Code globalStorage of `kilocode.kilo-code`. The current Kilo still reads
both (packages/opencode/src/kilocode/mcp-migrator.ts), but copies their
values verbatim: a `${env:VAR}` reference works in the old extension and
reaches the server unexpanded under the new one (see `file_notes`).
"""

from __future__ import annotations

from aidokit.adapters.base import Evidence, Host, Location, Scope, display
from aidokit.adapters.common import detect_any
from aidokit.adapters.kilo import ADAPTER as KILO
from aidokit.adapters.roo import Roo


class KiloLegacy(Roo):
    """Kilo Code, Roo-derived generation (`.kilocode/`)."""

    name = "kilo-legacy"
    title = "Kilo Code (legacy .kilocode)"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    # tests/contract reads aido's files back with the current Kilo CLI, which migrates both
    # (`kilocode debug config`: its second name for `kilo`, so the oracles stay one per CLI).
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-11-30",
        link=(
            "https://github.com/Kilo-Org/kilocode/blob/1e49e857/"
            "packages/opencode/src/kilocode/mcp-migrator.ts"
        ),
        unconfirmed=("VS Code forks and profiles of the globalStorage folder",),
        cli="kilocode",
    )

    # KilocodePaths.vscodeGlobalStorage(); mcp-migrator.ts reads both files with
    # JSON.parse, so strict JSON like Roo's.
    project_folder = ".kilocode"
    extension_id = "kilocode.kilo-code"

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.kilocode/` here, or Kilo's globalStorage folder."""
        return detect_any(host, scope, project=(".kilocode/",), user=(self._storage(host),))

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """When the current Kilo is here too: it reads this file without expanding `${env:VAR}`."""
        found = KILO.detect(host, location.scope)
        if found is None:
            return ()
        return (
            f"{display(location.path, host)}: the current Kilo is in use ({found}); it loads "
            "these servers but passes ${env:VAR} references through unexpanded, so target "
            "the `kilo` adapter instead",
        )


ADAPTER = KiloLegacy()
