"""The curated MCP catalog (SPEC §3): typed data, one entry per server, never removed.

Every install spec names a package or URL that was checked to exist; the
comment above each entry says where and when. Packages are pinned to the
version checked (npx `pkg@x.y.z`, uvx `pkg==x.y.z`) so a plan does not
change under a user when a server publishes; bumping a pin is a catalog PR
(docs/adding-an-entry.md). Remote URLs are the vendor's own endpoint.

The entries live in one module per domain; `MCP_CATALOG` is their entries in
the order of `DOMAINS`, each module's in file order. A new entry goes at the
end of its domain's module (the order is what `aido catalog list` shows).
"""

from __future__ import annotations

from aidokit.catalog.entries import (
    browsers,
    cloud,
    code,
    databases,
    forges,
    knowledge,
    observability,
    services,
)
from aidokit.catalog.models import MCPDef

# The day `make verify-catalog` last found every package pin (remote URLs are checked
# against the vendor's docs on the date in each entry's comment).
CHECKED = "2026-12-03"

DOMAINS = (knowledge, browsers, code, forges, databases, cloud, observability, services)

MCP_CATALOG: tuple[MCPDef, ...] = tuple(entry for domain in DOMAINS for entry in domain.ENTRIES)

ENTRIES_BY_ID: dict[str, MCPDef] = {entry.id: entry for entry in MCP_CATALOG}
