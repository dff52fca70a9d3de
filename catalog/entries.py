"""The curated MCP catalog (SPEC §3): typed data, one entry per server, never removed.

Every install spec names a package or URL that was checked to exist; the
comment above each entry says where and when. Packages are pinned to the
version checked (npx `pkg@x.y.z`, uvx `pkg==x.y.z`) so a plan does not
change under a user when a server publishes; bumping a pin is a catalog PR
(docs/adding-an-entry.md). Remote URLs are the vendor's own endpoint.

The entries are grouped by domain, one section each (`DOMAINS`). `MCP_CATALOG` lists them
in publication order (`ORDER`, append-only): the order `aido catalog list`,
`aido init` and `aido suggest` show, which the grouping by domain does not change.
A new entry goes at the end of its domain's section and its id at the end of
`ORDER`. One module, so that every plan, which reads every entry, loads one.
"""

from __future__ import annotations

from aidokit.catalog.models import (
    EnvVar,
    MCPDef,
    RemoteSpec,
    everywhere,
    npx,
    passthrough,
    secret,
    serena_install,
    uv_with,
    uvx,
)

# ======================================================================================
# knowledge: Documentation, web search, research, reasoning and memory servers.
# ======================================================================================

KNOWLEDGE: tuple[MCPDef, ...] = (
    # npm @upstash/context7-mcp 4.1.1 checked 2026-11-30; its README documents the
    # remote endpoint https://mcp.context7.com/mcp (an API key is optional). Claude
    # Code needs 2.1.32 for it (the catalog ADR's example of min_cli_version).
    MCPDef(
        id="context7",
        # Also: the SSE endpoint its README documents beside /mcp.
        also_runs=("https://mcp.context7.com/sse",),
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
        # Also: the reference server's Docker image (its README).
        also_runs=("image:mcp/sequentialthinking",),
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
        # Also: the reference server's Docker image (its README).
        also_runs=("image:mcp/fetch",),
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
        # Also: the reference server's Docker image (its README).
        also_runs=("image:mcp/memory",),
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
        # Also: the reference server's Docker image (its README).
        also_runs=("image:mcp/time",),
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
        # Also: the reference server's Docker image (its README).
        also_runs=("image:mcp/everything",),
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
        # Also: Exa's hosted endpoint (its README, "remote MCP").
        also_runs=("https://mcp.exa.ai/mcp",),
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
        # Also: Tavily's hosted endpoint (its README, "remote MCP server").
        also_runs=("https://mcp.tavily.com/mcp",),
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
        # Also: its SSE endpoint (docs.devin.ai, DeepWiki MCP).
        also_runs=("https://mcp.deepwiki.com/sse",),
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
    # go.dev (the Go spec, Effective Go, the tour, release notes, the blog; not pkg.go.dev)
    # is in its corpus reference (developers.google.com/knowledge/reference/corpus-reference,
    # checked 2026-12-06), so the go pack recommends it too (issue 54).
    MCPDef(
        id="google-developer-knowledge",
        name="Google Developer Knowledge",
        purpose="Search and read Google's developer docs (Google Cloud, Firebase, Go, ...)",
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
        tags=("docs", "cloud", "go", "remote"),
    ),
)


# ======================================================================================
# browsers: Browsers, UI testing, design and component libraries.
# ======================================================================================

BROWSERS: tuple[MCPDef, ...] = (
    # npm @playwright/mcp 0.0.83 checked 2026-11-30 (README shows @latest; pinned here).
    MCPDef(
        id="playwright",
        # Also: Microsoft's image of it (playwright-mcp README, Docker).
        also_runs=("image:mcr.microsoft.com/playwright/mcp",),
        name="Playwright",
        purpose="Drive a real browser through accessibility snapshots to test web UIs",
        suggested_for=("frontend-browser-tester", "tester-reviewer"),
        triggers=("stack.hasFrontend",),
        install=everywhere(npx("@playwright/mcp@0.0.83", net=False)),
        homepage="https://github.com/microsoft/playwright-mcp",
        tags=("browser", "testing"),
    ),
    # npm chrome-devtools-mcp 1.11.0 checked 2026-11-30.
    MCPDef(
        id="chrome-devtools",
        name="Chrome DevTools",
        purpose="Inspect, debug and profile a live Chrome page (network, console, performance)",
        suggested_for=("frontend-browser-tester", "tester-reviewer"),
        triggers=("stack.hasFrontend",),
        install=everywhere(npx("chrome-devtools-mcp@1.11.0", net=False)),
        homepage="https://github.com/ChromeDevTools/chrome-devtools-mcp",
        tags=("browser", "debugging"),
    ),
    # npm @modelcontextprotocol/server-puppeteer 2025.5.12 checked 2026-11-30: the
    # reference server moved to modelcontextprotocol/servers-archived.
    MCPDef(
        id="puppeteer",
        # Also: the reference server's Docker image (its README).
        also_runs=("image:mcp/puppeteer",),
        name="Puppeteer (archived)",
        purpose="Browser automation with Puppeteer; superseded by Playwright MCP",
        suggested_for=("frontend-browser-tester",),
        triggers=("stack.hasFrontend",),
        install=everywhere(npx("@modelcontextprotocol/server-puppeteer@2025.5.12", net=False)),
        homepage="https://github.com/modelcontextprotocol/servers-archived",
        tags=("browser", "archived"),
        deprecated=True,
        replaced_by="playwright",
    ),
    # npm @browsermcp/mcp 0.1.3: drives the user's own browser through its extension.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    # Security-sensitive since issue 37's review: it acts in the user's own profile, signed
    # in to every site they use (outbound messages, purchases), not in a fresh browser.
    MCPDef(
        id="browsermcp",
        name="Browser MCP",
        purpose="Automate the user's own logged-in browser through the Browser MCP extension",
        suggested_for=("frontend-browser-tester",),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(npx("@browsermcp/mcp@0.1.3", net=False)),
        homepage="https://browsermcp.io",
        tags=("browser", "testing"),
    ),
    # npm figma-developer-mcp 0.13.2 checked 2026-11-30 (README: --stdio, FIGMA_API_KEY).
    MCPDef(
        id="figma",
        name="Figma (Framelink)",
        purpose="Give the agent Figma layout and styling data to implement designs",
        suggested_for=("implementer", "frontend-browser-tester"),
        triggers=("never",),
        install=everywhere(
            npx("figma-developer-mcp@0.13.2", "--stdio", env=passthrough("FIGMA_API_KEY"))
        ),
        env=(secret("FIGMA_API_KEY", "Figma personal access token"),),
        homepage="https://github.com/GLips/Figma-Context-MCP",
        tags=("design",),
    ),
    # npm @mui/mcp 0.1.6: Material UI documentation for the agent.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="mui",
        name="Material UI",
        purpose="Material UI component documentation and examples",
        suggested_for=("implementer", "frontend-browser-tester"),
        triggers=("never",),
        install=everywhere(npx("@mui/mcp@0.1.6")),
        homepage="https://mui.com/material-ui/getting-started/mcp/",
        tags=("frontend", "docs"),
    ),
    # npm shadcn 4.23.1: `shadcn mcp` browses and installs registry components.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="shadcn",
        name="shadcn/ui",
        purpose="Browse, search and add shadcn/ui registry components",
        suggested_for=("implementer",),
        triggers=("never",),
        install=everywhere(npx("shadcn@4.23.1", "mcp")),
        homepage="https://ui.shadcn.com/docs/mcp",
        tags=("frontend", "components"),
    ),
    # ---- issue 37, checked 2026-12-03 (`npm view` / the PyPI JSON API for each pin, the
    # vendor's own documentation for each remote URL; `make verify-catalog` re-checks them).
    # Figma's hosted Dev Mode server (help.figma.com, "How to set up the Figma remote MCP
    # server", checked 2026-12-03): https://mcp.figma.com/mcp, OAuth in the harness.
    MCPDef(
        id="figma-dev-mode",
        # Also: the Figma desktop app's local Dev Mode server (help.figma.com).
        also_runs=("http://127.0.0.1:3845/mcp",),
        name="Figma Dev Mode",
        purpose="Design context, variables and screenshots from Figma files, hosted by Figma",
        suggested_for=("implementer", "frontend-browser-tester"),
        triggers=("never",),
        install=everywhere(RemoteSpec(url="https://mcp.figma.com/mcp")),
        homepage="https://help.figma.com/hc/en-us/articles/35281350665623",
        tags=("design", "remote"),
    ),
    # npm next-devtools-mcp 0.4.0 checked 2026-12-03 (Vercel's; bin `next-devtools-mcp`,
    # README: `npx -y next-devtools-mcp@latest`, pinned here). Docs, upgrade codemods and the
    # running dev server's diagnostics; the codemods change project files only.
    MCPDef(
        id="next-devtools",
        name="Next.js DevTools",
        purpose="Next.js docs, upgrade guides and the running dev server's errors and routes",
        suggested_for=("implementer", "frontend-browser-tester"),
        triggers=("stack.has(nextjs)",),
        install=everywhere(npx("next-devtools-mcp@0.4.0")),
        homepage="https://github.com/vercel/next-devtools-mcp",
        tags=("framework", "frontend", "docs"),
    ),
    # npm @chakra-ui/react-mcp 2.1.1 checked 2026-12-03 (bin `chakra-ui-mcp`; chakra-ui.com
    # docs: published as @chakra-ui/react-mcp, stdio only). Pro templates need a Pro license.
    MCPDef(
        id="chakra-ui",
        name="Chakra UI",
        purpose="Chakra UI component props, examples, theme tokens and migration guidance",
        suggested_for=("implementer", "frontend-browser-tester"),
        triggers=("never",),
        install=everywhere(npx("@chakra-ui/react-mcp@2.1.1")),
        homepage="https://github.com/chakra-ui/chakra-ui",
        tags=("frontend", "components", "docs"),
    ),
    # npm @browserbasehq/mcp-server-browserbase 2.4.3 checked 2026-12-03 (bin
    # `mcp-server-browserbase`; README: BROWSERBASE_API_KEY, BROWSERBASE_PROJECT_ID, and
    # GEMINI_API_KEY for the default Stagehand model).
    MCPDef(
        id="browserbase",
        name="Browserbase",
        purpose="Drive cloud browsers on Browserbase: navigate, act, extract and screenshot",
        suggested_for=("frontend-browser-tester", "researcher"),
        triggers=("never",),
        install=everywhere(
            npx(
                "@browserbasehq/mcp-server-browserbase@2.4.3",
                env=passthrough("BROWSERBASE_API_KEY", "BROWSERBASE_PROJECT_ID", "GEMINI_API_KEY"),
            )
        ),
        env=(
            secret("BROWSERBASE_API_KEY", "Browserbase API key"),
            EnvVar(name="BROWSERBASE_PROJECT_ID", description="Browserbase project id"),
            secret("GEMINI_API_KEY", "Gemini API key for the default Stagehand model"),
        ),
        homepage="https://github.com/browserbase/mcp-server-browserbase",
        tags=("browser", "testing"),
    ),
    # npm @browserstack/mcp-server 1.4.2 checked 2026-12-03 (bin `browserstack-mcp-server`;
    # README: BROWSERSTACK_USERNAME and BROWSERSTACK_ACCESS_KEY).
    MCPDef(
        id="browserstack",
        name="BrowserStack",
        purpose="Run and debug tests on BrowserStack's real browsers and devices, a11y scans",
        suggested_for=("tester-reviewer", "frontend-browser-tester"),
        triggers=("never",),
        install=everywhere(
            npx(
                "@browserstack/mcp-server@1.4.2",
                env=passthrough("BROWSERSTACK_USERNAME", "BROWSERSTACK_ACCESS_KEY"),
            )
        ),
        env=(
            EnvVar(name="BROWSERSTACK_USERNAME", description="BrowserStack user name"),
            secret("BROWSERSTACK_ACCESS_KEY", "BrowserStack access key"),
        ),
        homepage="https://github.com/browserstack/mcp-server",
        tags=("browser", "testing"),
    ),
    # Cloudflare's hosted Browser Run server (github.com/cloudflare/mcp-server-cloudflare
    # README, checked 2026-12-03): https://browser.mcp.cloudflare.com/mcp, OAuth in the harness.
    MCPDef(
        id="cloudflare-browser",
        name="Cloudflare Browser Run",
        purpose="Fetch pages as markdown and take screenshots with Cloudflare's browsers",
        suggested_for=("researcher", "frontend-browser-tester"),
        triggers=("never",),
        install=everywhere(RemoteSpec(url="https://browser.mcp.cloudflare.com/mcp")),
        homepage="https://github.com/cloudflare/mcp-server-cloudflare",
        tags=("browser", "web", "remote"),
    ),
)


