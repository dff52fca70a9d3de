"""The curated MCP catalog (SPEC §3): typed data, one entry per server, never removed.

Every install spec names a package or URL that was checked to exist; the
comment above each entry says where and when. Packages are pinned to the
version checked (npx `pkg@x.y.z`, uvx `pkg==x.y.z`) so a plan does not
change under a user when a server publishes; bumping a pin is a catalog PR
(docs/adding-an-entry.md). Remote URLs are the vendor's own endpoint.

The entries live in one module per domain (`DOMAINS`). `MCP_CATALOG` lists them
in publication order (`ORDER`, append-only): the order `aido catalog list`,
`aido init` and `aido suggest` show, which the split into modules did not change.
A new entry goes at the end of its domain's module and its id at the end of
`ORDER`.
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

# Every id, in the order it was published (0.1.0, issue 19, issue 37, ...): append only.
ORDER: tuple[str, ...] = (
    "context7", "sequential-thinking", "playwright", "chrome-devtools", "github", "gitlab",
    "bitbucket", "beads-mcp", "fetch", "memory", "git", "sentry", "linear", "serena",
    "filesystem", "postgres-mcp", "supabase", "kubernetes", "brave-search", "time", "notion",
    "figma", "nx", "aws-documentation", "puppeteer", "postgres", "everything", "cloudflare-docs",
    "stripe", "heroku", "azure", "firecrawl", "exa", "tavily", "mongodb", "neon", "circleci",
    "shopify-dev", "angular-cli", "svelte", "railway", "netlify", "azure-devops",
    "desktop-commander", "perplexity", "browsermcp", "mui", "shadcn", "prisma", "apify",
    "huggingface", "atlassian", "duckduckgo", "arxiv", "qdrant", "clickhouse", "aws-api",
    "docker",
    # issue 37
    "deepwiki", "microsoft-learn", "aws-knowledge", "figma-dev-mode", "next-devtools",
    "chakra-ui", "browserbase", "browserstack", "cloudflare-browser", "snyk", "jupyter",
    "buildkite", "postgres-readonly", "mongodb-readonly", "redis", "neo4j-readonly", "chroma",
    "pinecone", "firebase", "convex", "vercel", "gcloud", "cloud-run", "kubernetes-readonly",
    "argocd", "aws-iac", "aws-pricing", "aws-serverless", "aws-eks", "aws-ecs", "aws-dynamodb",
    "cloudflare", "cloudflare-bindings", "cloudflare-builds", "grafana", "pagerduty", "posthog",
    "aws-cloudwatch", "aws-prometheus", "cloudflare-observability", "sanity", "mapbox",
    # issue 37 part 2
    "terraform", "sonatype", "google-developer-knowledge", "logfire",
)  # fmt: skip

_RANK = {entry_id: rank for rank, entry_id in enumerate(ORDER)}

MCP_CATALOG: tuple[MCPDef, ...] = tuple(
    sorted(
        (entry for domain in DOMAINS for entry in domain.ENTRIES),
        key=lambda entry: _RANK.get(entry.id, len(ORDER)),
    )
)

ENTRIES_BY_ID: dict[str, MCPDef] = {entry.id: entry for entry in MCP_CATALOG}
