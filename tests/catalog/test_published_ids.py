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
    }
)  # fmt: skip


def test_no_published_id_disappears() -> None:
    """An id that users may have in aido.toml or aido.lock is never removed from the catalog."""
    missing = sorted(PUBLISHED - set(ENTRIES_BY_ID))
    assert not missing, f"removed ids {missing}: deprecate them (deprecated=True, replaced_by)"


def test_every_catalog_id_is_recorded_as_published() -> None:
    """A new entry is added to PUBLISHED too, so its removal would be caught later."""
    assert {entry.id for entry in MCP_CATALOG} == PUBLISHED


def test_catalog_has_at_least_fifty_entries() -> None:
    """The catalog ships at least 50 real entries (issue 19)."""
    assert len(MCP_CATALOG) >= 50