# ======================================================================================
# code: Languages and frameworks: code intelligence, framework docs and CLIs, local files and shell.
# ======================================================================================

CODE: tuple[MCPDef, ...] = (
    # PyPI serena-agent 2.1.0 checked 2026-11-30 (console script `serena`,
    # subcommand `start-mcp-server --context`).
    MCPDef(
        id="serena",
        # Also: its source repository, which its README runs with `uvx --from git+...`.
        also_runs=("git:github.com/oraios/serena",),
        name="Serena",
        purpose="Semantic code navigation and symbol-level editing backed by language servers",
        suggested_for=("implementer", "architect", "tester-reviewer"),
        triggers=("brownfield",),
        install=serena_install(),
        homepage="https://github.com/oraios/serena",
        tags=("code-intelligence",),
    ),
    # npm @modelcontextprotocol/server-filesystem 2026.8.31 checked 2026-11-30;
    # reads and writes any file under the allowed directory (the project root).
    MCPDef(
        id="filesystem",
        # Also: the reference server's Docker image (its README).
        also_runs=("image:mcp/filesystem",),
        name="Filesystem",
        purpose="Read and write files under the project directory",
        suggested_for=("implementer",),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(
            npx("@modelcontextprotocol/server-filesystem@2026.8.31", ".", net=False)
        ),
        homepage="https://github.com/modelcontextprotocol/servers/tree/main/src/filesystem",
        tags=("filesystem", "reference-server", "write-access"),
    ),
    # npm @wonderwhy-er/desktop-commander 0.2.52: runs terminal commands and edits
    # files anywhere the user can.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="desktop-commander",
        name="Desktop Commander",
        purpose="Run terminal commands, manage processes and edit files on this machine",
        suggested_for=("implementer",),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(npx("@wonderwhy-er/desktop-commander@0.2.52", net=False)),
        homepage="https://github.com/wonderwhy-er/DesktopCommanderMCP",
        tags=("shell", "filesystem", "write-access"),
    ),
    # npm nx-mcp 0.25.0 checked 2026-11-30.
    MCPDef(
        id="nx",
        name="Nx",
        purpose="Nx workspace graph, project details and generators for monorepos",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(nx)",),
        install=everywhere(npx("nx-mcp@0.25.0", net=False)),
        homepage="https://nx.dev/docs/getting-started/ai-setup",
        tags=("monorepo",),
    ),
    # npm @angular/cli 22.2.7: `ng mcp` serves best practices, docs search and examples.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="angular-cli",
        name="Angular CLI",
        purpose="Angular best practices, documentation search and workspace projects",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(angular)",),
        install=everywhere(npx("@angular/cli@22.2.7", "mcp")),
        homepage="https://angular.dev/ai/mcp",
        tags=("framework", "docs"),
    ),
    # npm @sveltejs/mcp 0.1.26: Svelte docs and a component autofixer.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="svelte",
        name="Svelte",
        purpose="Svelte and SvelteKit documentation and a code autofixer",
        suggested_for=("implementer", "docs-writer"),
        triggers=("stack.has(svelte)",),
        install=everywhere(npx("@sveltejs/mcp@0.1.26")),
        homepage="https://svelte.dev/docs/mcp/overview",
        tags=("framework", "docs"),
    ),
    # ---- issue 37, checked 2026-12-03 (`npm view` / the PyPI JSON API for each pin, the
    # vendor's own documentation; `make verify-catalog` re-checks them).
    # npm snyk 1.1307.4 checked 2026-12-03 (the Snyk CLI, mcpName io.snyk/mcp; Snyk's docs:
    # `npx -y snyk@latest mcp -t stdio`, pinned here). Scans dependencies, code, IaC and
    # containers; sign-in with `snyk auth` or SNYK_TOKEN. Snyk Code uploads source to Snyk.
    MCPDef(
        id="snyk",
        name="Snyk",
        purpose="Scan dependencies, code, IaC and containers for vulnerabilities with Snyk",
        suggested_for=("tester-reviewer", "implementer"),
        triggers=("never",),
        install=everywhere(npx("snyk@1.1307.4", "mcp", "-t", "stdio")),
        homepage="https://docs.snyk.io",
        tags=("security", "scanning"),
    ),
    # PyPI jupyter-mcp-server 2.2.4 checked 2026-12-03 (Datalayer; README: uvx, JUPYTER_URL and
    # JUPYTER_TOKEN). It runs code in the notebook's kernel: security-sensitive.
    MCPDef(
        id="jupyter",
        name="Jupyter",
        purpose="Read, edit and run cells of notebooks on a running Jupyter server",
        suggested_for=("implementer", "researcher"),
        triggers=("stack.has(jupyter)",),
        security_sensitive=True,
        install=everywhere(
            uvx("jupyter-mcp-server==2.2.4", env=passthrough("JUPYTER_URL", "JUPYTER_TOKEN"))
        ),
        env=(
            EnvVar(
                name="JUPYTER_URL", description="Jupyter server URL, e.g. http://localhost:8888"
            ),
            secret("JUPYTER_TOKEN", "Jupyter server token"),
        ),
        homepage="https://github.com/datalayer/jupyter-mcp-server",
        tags=("notebooks", "write-access"),
    ),
    # ---- issue 37 part 2, checked 2026-12-03.
    # Sonatype's hosted server (github.com/sonatype/dependency-management-mcp-server README
    # at 6ce32d1, 2026-01-14): https://mcp.guide.sonatype.com/mcp over HTTP with a personal
    # Sonatype Guide API token as `Authorization: Bearer`. Three read-only tools (a
    # component version's vulnerabilities and licence, the latest version, recommended
    # upgrades) over Maven Central, which Sonatype runs, and the other ecosystems.
    MCPDef(
        id="sonatype",
        name="Sonatype Guide",
        purpose="Pick dependency versions by their vulnerabilities, licence and health",
        suggested_for=("implementer", "tester-reviewer"),
        triggers=("stack.language(java)", "stack.language(kotlin)"),
        install=everywhere(
            RemoteSpec(
                url="https://mcp.guide.sonatype.com/mcp",
                headers={"Authorization": "Bearer ${SONATYPE_GUIDE_TOKEN}"},
            )
        ),
        env=(
            secret(
                "SONATYPE_GUIDE_TOKEN",
                "Sonatype Guide API token (guide.sonatype.com/settings/tokens)",
            ),
        ),
        homepage="https://github.com/sonatype/dependency-management-mcp-server",
        tags=("dependencies", "security", "jvm", "remote"),
    ),
    # ---- issue 54, checked 2026-12-06.
    # PyPI django-ai-boost 0.9.0 (Vinta Software, github.com/vintasoftware/django-ai-boost;
    # in the official MCP Registry as io.github.vintasoftware/django-ai-boost; requires
    # Python >= 3.12 and Django >= 4.2). Its README: every tool is read-only (models, URLs,
    # settings, migrations, schema, system checks, log tails, ORM reads); stdio by default;
    # settings from --settings or DJANGO_SETTINGS_MODULE; the Claude Code and VS Code setups
    # run it with `uv run` so it imports the project's apps from the project's environment
    # (an isolated `uvx` could not import them). Reads rows like postgres-readonly: not
    # sensitive.
    MCPDef(
        id="django-ai-boost",
        name="Django AI Boost",
        purpose="Read a Django project's models, URLs, settings, migrations and schema",
        suggested_for=("implementer", "architect", "tester-reviewer"),
        triggers=("stack.has(django)",),
        install=everywhere(
            uv_with(
                "django-ai-boost==0.9.0",
                "django-ai-boost",
                env=passthrough("DJANGO_SETTINGS_MODULE"),
            )
        ),
        env=(
            EnvVar(
                name="DJANGO_SETTINGS_MODULE",
                description="the project's settings module, e.g. mysite.settings",
            ),
        ),
        homepage="https://github.com/vintasoftware/django-ai-boost",
        tags=("django", "python", "framework", "read-only"),
    ),
)


