"""Every catalog id ever published stays in the catalog (entries are deprecated, never removed)."""

from __future__ import annotations

from aidokit.catalog.entries import ENTRIES_BY_ID, MCP_CATALOG

# Append-only: add each new id here in the pull request that publishes it.
PUBLISHED = frozenset(
    {
        # 0.1.0
        "context7", "sequential-thinking", "playwright", "chrome-devtools", "github",
        "gitlab", "bitbucket", "beads-mcp", "fetch", "memory", "git", "sentry", "linear",
        "serena", "filesystem", "postgres-mcp", "supabase", "kubernetes", "brave-search",
        "time", "notion", "figma", "nx", "aws-documentation", "puppeteer", "postgres",
        # issue 19
        "everything", "cloudflare-docs", "stripe", "heroku", "azure", "firecrawl", "exa",
        "tavily", "mongodb", "neon", "circleci", "shopify-dev", "angular-cli", "svelte",
        "railway", "netlify", "azure-devops", "desktop-commander", "perplexity", "browsermcp",
        "mui", "shadcn", "prisma", "apify", "huggingface", "atlassian", "duckduckgo", "arxiv",
        "qdrant", "clickhouse", "aws-api", "docker",
        # issue 37
        "deepwiki", "microsoft-learn", "aws-knowledge", "figma-dev-mode", "next-devtools",
        "chakra-ui", "browserbase", "browserstack", "cloudflare-browser", "snyk", "jupyter",
        "buildkite", "postgres-readonly", "mongodb-readonly", "redis", "neo4j-readonly", "chroma",
        "pinecone", "firebase", "convex", "vercel", "gcloud", "cloud-run", "kubernetes-readonly",
        "argocd", "aws-iac", "aws-pricing", "aws-serverless", "aws-eks", "aws-ecs",
        "aws-dynamodb", "cloudflare", "cloudflare-bindings", "cloudflare-builds", "grafana",
        "pagerduty", "posthog", "aws-cloudwatch", "aws-prometheus", "cloudflare-observability",
        "sanity", "mapbox",
        # issue 37 part 2
        "terraform", "sonatype", "google-developer-knowledge", "logfire",
        # issue 54
        "django-ai-boost",
    }
)  # fmt: skip


def test_no_published_id_disappears() -> None:
    """An id that users may have in aido.toml or aido.lock is never removed from the catalog."""
    missing = sorted(PUBLISHED - set(ENTRIES_BY_ID))
    assert not missing, f"removed ids {missing}: deprecate them (deprecated=True, replaced_by)"


def test_every_catalog_id_is_recorded_as_published() -> None:
    """A new entry is added to PUBLISHED too, so its removal would be caught later."""
    assert {entry.id for entry in MCP_CATALOG} == PUBLISHED


def test_catalog_has_at_least_a_hundred_entries() -> None:
    """The catalog ships at least 100 real entries (issue 19: 50; issue 37: 100)."""
    assert len(MCP_CATALOG) >= 100
