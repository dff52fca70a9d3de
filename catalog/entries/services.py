"""Business APIs: payments, commerce and messaging.

Part of the curated catalog (`aidokit.catalog.entries`, SPEC §3); the comment
above each entry says what was checked and when (docs/adding-an-entry.md).
"""

from __future__ import annotations

from aidokit.catalog.install import everywhere
from aidokit.catalog.models import MCPDef, RemoteSpec
from aidokit.catalog.spec_helpers import npx

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
)