# ======================================================================================
# forges: Version control, forges, issue trackers, wikis and CI.
# ======================================================================================

_GITHUB_PAT = secret(
    "GITHUB_PERSONAL_ACCESS_TOKEN", "GitHub personal access token sent as a bearer token"
)

FORGES: tuple[MCPDef, ...] = (
    # GitHub's remote MCP server; URL and bearer header as in harness-formats.md §20
    # (checked 2026-11-30). Claude Desktop cannot take a remote server in its file.
    MCPDef(
        id="github",
        # Also: GitHub's local server image (github/github-mcp-server README).
        also_runs=("image:ghcr.io/github/github-mcp-server",),
        name="GitHub",
        purpose="Issues, pull requests, code search and Actions on GitHub",
        suggested_for=("implementer", "tester-reviewer", "researcher"),
        triggers=("detect.githubRemote",),
        install=everywhere(
            RemoteSpec(
                url="https://api.githubcopilot.com/mcp/",
                headers={"Authorization": "Bearer ${GITHUB_PERSONAL_ACCESS_TOKEN}"},
            )
        ),
        env=(_GITHUB_PAT,),
        homepage="https://github.com/github/github-mcp-server",
        tags=("forge", "remote"),
    ),
    # npm @zereight/mcp-gitlab 2.1.64 checked 2026-11-30 (README: GITLAB_PERSONAL_ACCESS_TOKEN;
    # GITLAB_API_URL defaults to gitlab.com). The reference server-gitlab is archived.
    MCPDef(
        id="gitlab",
        name="GitLab",
        purpose="Merge requests, issues, pipelines and wiki on GitLab",
        suggested_for=("implementer", "tester-reviewer", "researcher"),
        triggers=("detect.gitlabRemote",),
        install=everywhere(
            npx("@zereight/mcp-gitlab@2.1.64", env=passthrough("GITLAB_PERSONAL_ACCESS_TOKEN"))
        ),
        env=(secret("GITLAB_PERSONAL_ACCESS_TOKEN", "GitLab personal access token (api scope)"),),
        homepage="https://github.com/zereight/gitlab-mcp",
        tags=("forge",),
    ),
    # npm @aashari/mcp-server-atlassian-bitbucket 3.1.0 checked 2026-11-30 (README:
    # ATLASSIAN_USER_EMAIL + ATLASSIAN_API_TOKEN).
    MCPDef(
        id="bitbucket",
        name="Bitbucket",
        purpose="Repositories, pull requests and comments on Bitbucket Cloud",
        suggested_for=("implementer", "tester-reviewer"),
        triggers=("detect.bitbucketRemote",),
        install=everywhere(
            npx(
                "@aashari/mcp-server-atlassian-bitbucket@3.1.0",
                env=passthrough("ATLASSIAN_USER_EMAIL", "ATLASSIAN_API_TOKEN"),
            )
        ),
        env=(
            EnvVar(name="ATLASSIAN_USER_EMAIL", description="Atlassian account email"),
            secret("ATLASSIAN_API_TOKEN", "Atlassian API token"),
        ),
        homepage="https://github.com/aashari/mcp-server-atlassian-bitbucket",
        tags=("forge",),
    ),
    # npm @azure-devops/mcp 2.10.0 (organization name as its one argument; sign-in
    # through the browser).
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="azure-devops",
        name="Azure DevOps",
        purpose="Work items, repos, pull requests, pipelines and wikis on Azure DevOps",
        suggested_for=("implementer", "tester-reviewer"),
        triggers=("never",),
        install=everywhere(npx("@azure-devops/mcp@2.10.0", "${AZURE_DEVOPS_ORG}")),
        env=(EnvVar(name="AZURE_DEVOPS_ORG", description="Azure DevOps organization name"),),
        homepage="https://github.com/microsoft/azure-devops-mcp",
        tags=("forge",),
    ),
    # PyPI mcp-server-git 2026.10.19 checked 2026-11-30. Not read-only: besides status,
    # log, diff and show it has git_add, git_commit, git_reset, git_checkout and
    # git_create_branch, and no flag to turn them off (docs/security.md, catalog audit).
    MCPDef(
        id="git",
        # Also: the reference server's Docker image (its README).
        also_runs=("image:mcp/git",),
        name="Git",
        purpose="Inspect history and stage, commit, reset and check out in the project's git repo",
        suggested_for=("implementer", "tester-reviewer", "researcher"),
        triggers=("brownfield",),
        install=everywhere(uvx("mcp-server-git==2026.10.19", net=False)),
        homepage="https://github.com/modelcontextprotocol/servers/tree/main/src/git",
        tags=("git", "reference-server", "write-access"),
    ),
    # PyPI beads-mcp 1.3.2 checked 2026-11-30 (console script `beads-mcp`; needs `bd`).
    MCPDef(
        id="beads-mcp",
        name="Beads",
        purpose="Read and update the beads issue tracker kept in the repository",
        suggested_for=("implementer", "architect", "tester-reviewer"),
        triggers=("beadsEnabled",),
        install=everywhere(uvx("beads-mcp==1.3.2", net=False)),
        homepage="https://github.com/steveyegge/beads",
        tags=("issues",),
    ),
    # Linear's hosted MCP endpoint as in harness-formats.md §12 (checked 2026-11-30);
    # authentication is OAuth in the harness, so no secret is stored.
    MCPDef(
        id="linear",
        # Also: its SSE endpoint (linear.app/docs/mcp).
        also_runs=("https://mcp.linear.app/sse",),
        name="Linear",
        purpose="Find, create and update Linear issues and projects",
        suggested_for=("implementer", "architect"),
        triggers=("never",),
        install=everywhere(RemoteSpec(url="https://mcp.linear.app/mcp")),
        homepage="https://linear.app/docs/mcp",
        tags=("issues", "remote"),
    ),
    # Atlassian's hosted Rovo MCP server (streamable HTTP at /v1/mcp, OAuth in the harness).
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="atlassian",
        # Also: its SSE endpoint (Atlassian remote MCP docs).
        also_runs=("https://mcp.atlassian.com/v1/sse",),
        name="Atlassian (Jira, Confluence)",
        purpose="Search, create and update Jira issues and Confluence pages",
        suggested_for=("implementer", "docs-writer"),
        triggers=("never",),
        install=everywhere(RemoteSpec(url="https://mcp.atlassian.com/v1/mcp")),
        homepage="https://github.com/atlassian/atlassian-mcp-server",
        tags=("issues", "docs", "remote"),
    ),
    # Notion's hosted server (developers.notion.com/docs/mcp: "a remote MCP server hosted by
    # Notion", OAuth; https://mcp.notion.com/mcp; checked 2026-12-03). Claude Desktop keeps the
    # local npm @notionhq/notion-mcp-server 2.5.2 (checked 2026-11-30), which reads NOTION_TOKEN.
    MCPDef(
        id="notion",
        # Also: its SSE endpoint (developers.notion.com, hosted MCP).
        also_runs=("https://mcp.notion.com/sse",),
        name="Notion",
        purpose="Search and edit Notion pages and databases",
        suggested_for=("docs-writer", "researcher"),
        triggers=("never",),
        install={
            **everywhere(RemoteSpec(url="https://mcp.notion.com/mcp")),
            "claude-desktop": npx(
                "@notionhq/notion-mcp-server@2.5.2", env=passthrough("NOTION_TOKEN")
            ),
        },
        env=(
            secret(
                "NOTION_TOKEN",
                "Notion integration token (only Claude Desktop's local server reads it)",
                required=False,
            ),
        ),
        homepage="https://github.com/makenotion/notion-mcp-server",
        tags=("docs",),
    ),
    # npm @circleci/mcp-server-circleci 0.20.0 (reads CIRCLECI_TOKEN); can rerun pipelines.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="circleci",
        name="CircleCI",
        purpose="Read CircleCI build failures and logs, find flaky tests, rerun pipelines",
        suggested_for=("tester-reviewer", "implementer"),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(
            npx("@circleci/mcp-server-circleci@0.20.0", env=passthrough("CIRCLECI_TOKEN"))
        ),
        env=(secret("CIRCLECI_TOKEN", "CircleCI personal API token"),),
        homepage="https://github.com/CircleCI-Public/mcp-server-circleci",
        tags=("ci", "write-access"),
    ),
    # ---- issue 37, checked 2026-12-03 (the vendor's own documentation for each remote URL;
    # `make verify-catalog` re-checks them).
    # Buildkite's hosted server, the one its docs recommend (buildkite.com/docs/apis/mcp-server,
    # checked 2026-12-03): https://mcp.buildkite.com/mcp, OAuth. It can create, retry and
    # unblock builds: security-sensitive, like circleci.
    MCPDef(
        id="buildkite",
        name="Buildkite",
        purpose="Read Buildkite pipelines, builds, job logs and tests; trigger and retry builds",
        suggested_for=("tester-reviewer", "implementer"),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(RemoteSpec(url="https://mcp.buildkite.com/mcp")),
        homepage="https://buildkite.com/docs/apis/mcp-server",
        tags=("ci", "remote", "write-access"),
    ),
)


