"""The curated MCP catalog (SPEC §3). Seed for the walking skeleton; issue 3 fills it."""

from __future__ import annotations

from aidokit.catalog.models import MCPDef, RemoteSpec

_CONTEXT7 = RemoteSpec(url="https://mcp.context7.com/mcp", transport="http")

MCP_CATALOG: tuple[MCPDef, ...] = (
    # Upstash's hosted Context7 server (https://github.com/upstash/context7).
    MCPDef.model_construct(
        id="context7",
        name="Context7",
        purpose="Up-to-date library documentation and code examples for the model.",
        suggested_for=("researcher", "implementer"),
        triggers=("always",),
        install={"claude-code": _CONTEXT7},
        homepage="https://github.com/upstash/context7",
        tags=("docs",),
    ),
)
