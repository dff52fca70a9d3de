"""Documentation, web search, research, reasoning and memory servers.

Part of the curated catalog (`aidokit.catalog.entries`, SPEC §3); the comment
above each entry says what was checked and when (docs/adding-an-entry.md).
"""

from __future__ import annotations

from aidokit.catalog.install import everywhere
from aidokit.catalog.models import MCPDef, RemoteSpec
from aidokit.catalog.spec_helpers import npx, passthrough, secret, uvx

ENTRIES: tuple[MCPDef, ...] = (
    # npm @upstash/context7-mcp 4.1.1 checked 2026-11-30; its README documents the
    # remote endpoint https://mcp.context7.com/mcp (an API key is optional). Claude
    # Code needs 2.1.32 for it (the catalog ADR's example of min_cli_version).
    MCPDef(
        id="context7",
        name="Context7",
        purpose="Up-to-date library documentation and code examples for the agent",
        suggested_for=("researcher", "architect", "implementer", "docs-writer"),
        triggers=("always",),
        install={
            **everywhere(RemoteSpec(url="https://mcp.context7.com/mcp")),
            "claude-code": RemoteSpec(url="https://mcp.context7.com/mcp", min_cli_version="2.1.32"),
            "claude-desktop": npx("@upstash/context7-mcp@4.1.1"),
        },
        homepage="https://context7.com",
        tags=("docs", "remote"),
    ),
    # npm @modelcontextprotocol/server-sequential-thinking 2026.8.31 checked 2026-11-30.
    MCPDef(
        id="sequential-thinking",
        name="Sequential Thinking",
        purpose="Structured step-by-step reasoning tool for planning and hard problems",
        suggested_for=("architect", "researcher"),
        triggers=("always",),
        install=everywhere(
            npx("@modelcontextprotocol/server-sequential-thinking@2026.8.31", net=False)
        ),
        homepage="https://github.com/modelcontextprotocol/servers/tree/main/src/sequentialthinking",
        tags=("reasoning", "reference-server"),
    ),
    # PyPI mcp-server-fetch 2026.10.24 checked 2026-11-30. It can reach local
    # network addresses, so it is opt-in.
    MCPDef(
        id="fetch",
        name="Fetch",
        purpose="Fetch a web page and convert it to markdown for the agent",
        suggested_for=("researcher", "docs-writer"),
        triggers=("never",),
        install=everywhere(uvx("mcp-server-fetch==2026.10.24")),
        homepage="https://github.com/modelcontextprotocol/servers/tree/main/src/fetch",
        tags=("web", "reference-server"),
    ),
    # npm @modelcontextprotocol/server-memory 2026.8.31 checked 2026-11-30.
    MCPDef(
        id="memory",
        name="Memory",
        purpose="Persistent knowledge-graph memory across agent sessions",
        suggested_for=("researcher", "architect"),
        triggers=("never",),
        install=everywhere(npx("@modelcontextprotocol/server-memory@2026.8.31", net=False)),
        homepage="https://github.com/modelcontextprotocol/servers/tree/main/src/memory",
        tags=("memory", "reference-server"),
    ),
    # PyPI mcp-server-time 2026.10.19 checked 2026-11-30.
    MCPDef(
        id="time",
        name="Time",
        purpose="Current time and time-zone conversions",
        suggested_for=("researcher",),
        triggers=("never",),
        install=everywhere(uvx("mcp-server-time==2026.10.19", net=False)),
        homepage="https://github.com/modelcontextprotocol/servers/tree/main/src/time",
        tags=("utility", "reference-server"),
    ),
    # npm @modelcontextprotocol/server-everything 2026.8.31 (reference test server).
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="everything",
        name="Everything (MCP test server)",
        purpose="Reference server exercising every MCP feature, to test a harness or client",
        suggested_for=("tester-reviewer",),
        triggers=("never",),
        install=everywhere(npx("@modelcontextprotocol/server-everything@2026.8.31", net=False)),
        homepage="https://github.com/modelcontextprotocol/servers/tree/main/src/everything",
        tags=("testing", "reference-server"),
    ),
    # npm @brave/brave-search-mcp-server 2.1.4 checked 2026-11-30 (reads BRAVE_API_KEY).
    MCPDef(
        id="brave-search",
        name="Brave Search",
        purpose="Web search through the Brave Search API",
        suggested_for=("researcher",),
        triggers=("never",),
        install=everywhere(
            npx("@brave/brave-search-mcp-server@2.1.4", env=passthrough("BRAVE_API_KEY"))
        ),
        env=(secret("BRAVE_API_KEY", "Brave Search API key"),),
        homepage="https://github.com/brave/brave-search-mcp-server",
        tags=("web", "search"),
    ),
    # npm firecrawl-mcp 3.26.0 (reads FIRECRAWL_API_KEY).
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="firecrawl",
        name="Firecrawl",
        purpose="Scrape, crawl and search the web into clean markdown for the agent",
        suggested_for=("researcher",),
        triggers=("never",),
        install=everywhere(npx("firecrawl-mcp@3.26.0", env=passthrough("FIRECRAWL_API_KEY"))),
        env=(secret("FIRECRAWL_API_KEY", "Firecrawl API key"),),
        homepage="https://github.com/firecrawl/firecrawl-mcp-server",
        tags=("web", "search"),
    ),
    # npm exa-mcp-server 3.4.1 (reads EXA_API_KEY).
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="exa",
        name="Exa Search",
        purpose="Web and code search through the Exa API",
        suggested_for=("researcher",),
        triggers=("never",),
        install=everywhere(npx("exa-mcp-server@3.4.1", env=passthrough("EXA_API_KEY"))),
        env=(secret("EXA_API_KEY", "Exa API key"),),
        homepage="https://github.com/exa-labs/exa-mcp-server",
        tags=("web", "search"),
    ),
    # npm tavily-mcp 0.2.22 (reads TAVILY_API_KEY).
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="tavily",
        name="Tavily",
        purpose="Web search and page extraction through the Tavily API",
        suggested_for=("researcher",),
        triggers=("never",),
        install=everywhere(npx("tavily-mcp@0.2.22", env=passthrough("TAVILY_API_KEY"))),
        env=(secret("TAVILY_API_KEY", "Tavily API key"),),
        homepage="https://github.com/tavily-ai/tavily-mcp",
        tags=("web", "search"),
    ),
    # npm @perplexity-ai/mcp-server 1.2.1 (reads PERPLEXITY_API_KEY).
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="perplexity",
        name="Perplexity",
        purpose="Web-grounded answers and research through the Perplexity API",
        suggested_for=("researcher",),
        triggers=("never",),
        install=everywhere(
            npx("@perplexity-ai/mcp-server@1.2.1", env=passthrough("PERPLEXITY_API_KEY"))
        ),
        env=(secret("PERPLEXITY_API_KEY", "Perplexity API key"),),
        homepage="https://github.com/perplexityai/modelcontextprotocol",
        tags=("web", "search"),
    ),
    # npm @apify/actors-mcp-server 0.16.0 (reads APIFY_TOKEN).
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="apify",
        name="Apify",
        purpose="Run Apify Actors to scrape and extract web data",
        suggested_for=("researcher",),
        triggers=("never",),
        install=everywhere(npx("@apify/actors-mcp-server@0.16.0", env=passthrough("APIFY_TOKEN"))),
        env=(secret("APIFY_TOKEN", "Apify API token"),),
        homepage="https://github.com/apify/apify-mcp-server",
        tags=("web", "scraping"),
    ),
    # PyPI duckduckgo-mcp-server 0.7.0 (no key).
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="duckduckgo",
        name="DuckDuckGo Search",
        purpose="Web search and page fetching through DuckDuckGo, no API key",
        suggested_for=("researcher",),
        triggers=("never",),
        install=everywhere(uvx("duckduckgo-mcp-server==0.7.0")),
        homepage="https://github.com/nickclyde/duckduckgo-mcp-server",
        tags=("web", "search"),
    ),
    # PyPI arxiv-mcp-server 0.8.2.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="arxiv",
        name="arXiv",
        purpose="Search, download and read arXiv papers",
        suggested_for=("researcher",),
        triggers=("never",),
        install=everywhere(uvx("arxiv-mcp-server==0.8.2")),
        homepage="https://github.com/blazickjp/arxiv-mcp-server",
        tags=("research", "papers"),
    ),
    # Hugging Face's hosted server at https://huggingface.co/mcp (its README; sign-in
    # through the harness, anonymous use works too).
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="huggingface",
        name="Hugging Face",
        purpose="Search Hugging Face models, datasets, Spaces and papers",
        suggested_for=("researcher", "architect"),
        triggers=("never",),
        install=everywhere(RemoteSpec(url="https://huggingface.co/mcp")),
        homepage="https://huggingface.co/settings/mcp",
        tags=("ml", "remote"),
    ),
    # ---- issue 37, checked 2026-12-03 (`npm view` / the PyPI JSON API for each pin, the
    # vendor's own documentation for each remote URL; `make verify-catalog` re-checks them).
    # DeepWiki's hosted server (docs.devin.ai/work-with-devin/deepwiki-mcp, checked
    # 2026-12-03): free, no authentication, streamable HTTP at /mcp (/sse is deprecated).
    MCPDef(
        id="deepwiki",
        name="DeepWiki",
        purpose="Ask questions about any public GitHub repository and read its generated wiki",
        suggested_for=("researcher", "architect"),
        triggers=("never",),
        install=everywhere(RemoteSpec(url="https://mcp.deepwiki.com/mcp")),
        homepage="https://docs.devin.ai/work-with-devin/deepwiki-mcp",
        tags=("docs", "research", "remote"),
    ),
    # Microsoft Learn's hosted server (learn.microsoft.com/training/support/mcp, checked
    # 2026-12-03): streamable HTTP at https://learn.microsoft.com/api/mcp, no authentication.
    MCPDef(
        id="microsoft-learn",
        name="Microsoft Learn",
        purpose="Search and read Microsoft's official docs and code samples (.NET, Azure, ...)",
        suggested_for=("researcher", "architect", "implementer", "docs-writer"),
        triggers=("stack.has(dotnet)", "stack.has(azure)"),
        install=everywhere(RemoteSpec(url="https://learn.microsoft.com/api/mcp")),
        homepage="https://learn.microsoft.com/training/support/mcp",
        tags=("docs", "cloud", "remote"),
    ),
    # AWS's hosted Knowledge server (github.com/awslabs/aws-knowledge-mcp-server, the homepage of
    # PyPI awslabs.aws-knowledge-mcp-server 0.1.0; checked 2026-12-03): AWS docs, What's New and
    # regional availability at https://knowledge-mcp.global.api.aws, no authentication.
    MCPDef(
        id="aws-knowledge",
        name="AWS Knowledge",
        purpose="Search AWS documentation, What's New posts and regional availability",
        suggested_for=("researcher", "architect"),
        triggers=("stack.has(aws-cdk)", "stack.has(aws)"),
        install=everywhere(RemoteSpec(url="https://knowledge-mcp.global.api.aws")),
        homepage="https://github.com/awslabs/aws-knowledge-mcp-server",
        tags=("docs", "cloud", "remote"),
    ),
    # ---- issue 37 part 2, checked 2026-12-03.
    # Google's hosted Developer Knowledge server (developers.google.com/knowledge/mcp and its
    # reference page /knowledge/reference/mcp): https://developerknowledge.googleapis.com/mcp,
    # for CLI and IDE agents an API key of a Google Cloud project with the Developer
    # Knowledge API enabled, in the X-Goog-Api-Key header. Searches and reads Google's
    # developer docs (Google Cloud, Firebase, Android, Flutter, Maps, go.dev, ...).
    MCPDef(
        id="google-developer-knowledge",
        name="Google Developer Knowledge",
        purpose="Search and read Google's developer docs (Google Cloud, Firebase, Android, ...)",
        suggested_for=("researcher", "architect", "implementer"),
        triggers=("stack.has(gcp)", "stack.has(firebase)"),
        install=everywhere(
            RemoteSpec(
                url="https://developerknowledge.googleapis.com/mcp",
                headers={"X-Goog-Api-Key": "${GOOGLE_DEVELOPER_KNOWLEDGE_API_KEY}"},
            )
        ),
        env=(
            secret(
                "GOOGLE_DEVELOPER_KNOWLEDGE_API_KEY",
                "Google Cloud API key restricted to the Developer Knowledge API",
            ),
        ),
        homepage="https://developers.google.com/knowledge/mcp",
        tags=("docs", "cloud", "remote"),
    ),
)