# ======================================================================================
# databases: Databases, ORMs and vector stores.
# ======================================================================================

DATABASES: tuple[MCPDef, ...] = (
    # PyPI postgres-mcp 0.3.0 checked 2026-11-30 (needs Python >= 3.12, which uvx
    # provides). `--access-mode=unrestricted` allows writes: security-sensitive.
    MCPDef(
        id="postgres-mcp",
        name="Postgres MCP Pro",
        purpose="Query, tune and change a PostgreSQL database (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(postgres)",),
        security_sensitive=True,
        install=everywhere(
            uvx(
                "postgres-mcp==0.3.0",
                "--access-mode=unrestricted",
                env=passthrough("DATABASE_URI"),
            )
        ),
        env=(secret("DATABASE_URI", "PostgreSQL connection URI (includes the password)"),),
        homepage="https://github.com/crystaldba/postgres-mcp",
        tags=("database", "write-access"),
    ),
    # npm @modelcontextprotocol/server-postgres 0.6.2 checked 2026-11-30: archived
    # reference server (read-only SQL), connection URL as its one argument. Its equivalent
    # is Postgres MCP Pro in restricted mode (postgres-readonly), not the read-write one.
    MCPDef(
        id="postgres",
        # Also: the reference server's Docker image (its README).
        also_runs=("image:mcp/postgres",),
        name="PostgreSQL (archived)",
        purpose="Read-only SQL against PostgreSQL; superseded by Postgres MCP Pro (read-only)",
        suggested_for=("implementer",),
        triggers=("never",),
        # The URL is an argument: only harnesses that expand env references in args.
        install=everywhere(npx("@modelcontextprotocol/server-postgres@0.6.2", "${POSTGRES_URL}")),
        env=(secret("POSTGRES_URL", "PostgreSQL connection URL (includes the password)"),),
        homepage="https://github.com/modelcontextprotocol/servers-archived",
        tags=("database", "archived", "read-only"),
        deprecated=True,
        replaced_by="postgres-readonly",
    ),
    # Supabase's hosted server, the setup its README gives (github.com/supabase/mcp:
    # https://mcp.supabase.com/mcp, sign-in in the harness; checked 2026-12-03); it can change
    # the database. Claude Desktop keeps npm @supabase/mcp-server-supabase 0.13.0 (checked
    # 2026-11-30), which reads SUPABASE_ACCESS_TOKEN.
    MCPDef(
        id="supabase",
        name="Supabase",
        purpose="Manage Supabase projects: SQL, migrations, edge functions (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(supabase)",),
        security_sensitive=True,
        install={
            **everywhere(RemoteSpec(url="https://mcp.supabase.com/mcp")),
            "claude-desktop": npx(
                "@supabase/mcp-server-supabase@0.13.0", env=passthrough("SUPABASE_ACCESS_TOKEN")
            ),
        },
        env=(
            secret(
                "SUPABASE_ACCESS_TOKEN",
                "Supabase personal access token (only Claude Desktop's local server reads it)",
                required=False,
            ),
        ),
        homepage="https://github.com/supabase-community/supabase-mcp",
        tags=("database", "write-access"),
    ),
    # Neon's hosted server at mcp.neon.tech (neondatabase/mcp-server-neon's remote server,
    # OAuth, streamable HTTP at /mcp; checked 2026-12-03): creates and drops projects and
    # branches, runs SQL. It replaces npm @neondatabase/mcp-server-neon 0.6.5, whose API key
    # was an argument (no Claude Desktop spec: that harness takes no remote server and cannot
    # reference a variable in an argument).
    MCPDef(
        id="neon",
        name="Neon",
        purpose="Manage Neon Postgres projects and branches and run SQL (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(RemoteSpec(url="https://mcp.neon.tech/mcp")),
        homepage="https://github.com/neondatabase/mcp-server-neon",
        tags=("database", "write-access"),
    ),
    # npm mongodb-mcp-server 3.0.4 (reads MDB_MCP_CONNECTION_STRING); read-write by default.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="mongodb",
        name="MongoDB",
        purpose="Query and change MongoDB databases and Atlas clusters (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(mongodb)",),
        security_sensitive=True,
        install=everywhere(
            npx("mongodb-mcp-server@3.0.4", env=passthrough("MDB_MCP_CONNECTION_STRING"))
        ),
        env=(secret("MDB_MCP_CONNECTION_STRING", "MongoDB connection string"),),
        homepage="https://github.com/mongodb-js/mongodb-mcp-server",
        tags=("database", "write-access"),
    ),
    # npm prisma 7.10.1: `prisma mcp` registers three tools (build/cli.js of the package,
    # read 2026-12-06; older releases also had migrate-reset, login and Prisma Postgres
    # creation): migrate-status, migrate-dev (`prisma migrate dev --name N`: writes a
    # migration and applies it to the database) and Prisma-Studio (a GUI that edits rows).
    # Each runs the Prisma CLI in a folder the agent names (`projectCWD`), which loads that
    # folder's prisma.config.ts: it changes the database and runs code, so sensitive.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="prisma",
        name="Prisma",
        purpose="Prisma migrate status, migrate dev (changes the database) and Prisma Studio",
        suggested_for=("implementer",),
        triggers=("stack.has(prisma)",),
        security_sensitive=True,
        install=everywhere(npx("prisma@7.10.1", "mcp")),
        homepage="https://www.prisma.io/docs/postgres/integrations/mcp-server",
        tags=("database", "write-access"),
    ),
    # PyPI mcp-server-qdrant 0.8.1 (QDRANT_URL, QDRANT_API_KEY, COLLECTION_NAME as in
    # its README); stores and finds memories in a Qdrant collection.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="qdrant",
        name="Qdrant",
        purpose="Semantic memory stored in and searched from a Qdrant collection",
        suggested_for=("researcher", "architect"),
        triggers=("never",),
        install=everywhere(
            uvx(
                "mcp-server-qdrant==0.8.1",
                env=passthrough("QDRANT_URL", "QDRANT_API_KEY", "COLLECTION_NAME"),
            )
        ),
        env=(
            EnvVar(name="QDRANT_URL", description="Qdrant server URL"),
            secret("QDRANT_API_KEY", "Qdrant API key", required=False),
            EnvVar(name="COLLECTION_NAME", description="collection to store memories in"),
        ),
        homepage="https://github.com/qdrant/mcp-server-qdrant",
        tags=("memory", "database"),
    ),
    # PyPI mcp-clickhouse 0.7.0 (CLICKHOUSE_HOST/USER/PASSWORD; read-only queries).
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="clickhouse",
        name="ClickHouse",
        purpose="Explore ClickHouse databases and run read-only SQL",
        suggested_for=("researcher", "implementer"),
        triggers=("never",),
        install=everywhere(
            uvx(
                "mcp-clickhouse==0.7.0",
                env=passthrough("CLICKHOUSE_HOST", "CLICKHOUSE_USER", "CLICKHOUSE_PASSWORD"),
            )
        ),
        env=(
            EnvVar(name="CLICKHOUSE_HOST", description="ClickHouse host name"),
            EnvVar(name="CLICKHOUSE_USER", description="ClickHouse user"),
            secret("CLICKHOUSE_PASSWORD", "ClickHouse password"),
        ),
        homepage="https://github.com/ClickHouse/mcp-clickhouse",
        tags=("database",),
    ),
    # ---- issue 37, checked 2026-12-03 (`npm view` / the PyPI JSON API for each pin, the
    # vendor's own documentation; `make verify-catalog` re-checks them).
    # PyPI postgres-mcp 0.3.0 checked 2026-12-03: its README's restricted mode limits
    # execute_sql to read-only transactions with a time limit, so this variant only reads.
    MCPDef(
        id="postgres-readonly",
        name="Postgres MCP Pro (read-only)",
        purpose="Explore schemas, explain and tune queries, and run read-only SQL on PostgreSQL",
        suggested_for=("implementer", "architect", "tester-reviewer"),
        triggers=("stack.has(postgres)",),
        install=everywhere(
            uvx(
                "postgres-mcp==0.3.0",
                "--access-mode=restricted",
                env=passthrough("DATABASE_URI"),
            )
        ),
        env=(secret("DATABASE_URI", "PostgreSQL connection URI (includes the password)"),),
        homepage="https://github.com/crystaldba/postgres-mcp",
        tags=("database", "read-only"),
    ),
    # npm mongodb-mcp-server 3.0.4 checked 2026-12-03: its README's examples all pass
    # --readOnly ("safe, read-only access"); Atlas tools stay off without Atlas credentials.
    MCPDef(
        id="mongodb-readonly",
        name="MongoDB (read-only)",
        purpose="Query, aggregate and inspect MongoDB collections and indexes, read-only",
        suggested_for=("implementer", "architect", "tester-reviewer"),
        triggers=("stack.has(mongodb)",),
        install=everywhere(
            npx(
                "mongodb-mcp-server@3.0.4",
                "--readOnly",
                env=passthrough("MDB_MCP_CONNECTION_STRING"),
            )
        ),
        env=(secret("MDB_MCP_CONNECTION_STRING", "MongoDB connection string"),),
        homepage="https://github.com/mongodb-js/mongodb-mcp-server",
        tags=("database", "read-only"),
    ),
    # PyPI redis-mcp-server 0.5.1 checked 2026-12-03 (Redis's own; README: uvx, REDIS_HOST,
    # REDIS_PORT, REDIS_USERNAME, REDIS_PWD). Sets, deletes and publishes: security-sensitive.
    MCPDef(
        id="redis",
        name="Redis",
        purpose="Read and change Redis keys, hashes, lists, streams and pub/sub (read-write)",
        suggested_for=("implementer",),
        triggers=("stack.has(redis)",),
        security_sensitive=True,
        install=everywhere(
            uvx(
                "--from",
                "redis-mcp-server==0.5.1",
                "redis-mcp-server",
                env=passthrough("REDIS_HOST", "REDIS_PORT", "REDIS_USERNAME", "REDIS_PWD"),
            )
        ),
        env=(
            EnvVar(name="REDIS_HOST", description="Redis host name"),
            EnvVar(name="REDIS_PORT", description="Redis port, e.g. 6379"),
            EnvVar(name="REDIS_USERNAME", description="Redis user", required=False),
            secret("REDIS_PWD", "Redis password", required=False),
        ),
        homepage="https://github.com/redis/mcp-redis",
        tags=("database", "cache", "write-access"),
    ),
    # PyPI mcp-neo4j-cypher 0.6.0 checked 2026-12-03 (Neo4j's; README: NEO4J_URI,
    # NEO4J_USERNAME, NEO4J_PASSWORD; NEO4J_READ_ONLY=true removes write_neo4j_cypher).
    MCPDef(
        id="neo4j-readonly",
        name="Neo4j Cypher (read-only)",
        purpose="Read a Neo4j graph's schema and run read-only Cypher queries",
        suggested_for=("implementer", "researcher"),
        triggers=("stack.has(neo4j)",),
        install=everywhere(
            uvx(
                "mcp-neo4j-cypher==0.6.0",
                "--transport",
                "stdio",
                env={
                    "NEO4J_READ_ONLY": "true",
                    **passthrough("NEO4J_URI", "NEO4J_USERNAME", "NEO4J_PASSWORD"),
                },
            )
        ),
        env=(
            EnvVar(name="NEO4J_URI", description="Neo4j URI, e.g. bolt://localhost:7687"),
            EnvVar(name="NEO4J_USERNAME", description="Neo4j user"),
            secret("NEO4J_PASSWORD", "Neo4j password"),
        ),
        homepage="https://github.com/neo4j-contrib/mcp-neo4j",
        tags=("database", "graph", "read-only"),
    ),
    # PyPI chroma-mcp 0.2.6 checked 2026-12-03 (Chroma's; README: --client-type ephemeral or
    # persistent with --data-dir). Persistent here, in the project's .chroma folder.
    MCPDef(
        id="chroma",
        name="Chroma",
        purpose="Create and search Chroma vector collections kept in the project",
        suggested_for=("researcher", "implementer"),
        triggers=("stack.has(chroma)",),
        install=everywhere(
            uvx(
                "chroma-mcp==0.2.6",
                "--client-type",
                "persistent",
                "--data-dir",
                ".chroma",
            )
        ),
        homepage="https://github.com/chroma-core/chroma-mcp",
        tags=("database", "vector", "memory"),
    ),
    # npm @pinecone-database/mcp 0.3.0 checked 2026-12-03 (bin `pinecone-mcp`; README:
    # PINECONE_API_KEY, docs search works without it). Creates indexes and upserts records:
    # security-sensitive.
    MCPDef(
        id="pinecone",
        name="Pinecone",
        purpose="Search Pinecone docs, create indexes, upsert and search records (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(pinecone)",),
        security_sensitive=True,
        install=everywhere(
            npx("@pinecone-database/mcp@0.3.0", env=passthrough("PINECONE_API_KEY"))
        ),
        env=(secret("PINECONE_API_KEY", "Pinecone API key", required=False),),
        homepage="https://github.com/pinecone-io/pinecone-mcp",
        tags=("database", "vector", "write-access"),
    ),
    # npm firebase-tools 15.34.2 checked 2026-12-03 (the Firebase CLI, mcpName
    # io.github.firebase/firebase-mcp; Firebase's docs: `npx -y firebase-tools@latest mcp`,
    # pinned here). Acts with the `firebase login` account: security-sensitive.
    MCPDef(
        id="firebase",
        name="Firebase",
        purpose="Manage Firebase projects: Firestore, Auth users, rules, hosting (read-write)",
        suggested_for=("implementer",),
        triggers=("stack.has(firebase)",),
        security_sensitive=True,
        install=everywhere(npx("firebase-tools@15.34.2", "mcp")),
        homepage="https://github.com/firebase/firebase-tools",
        tags=("database", "cloud", "write-access"),
    ),
    # npm convex 1.51.0 checked 2026-12-03 (the Convex CLI; docs.convex.dev/ai/convex-mcp-server:
    # `npx -y convex@latest mcp start`, pinned here). Runs functions and reads and writes
    # deployment data: security-sensitive.
    MCPDef(
        id="convex",
        name="Convex",
        purpose="Inspect Convex tables, run functions and read logs of a deployment (read-write)",
        suggested_for=("implementer",),
        triggers=("stack.has(convex)",),
        security_sensitive=True,
        install=everywhere(npx("convex@1.51.0", "mcp", "start")),
        homepage="https://docs.convex.dev/ai/convex-mcp-server",
        tags=("database", "write-access"),
    ),
)


