"""Business APIs: payments, commerce and messaging.

Part of the curated catalog (`aidokit.catalog.entries`, SPEC §3); the comment
above each entry says what was checked and when (docs/adding-an-entry.md).
"""

from __future__ import annotations

from aidokit.catalog.install import everywhere
from aidokit.catalog.models import MCPDef, RemoteSpec
from aidokit.catalog.spec_helpers import npx, passthrough, secret

ENTRIES: tuple[MCPDef, ...] = (
    # Stripe's hosted MCP endpoint (docs.stripe.com/mcp), OAuth in the harness. It can
    # create customers, payment links and refunds: security-sensitive.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="stripe",
        name="Stripe",
        purpose="Stripe API: customers, products, payment links, refunds and docs search",
        suggested_for=("implementer",),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(RemoteSpec(url="https://mcp.stripe.com")),
        homepage="https://docs.stripe.com/mcp",
        tags=("payments", "remote", "write-access"),
    ),
    # npm @shopify/dev-mcp 1.16.0 (docs and API schemas, no credentials).
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="shopify-dev",
        name="Shopify Dev",
        purpose="Search Shopify developer docs and introspect the Admin GraphQL schema",
        suggested_for=("researcher", "implementer"),
        triggers=("never",),
        install=everywhere(npx("@shopify/dev-mcp@1.16.0")),
        homepage="https://shopify.dev/docs/apps/build/devmcp",
        tags=("docs", "commerce"),
    ),
    # ---- issue 37, checked 2026-12-03 (`npm view` for each pin, the vendor's own
    # documentation for each remote URL; `make verify-catalog` re-checks them).
    # Sanity's hosted server: npm @sanity/mcp-server 0.12.2 is deprecated with the message
    # "Use the remote MCP server at https://mcp.sanity.io instead" (OAuth; checked 2026-12-03).
    # It creates and publishes documents: security-sensitive.
    MCPDef(
        id="sanity",
        name="Sanity",
        purpose="Query, create and publish Sanity content and manage datasets (read-write)",
        suggested_for=("implementer", "docs-writer"),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(RemoteSpec(url="https://mcp.sanity.io")),
        homepage="https://github.com/sanity-io/sanity-mcp-server",
        tags=("cms", "remote", "write-access"),
    ),
    # npm @mapbox/mcp-server 0.14.0 checked 2026-12-03 (Mapbox's; README: MAPBOX_ACCESS_TOKEN;
    # offline geometry tools need no token).
    MCPDef(
        id="mapbox",
        name="Mapbox",
        purpose="Geocoding, POI search, directions, isochrones and static maps from Mapbox",
        suggested_for=("implementer", "researcher"),
        triggers=("never",),
        install=everywhere(
            npx("@mapbox/mcp-server@0.14.0", env=passthrough("MAPBOX_ACCESS_TOKEN"))
        ),
        env=(secret("MAPBOX_ACCESS_TOKEN", "Mapbox access token"),),
        homepage="https://github.com/mapbox/mcp-server",
        tags=("maps", "geo"),
    ),
)
