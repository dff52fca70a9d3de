"""Error tracking, monitoring, logs and incidents.

Part of the curated catalog (`aidokit.catalog.entries`, SPEC §3); the comment
above each entry says what was checked and when (docs/adding-an-entry.md).
"""

from __future__ import annotations

from aidokit.catalog.install import everywhere
from aidokit.catalog.models import MCPDef
from aidokit.catalog.spec_helpers import npx, passthrough, secret

ENTRIES: tuple[MCPDef, ...] = (
    # npm @sentry/mcp-server 0.39.0 checked 2026-11-30 (reads SENTRY_ACCESS_TOKEN).
    MCPDef(
        id="sentry",
        name="Sentry",
        purpose="Look up Sentry issues, events and stack traces while debugging",
        suggested_for=("implementer", "tester-reviewer"),
        triggers=("never",),
        install=everywhere(
            npx("@sentry/mcp-server@0.39.0", env=passthrough("SENTRY_ACCESS_TOKEN"))
        ),
        env=(secret("SENTRY_ACCESS_TOKEN", "Sentry user auth token"),),
        homepage="https://github.com/getsentry/sentry-mcp",
        tags=("observability",),
    ),
)