# ======================================================================================
# cloud: Cloud providers, hosting platforms and infrastructure (containers, clusters, IaC).
# ======================================================================================

_AWS_REGION = EnvVar(name="AWS_REGION", description="AWS region, e.g. us-east-1")

CLOUD: tuple[MCPDef, ...] = (
    # PyPI awslabs.aws-documentation-mcp-server 1.2.3 checked 2026-11-30 (env as in README).
    MCPDef(
        id="aws-documentation",
        name="AWS Documentation",
        purpose="Search and read AWS documentation",
        suggested_for=("researcher", "architect"),
        triggers=("stack.has(aws-cdk)",),
        install=everywhere(
            uvx(
                "awslabs.aws-documentation-mcp-server==1.2.3",
                env={"FASTMCP_LOG_LEVEL": "ERROR", "AWS_DOCUMENTATION_PARTITION": "aws"},
            )
        ),
        homepage="https://github.com/awslabs/mcp",
        tags=("docs", "cloud"),
    ),
    # PyPI awslabs.aws-api-mcp-server 1.5.6: runs AWS CLI commands with the user's
    # credentials, mutating ones included.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="aws-api",
        name="AWS API",
        purpose="Run AWS CLI commands against the user's AWS account",
        suggested_for=("implementer", "architect"),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(
            uvx(
                "awslabs.aws-api-mcp-server==1.5.6",
                env={"FASTMCP_LOG_LEVEL": "ERROR", **passthrough("AWS_REGION")},
            )
        ),
        env=(EnvVar(name="AWS_REGION", description="AWS region, e.g. us-east-1"),),
        homepage="https://github.com/awslabs/mcp",
        tags=("cloud", "infrastructure", "write-access"),
    ),
    # npm @azure/mcp 2.0.5 (`server start`); acts with the Azure CLI login.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="azure",
        name="Azure",
        purpose="Inspect and manage Azure resources (storage, Cosmos DB, App Config, ...)",
        suggested_for=("implementer", "architect"),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(npx("@azure/mcp@2.0.5", "server", "start")),
        homepage="https://github.com/microsoft/mcp",
        tags=("cloud", "infrastructure", "write-access"),
    ),
    # Cloudflare's hosted documentation server (github.com/cloudflare/mcp-server-cloudflare,
    # apps/docs-vectorize): streamable HTTP at /mcp, no authentication.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="cloudflare-docs",
        # Also: its SSE endpoint (cloudflare/mcp-server-cloudflare README).
        also_runs=("https://docs.mcp.cloudflare.com/sse",),
        name="Cloudflare Docs",
        purpose="Search Cloudflare's developer documentation (Workers, R2, D1, ...)",
        suggested_for=("researcher", "architect", "docs-writer"),
        triggers=("never",),
        install=everywhere(RemoteSpec(url="https://docs.mcp.cloudflare.com/mcp")),
        homepage="https://github.com/cloudflare/mcp-server-cloudflare",
        tags=("docs", "cloud", "remote"),
    ),
    # npm @heroku/mcp-server 1.2.8 (reads HEROKU_API_KEY); deploys and scales apps.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="heroku",
        name="Heroku",
        purpose="Manage Heroku apps, dynos, add-ons and deployments",
        suggested_for=("implementer",),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(npx("@heroku/mcp-server@1.2.8", env=passthrough("HEROKU_API_KEY"))),
        env=(secret("HEROKU_API_KEY", "Heroku API key (heroku auth:token)"),),
        homepage="https://github.com/heroku/heroku-mcp-server",
        tags=("cloud", "infrastructure", "write-access"),
    ),
    # npm @railway/mcp-server 0.1.12 (uses the Railway CLI login); deploys services.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="railway",
        name="Railway",
        purpose="Create, deploy and configure Railway projects and services",
        suggested_for=("implementer",),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(npx("@railway/mcp-server@0.1.12")),
        homepage="https://github.com/railwayapp/railway-mcp-server",
        tags=("cloud", "infrastructure", "write-access"),
    ),
    # npm @netlify/mcp 1.15.1 (uses the Netlify CLI login); deploys sites.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="netlify",
        name="Netlify",
        purpose="Create, deploy and configure Netlify sites, env vars and forms",
        suggested_for=("implementer",),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(npx("@netlify/mcp@1.15.1")),
        homepage="https://docs.netlify.com/welcome/build-with-ai/netlify-mcp-server/",
        tags=("cloud", "infrastructure", "write-access"),
    ),
    # PyPI mcp-server-docker 0.3.0 (needs Python >= 3.12, which uvx provides): creates
    # and runs containers through the local Docker daemon.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="docker",
        name="Docker",
        purpose="Create, run and inspect Docker containers, images, networks and volumes",
        suggested_for=("implementer",),
        triggers=("stack.has(docker)",),
        security_sensitive=True,
        install=everywhere(uvx("mcp-server-docker==0.3.0", net=False)),
        homepage="https://github.com/ckreiling/mcp-server-docker",
        tags=("containers", "infrastructure", "write-access"),
    ),
    # npm mcp-server-kubernetes 4.1.7 checked 2026-11-30; acts with the user's
    # kubeconfig, including destructive tools.
    MCPDef(
        id="kubernetes",
        name="Kubernetes",
        purpose="Inspect and change Kubernetes resources with the current kubeconfig",
        suggested_for=("implementer",),
        triggers=("stack.has(kubernetes)",),
        security_sensitive=True,
        install=everywhere(npx("mcp-server-kubernetes@4.1.7")),
        homepage="https://github.com/Flux159/mcp-server-kubernetes",
        tags=("infrastructure", "write-access"),
    ),
    # ---- issue 37, checked 2026-12-03 (`npm view` / the PyPI JSON API for each pin, the
    # vendor's own documentation for each remote URL; `make verify-catalog` re-checks them).
    # Every entry below acts with cloud or cluster credentials: security-sensitive (never
    # suggested; `aido suggest` lists the ones a stack pack would pick as left out).
    # Vercel's hosted server (mcp.vercel.com, listed by Vercel as its official remote server;
    # checked 2026-12-03), OAuth: projects, deployments, logs and docs search.
    MCPDef(
        id="vercel",
        name="Vercel",
        purpose="Vercel projects, deployments and build logs, and Vercel docs search",
        suggested_for=("implementer",),
        triggers=("stack.has(vercel)",),
        security_sensitive=True,
        install=everywhere(RemoteSpec(url="https://mcp.vercel.com")),
        homepage="https://vercel.com",
        tags=("cloud", "remote", "write-access"),
    ),
    # npm @google-cloud/gcloud-mcp 0.5.3 checked 2026-12-03 (Google's; bin `gcloud-mcp`,
    # README: `npx -y @google-cloud/gcloud-mcp`); runs gcloud commands as the gcloud login.
    MCPDef(
        id="gcloud",
        name="Google Cloud (gcloud)",
        purpose="Run gcloud CLI commands against the user's Google Cloud projects",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(gcp)",),
        security_sensitive=True,
        install=everywhere(npx("@google-cloud/gcloud-mcp@0.5.3")),
        homepage="https://github.com/googleapis/gcloud-mcp",
        tags=("cloud", "infrastructure", "write-access"),
    ),
    # npm @google-cloud/cloud-run-mcp 1.10.0 checked 2026-12-03 (Google's; bin `cloud-run-mcp`,
    # README: `npx -y @google-cloud/cloud-run-mcp`, application default credentials).
    MCPDef(
        id="cloud-run",
        name="Google Cloud Run",
        purpose="Deploy code and containers to Cloud Run and read services and logs",
        suggested_for=("implementer",),
        triggers=("stack.has(gcp)",),
        security_sensitive=True,
        install=everywhere(npx("@google-cloud/cloud-run-mcp@1.10.0")),
        homepage="https://github.com/GoogleCloudPlatform/cloud-run-mcp",
        tags=("cloud", "infrastructure", "write-access"),
    ),
    # npm kubernetes-mcp-server 0.0.67 checked 2026-12-03 (containers/kubernetes-mcp-server, a
    # native Kubernetes API client; README: --read-only allows no create, update or delete).
    # Even read-only it reads Secrets and pod logs with the kubeconfig: security-sensitive.
    MCPDef(
        id="kubernetes-readonly",
        name="Kubernetes (read-only)",
        purpose="List and inspect Kubernetes and OpenShift resources, events and logs, read-only",
        suggested_for=("implementer", "tester-reviewer"),
        triggers=("stack.has(kubernetes)",),
        security_sensitive=True,
        install=everywhere(npx("kubernetes-mcp-server@0.0.67", "--read-only")),
        homepage="https://github.com/containers/kubernetes-mcp-server",
        tags=("infrastructure", "read-only"),
    ),
    # npm argocd-mcp 0.9.0 checked 2026-12-03 (argoproj-labs/mcp-for-argocd; README:
    # `argocd-mcp stdio`, ARGOCD_BASE_URL, ARGOCD_API_TOKEN). Syncs and deletes applications.
    MCPDef(
        id="argocd",
        name="Argo CD",
        purpose="List, sync and manage Argo CD applications and their resources",
        suggested_for=("implementer",),
        triggers=("stack.has(kubernetes)",),
        security_sensitive=True,
        install=everywhere(
            npx(
                "argocd-mcp@0.9.0",
                "stdio",
                env=passthrough("ARGOCD_BASE_URL", "ARGOCD_API_TOKEN"),
            )
        ),
        env=(
            EnvVar(name="ARGOCD_BASE_URL", description="Argo CD server URL"),
            secret("ARGOCD_API_TOKEN", "Argo CD API token"),
        ),
        homepage="https://github.com/argoproj-labs/mcp-for-argocd",
        tags=("infrastructure", "gitops", "write-access"),
    ),
    # PyPI awslabs.aws-iac-mcp-server 1.0.26 checked 2026-12-03 (awslabs/mcp; README: uvx,
    # credentials from the environment). CDK and CloudFormation guidance, template checks and
    # deployment troubleshooting. It replaces the deprecated awslabs.cdk-mcp-server.
    MCPDef(
        id="aws-iac",
        name="AWS IaC (CDK, CloudFormation)",
        purpose="AWS CDK and CloudFormation guidance, template checks and deploy troubleshooting",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(aws-cdk)",),
        security_sensitive=True,
        install=everywhere(
            uvx(
                "awslabs.aws-iac-mcp-server==1.0.26",
                env={"FASTMCP_LOG_LEVEL": "ERROR", **passthrough("AWS_REGION")},
            )
        ),
        env=(_AWS_REGION,),
        homepage="https://awslabs.github.io/mcp/servers/aws-iac-mcp-server/",
        tags=("cloud", "infrastructure", "write-access"),
    ),
    # PyPI awslabs.aws-pricing-mcp-server 1.1.1 checked 2026-12-03 (README: uvx, credentials
    # from the environment); reads the AWS Price List API with the user's credentials.
    MCPDef(
        id="aws-pricing",
        name="AWS Pricing",
        purpose="Look up AWS prices and estimate the cost of an architecture",
        suggested_for=("architect",),
        triggers=("stack.has(aws)", "stack.has(aws-cdk)"),
        security_sensitive=True,
        install=everywhere(
            uvx(
                "awslabs.aws-pricing-mcp-server==1.1.1",
                env={"FASTMCP_LOG_LEVEL": "ERROR", **passthrough("AWS_REGION")},
            )
        ),
        env=(_AWS_REGION,),
        homepage="https://awslabs.github.io/mcp/servers/aws-pricing-mcp-server/",
        tags=("cloud", "cost"),
    ),
    # PyPI awslabs.aws-serverless-mcp-server 0.2.0 checked 2026-12-03 (README: read-only
    # unless --allow-write, credentials from the environment). SAM and Lambda guidance.
    MCPDef(
        id="aws-serverless",
        name="AWS Serverless (SAM, Lambda)",
        purpose="SAM and Lambda guidance, and serverless app status and logs (read-only)",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(aws)",),
        security_sensitive=True,
        install=everywhere(
            uvx(
                "awslabs.aws-serverless-mcp-server==0.2.0",
                env={"FASTMCP_LOG_LEVEL": "ERROR", **passthrough("AWS_REGION")},
            )
        ),
        env=(_AWS_REGION,),
        homepage="https://awslabs.github.io/mcp/servers/aws-serverless-mcp-server/",
        tags=("cloud", "serverless"),
    ),
    # PyPI awslabs.eks-mcp-server 0.2.1 checked 2026-12-03 (README: read-only unless
    # --allow-write, logs and events only with --allow-sensitive-data-access).
    MCPDef(
        id="aws-eks",
        name="Amazon EKS",
        purpose="Inspect Amazon EKS clusters and their Kubernetes resources (read-only)",
        suggested_for=("implementer",),
        triggers=("stack.has(kubernetes)",),
        security_sensitive=True,
        install=everywhere(
            uvx(
                "awslabs.eks-mcp-server==0.2.1",
                env={"FASTMCP_LOG_LEVEL": "ERROR", **passthrough("AWS_REGION")},
            )
        ),
        env=(_AWS_REGION,),
        homepage="https://awslabs.github.io/mcp/servers/eks-mcp-server/",
        tags=("cloud", "infrastructure"),
    ),
    # PyPI awslabs.ecs-mcp-server 0.1.37 checked 2026-12-03 (README: list, describe and
    # troubleshooting tools are read-only; credentials from the environment).
    MCPDef(
        id="aws-ecs",
        name="Amazon ECS",
        purpose="Inspect and troubleshoot Amazon ECS clusters, services and tasks",
        suggested_for=("implementer",),
        triggers=("stack.has(aws)",),
        security_sensitive=True,
        install=everywhere(
            uvx(
                "awslabs.ecs-mcp-server==0.1.37",
                env={"FASTMCP_LOG_LEVEL": "ERROR", **passthrough("AWS_REGION")},
            )
        ),
        env=(_AWS_REGION,),
        homepage="https://awslabs.github.io/mcp/servers/ecs-mcp-server/",
        tags=("cloud", "containers"),
    ),
    # PyPI awslabs.dynamodb-mcp-server 2.1.8 checked 2026-12-03 (README: uvx, AWS credentials);
    # DynamoDB data modeling and table access.
    MCPDef(
        id="aws-dynamodb",
        name="Amazon DynamoDB",
        purpose="Design DynamoDB data models and work with DynamoDB tables",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(aws)",),
        security_sensitive=True,
        install=everywhere(
            uvx(
                "awslabs.dynamodb-mcp-server==2.1.8",
                env={"FASTMCP_LOG_LEVEL": "ERROR", **passthrough("AWS_REGION")},
            )
        ),
        env=(_AWS_REGION,),
        homepage="https://awslabs.github.io/mcp/servers/dynamodb-mcp-server/",
        tags=("cloud", "database", "write-access"),
    ),
    # Cloudflare's hosted Code Mode server, the one its README recommends for broad API access
    # (github.com/cloudflare/mcp-server-cloudflare, checked 2026-12-03), OAuth.
    MCPDef(
        id="cloudflare",
        name="Cloudflare API",
        purpose="Call any Cloudflare API through code: DNS, Workers, R2, D1, zones and more",
        suggested_for=("implementer",),
        triggers=("stack.has(cloudflare)",),
        security_sensitive=True,
        install=everywhere(RemoteSpec(url="https://mcp.cloudflare.com/mcp")),
        homepage="https://github.com/cloudflare/mcp",
        tags=("cloud", "infrastructure", "remote", "write-access"),
    ),
    # Cloudflare's hosted Workers Bindings server (same README, checked 2026-12-03), OAuth:
    # creates KV namespaces, R2 buckets, D1 databases and Hyperdrive configs.
    MCPDef(
        id="cloudflare-bindings",
        name="Cloudflare Workers Bindings",
        purpose="Create and use Workers storage, AI and compute bindings (KV, R2, D1, ...)",
        suggested_for=("implementer",),
        triggers=("stack.has(cloudflare)",),
        security_sensitive=True,
        install=everywhere(RemoteSpec(url="https://bindings.mcp.cloudflare.com/mcp")),
        homepage="https://github.com/cloudflare/mcp-server-cloudflare",
        tags=("cloud", "remote", "write-access"),
    ),
    # Cloudflare's hosted Workers Builds server (same README, checked 2026-12-03), OAuth.
    MCPDef(
        id="cloudflare-builds",
        name="Cloudflare Workers Builds",
        purpose="Read and manage Cloudflare Workers Builds and their logs",
        suggested_for=("implementer", "tester-reviewer"),
        triggers=("stack.has(cloudflare)",),
        security_sensitive=True,
        install=everywhere(RemoteSpec(url="https://builds.mcp.cloudflare.com/mcp")),
        homepage="https://github.com/cloudflare/mcp-server-cloudflare",
        tags=("ci", "cloud", "remote", "write-access"),
    ),
    # ---- issue 37 part 2, checked 2026-12-03.
    # HashiCorp's hosted Terraform MCP server (developer.hashicorp.com/terraform/mcp-server/
    # deploy/remote-mcp and /terraform/cloud-docs/integrations/mcp-server): the URL
    # https://mcp.terraform.io/mcp, an HCP Terraform user or team API token in an
    # `Authorization: Bearer` header on every request, beta. The same server as the local
    # one, which HashiCorp ships only as a Docker image and a Go binary (no npm or PyPI
    # package). The token reaches the organization's workspaces, runs and variables:
    # security-sensitive. Claude Desktop cannot take a remote server in its file.
    MCPDef(
        id="terraform",
        # Also: HashiCorp's local server image (the comment above).
        also_runs=("image:hashicorp/terraform-mcp-server",),
        name="Terraform",
        purpose="Terraform Registry docs, and HCP Terraform workspaces, runs and variables",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(terraform)",),
        security_sensitive=True,
        install=everywhere(
            RemoteSpec(
                url="https://mcp.terraform.io/mcp",
                headers={"Authorization": "Bearer ${TFE_TOKEN}"},
            )
        ),
        env=(secret("TFE_TOKEN", "HCP Terraform user or team API token"),),
        homepage="https://developer.hashicorp.com/terraform/mcp-server",
        tags=("infrastructure", "iac", "remote", "write-access"),
    ),
)


# ======================================================================================
# observability: Error tracking, monitoring, logs and incidents.
# ======================================================================================

OBSERVABILITY: tuple[MCPDef, ...] = (
    # Sentry's hosted server, which its README calls the service and its stdio transport a
    # work in progress (github.com/getsentry/sentry-mcp; https://mcp.sentry.dev/mcp is the
    # URL in the npm @sentry/mcp-server 0.39.0 bundle; checked 2026-12-03): OAuth in the
    # harness. Claude Desktop cannot take a remote server in its file, so it keeps the npm
    # package, which reads SENTRY_ACCESS_TOKEN.
    MCPDef(
        id="sentry",
        # Also: its SSE endpoint (docs.sentry.io, MCP server).
        also_runs=("https://mcp.sentry.dev/sse",),
        name="Sentry",
        purpose="Look up Sentry issues, events and stack traces while debugging",
        suggested_for=("implementer", "tester-reviewer"),
        triggers=("stack.has(sentry)",),
        install={
            **everywhere(RemoteSpec(url="https://mcp.sentry.dev/mcp")),
            "claude-desktop": npx(
                "@sentry/mcp-server@0.39.0", env=passthrough("SENTRY_ACCESS_TOKEN")
            ),
        },
        env=(
            secret(
                "SENTRY_ACCESS_TOKEN",
                "Sentry user auth token (only Claude Desktop's local server reads it)",
                required=False,
            ),
        ),
        homepage="https://github.com/getsentry/sentry-mcp",
        tags=("observability", "errors", "error-tracking", "monitoring", "remote"),
    ),
    # ---- issue 37, checked 2026-12-03 (the PyPI JSON API for each pin, the vendor's own
    # documentation for each remote URL; `make verify-catalog` re-checks them).
    # PyPI mcp-grafana 2.1.1 checked 2026-12-03 (grafana/mcp-grafana; grafana.com docs: uvx,
    # GRAFANA_URL, GRAFANA_SERVICE_ACCOUNT_TOKEN; README: --disable-write registers no
    # create or update tool), so this entry only reads dashboards, datasources and alerts.
    MCPDef(
        id="grafana",
        name="Grafana",
        purpose="Search dashboards, query Prometheus and Loki, read alerts and incidents",
        suggested_for=("implementer", "tester-reviewer"),
        triggers=("never",),
        install=everywhere(
            uvx(
                "mcp-grafana==2.1.1",
                "--disable-write",
                env=passthrough("GRAFANA_URL", "GRAFANA_SERVICE_ACCOUNT_TOKEN"),
            )
        ),
        env=(
            EnvVar(name="GRAFANA_URL", description="Grafana base URL"),
            secret("GRAFANA_SERVICE_ACCOUNT_TOKEN", "Grafana service account token"),
        ),
        homepage="https://grafana.com/docs/grafana/latest/developer-resources/mcp/",
        tags=("observability", "monitoring", "read-only"),
    ),
    # PyPI pagerduty-mcp 1.1.0 checked 2026-12-03 (PagerDuty's official server; README: uvx,
    # PAGERDUTY_USER_API_KEY, PAGERDUTY_API_HOST; write tools only with --enable-write-tools).
    MCPDef(
        id="pagerduty",
        name="PagerDuty",
        purpose="Read PagerDuty incidents, services, schedules and on-call (read-only)",
        suggested_for=("implementer", "tester-reviewer"),
        triggers=("never",),
        install=everywhere(
            uvx(
                "pagerduty-mcp==1.1.0",
                env={
                    "PAGERDUTY_API_HOST": "https://api.pagerduty.com",
                    **passthrough("PAGERDUTY_USER_API_KEY"),
                },
            )
        ),
        env=(secret("PAGERDUTY_USER_API_KEY", "PagerDuty user API token"),),
        homepage="https://github.com/PagerDuty/pagerduty-mcp-server",
        tags=("observability", "incidents", "monitoring", "read-only"),
    ),
    # PostHog's hosted server (mcp.posthog.com, PostHog's own server, checked 2026-12-03),
    # OAuth. It creates and changes feature flags and insights: security-sensitive.
    MCPDef(
        id="posthog",
        name="PostHog",
        purpose="Query PostHog analytics and errors, manage feature flags and insights",
        suggested_for=("implementer", "researcher"),
        triggers=("stack.has(posthog)",),
        security_sensitive=True,
        install=everywhere(RemoteSpec(url="https://mcp.posthog.com/mcp")),
        homepage="https://posthog.com",
        tags=("observability", "analytics", "remote", "write-access"),
    ),
    # PyPI awslabs.cloudwatch-mcp-server 0.3.1 checked 2026-12-03 (awslabs/mcp; README: uvx;
    # credentials from the environment). Reads logs, metrics and alarms of the AWS account.
    MCPDef(
        id="aws-cloudwatch",
        name="Amazon CloudWatch",
        purpose="Query CloudWatch logs, metrics and alarms to troubleshoot AWS workloads",
        suggested_for=("implementer", "tester-reviewer"),
        triggers=("stack.has(aws)",),
        security_sensitive=True,
        install=everywhere(
            uvx(
                "awslabs.cloudwatch-mcp-server==0.3.1",
                env={"FASTMCP_LOG_LEVEL": "ERROR", **passthrough("AWS_REGION")},
            )
        ),
        env=(EnvVar(name="AWS_REGION", description="AWS region, e.g. us-east-1"),),
        homepage="https://awslabs.github.io/mcp/servers/cloudwatch-mcp-server/",
        tags=("observability", "monitoring", "cloud"),
    ),
    # PyPI awslabs.prometheus-mcp-server 0.3.1 checked 2026-12-03 (awslabs/mcp; README: uvx;
    # credentials from the environment): PromQL against Amazon Managed Prometheus.
    MCPDef(
        id="aws-prometheus",
        name="Amazon Managed Prometheus",
        purpose="Run PromQL queries against Amazon Managed Service for Prometheus",
        suggested_for=("implementer", "tester-reviewer"),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(
            uvx(
                "awslabs.prometheus-mcp-server==0.3.1",
                env={"FASTMCP_LOG_LEVEL": "ERROR", **passthrough("AWS_REGION")},
            )
        ),
        env=(EnvVar(name="AWS_REGION", description="AWS region, e.g. us-east-1"),),
        homepage="https://awslabs.github.io/mcp/servers/prometheus-mcp-server/",
        tags=("observability", "cloud"),
    ),
    # Cloudflare's hosted Observability server (github.com/cloudflare/mcp-server-cloudflare
    # README, checked 2026-12-03), OAuth: reads Workers logs and analytics.
    MCPDef(
        id="cloudflare-observability",
        name="Cloudflare Observability",
        purpose="Read Cloudflare Workers logs and analytics to debug an application",
        suggested_for=("implementer", "tester-reviewer"),
        triggers=("never",),
        install=everywhere(RemoteSpec(url="https://observability.mcp.cloudflare.com/mcp")),
        homepage="https://github.com/cloudflare/mcp-server-cloudflare",
        tags=("observability", "cloud", "remote"),
    ),
    # ---- issue 37 part 2, checked 2026-12-03.
    # Pydantic Logfire's hosted server (github.com/pydantic/logfire-mcp README at 66d5897,
    # 2026-02-25, recommends it; the repository is archived since 9850c41 and points to
    # logfire.pydantic.dev/docs/how-to-guides/mcp-server/): https://logfire-us.pydantic.dev/mcp,
    # OAuth in the browser (EU data region: https://logfire-eu.pydantic.dev/mcp). Its tools
    # create, change and delete dashboards and alerts and run Python (pydantic.dev, "Your
    # agent would rather write code"): security-sensitive.
    MCPDef(
        id="logfire",
        name="Pydantic Logfire",
        purpose="Query Logfire traces, logs and metrics with SQL; manage dashboards and alerts",
        suggested_for=("implementer", "tester-reviewer"),
        triggers=("stack.has(logfire)",),
        security_sensitive=True,
        install=everywhere(RemoteSpec(url="https://logfire-us.pydantic.dev/mcp")),
        homepage="https://logfire.pydantic.dev/docs/how-to-guides/mcp-server/",
        tags=("observability", "remote", "write-access"),
    ),
)


# ======================================================================================
# services: Business APIs: payments, commerce and messaging.
# ======================================================================================

SERVICES: tuple[MCPDef, ...] = (
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


# The day `make verify-catalog` last found every package pin (remote URLs are checked
# against the vendor's docs on the date in each entry's comment).
CHECKED = "2026-12-03"

# The entries by domain, each a section above.
DOMAINS: dict[str, tuple[MCPDef, ...]] = {
    "knowledge": KNOWLEDGE,
    "browsers": BROWSERS,
    "code": CODE,
    "forges": FORGES,
    "databases": DATABASES,
    "cloud": CLOUD,
    "observability": OBSERVABILITY,
    "services": SERVICES,
}

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
    # issue 54
    "django-ai-boost",
)  # fmt: skip

_RANK = {entry_id: rank for rank, entry_id in enumerate(ORDER)}

MCP_CATALOG: tuple[MCPDef, ...] = tuple(
    sorted(
        (entry for domain in DOMAINS.values() for entry in domain),
        key=lambda entry: _RANK.get(entry.id, len(ORDER)),
    )
)

ENTRIES_BY_ID: dict[str, MCPDef] = {entry.id: entry for entry in MCP_CATALOG}
