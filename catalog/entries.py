"""The curated MCP catalog (SPEC §3): typed data, one entry per server, never removed.

Every install spec names a package or URL that was checked to exist; the
comment above each entry says where and when. Packages are pinned to the
version checked (npx `pkg@x.y.z`, uvx `pkg==x.y.z`) so a plan does not
change under a user when a server publishes; bumping a pin is a catalog PR
(docs/adding-an-entry.md). Remote URLs are the vendor's own endpoint.
"""

from __future__ import annotations

from aidokit.catalog.install import ADAPTER_NAMES, everywhere
from aidokit.catalog.models import EnvVar, MCPDef, RemoteSpec
from aidokit.catalog.spec_helpers import npx, passthrough, secret, serena, uvx

# Harnesses that cannot reference an environment variable inside `args`
# (docs/adapters.md): a secret passed as an argument cannot be installed there.
ARGS_WITHOUT_REFERENCES = (
    "codex",
    "copilot-cli",
    "claude-desktop",
    "zed",
    "amazon-q",
    "cline",
    "goose",
)

CHECKED = "2026-11-30"  # the day every spec below was last checked

_GITHUB_PAT = secret(
    "GITHUB_PERSONAL_ACCESS_TOKEN", "GitHub personal access token sent as a bearer token"
)

MCP_CATALOG: tuple[MCPDef, ...] = (
    # npm @upstash/context7-mcp 4.1.1 checked 2026-11-30; its README documents the
    # remote endpoint https://mcp.context7.com/mcp (an API key is optional).
    MCPDef(
        id="context7",
        name="Context7",
        purpose="Up-to-date library documentation and code examples for the agent",
        suggested_for=("researcher", "architect", "implementer", "docs-writer"),
        triggers=("always",),
        install={
            **everywhere(RemoteSpec(url="https://mcp.context7.com/mcp")),
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
    # npm @playwright/mcp 0.0.83 checked 2026-11-30 (README shows @latest; pinned here).
    MCPDef(
        id="playwright",
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
    # GitHub's remote MCP server; URL and bearer header as in harness-formats.md §20
    # (checked 2026-11-30). Claude Desktop cannot take a remote server in its file.
    MCPDef(
        id="github",
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
    # PyPI mcp-server-git 2026.10.19 checked 2026-11-30.
    MCPDef(
        id="git",
        name="Git",
        purpose="Read, search and inspect the history of the project's git repository",
        suggested_for=("implementer", "tester-reviewer", "researcher"),
        triggers=("brownfield",),
        install=everywhere(uvx("mcp-server-git==2026.10.19", net=False)),
        homepage="https://github.com/modelcontextprotocol/servers/tree/main/src/git",
        tags=("git", "reference-server"),
    ),
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
    # Linear's hosted MCP endpoint as in harness-formats.md §12 (checked 2026-11-30);
    # authentication is OAuth in the harness, so no secret is stored.
    MCPDef(
        id="linear",
        name="Linear",
        purpose="Find, create and update Linear issues and projects",
        suggested_for=("implementer", "architect"),
        triggers=("never",),
        install=everywhere(RemoteSpec(url="https://mcp.linear.app/mcp")),
        homepage="https://linear.app/docs/mcp",
        tags=("issues", "remote"),
    ),
    # PyPI serena-agent 2.1.0 checked 2026-11-30 (console script `serena`,
    # subcommand `start-mcp-server --context`).
    MCPDef(
        id="serena",
        name="Serena",
        purpose="Semantic code navigation and symbol-level editing backed by language servers",
        suggested_for=("implementer", "architect", "tester-reviewer"),
        triggers=("brownfield",),
        install={adapter: serena(adapter) for adapter in ADAPTER_NAMES},
        homepage="https://github.com/oraios/serena",
        tags=("code-intelligence",),
    ),
    # npm @modelcontextprotocol/server-filesystem 2026.8.31 checked 2026-11-30;
    # reads and writes any file under the allowed directory (the project root).
    MCPDef(
        id="filesystem",
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
    # PyPI postgres-mcp 0.3.0 checked 2026-11-30 (needs Python >= 3.12, which uvx
    # provides). `--access-mode=unrestricted` allows writes: security-sensitive.
    MCPDef(
        id="postgres-mcp",
        name="Postgres MCP Pro",
        purpose="Query, tune and change a PostgreSQL database (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("never",),
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
    # npm @supabase/mcp-server-supabase 0.13.0 checked 2026-11-30 (reads
    # SUPABASE_ACCESS_TOKEN); without --read-only it can change the database.
    MCPDef(
        id="supabase",
        name="Supabase",
        purpose="Manage Supabase projects: SQL, migrations, edge functions (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(supabase)",),
        security_sensitive=True,
        install=everywhere(
            npx("@supabase/mcp-server-supabase@0.13.0", env=passthrough("SUPABASE_ACCESS_TOKEN"))
        ),
        env=(secret("SUPABASE_ACCESS_TOKEN", "Supabase personal access token"),),
        homepage="https://github.com/supabase-community/supabase-mcp",
        tags=("database", "write-access"),
    ),
    # npm mcp-server-kubernetes 4.1.7 checked 2026-11-30; acts with the user's
    # kubeconfig, including destructive tools.
    MCPDef(
        id="kubernetes",
        name="Kubernetes",
        purpose="Inspect and change Kubernetes resources with the current kubeconfig",
        suggested_for=("implementer",),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(npx("mcp-server-kubernetes@4.1.7")),
        homepage="https://github.com/Flux159/mcp-server-kubernetes",
        tags=("infrastructure", "write-access"),
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
    # npm @notionhq/notion-mcp-server 2.5.2 checked 2026-11-30 (reads NOTION_TOKEN).
    MCPDef(
        id="notion",
        name="Notion",
        purpose="Search and edit Notion pages and databases",
        suggested_for=("docs-writer", "researcher"),
        triggers=("never",),
        install=everywhere(
            npx("@notionhq/notion-mcp-server@2.5.2", env=passthrough("NOTION_TOKEN"))
        ),
        env=(secret("NOTION_TOKEN", "Notion integration token"),),
        homepage="https://github.com/makenotion/notion-mcp-server",
        tags=("docs",),
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
    # npm @modelcontextprotocol/server-puppeteer 2025.5.12 checked 2026-11-30: the
    # reference server moved to modelcontextprotocol/servers-archived.
    MCPDef(
        id="puppeteer",
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
    # npm @modelcontextprotocol/server-postgres 0.6.2 checked 2026-11-30: archived
    # reference server (read-only SQL), connection URL as its one argument.
    MCPDef(
        id="postgres",
        name="PostgreSQL (archived)",
        purpose="Read-only SQL against PostgreSQL; superseded by Postgres MCP Pro",
        suggested_for=("implementer",),
        triggers=("never",),
        # The URL is an argument: only harnesses that expand env references in args.
        install=everywhere(
            npx("@modelcontextprotocol/server-postgres@0.6.2", "${POSTGRES_URL}"),
            except_=ARGS_WITHOUT_REFERENCES,
        ),
        env=(secret("POSTGRES_URL", "PostgreSQL connection URL (includes the password)"),),
        homepage="https://github.com/modelcontextprotocol/servers-archived",
        tags=("database", "archived"),
        deprecated=True,
        replaced_by="postgres-mcp",
    ),
)

ENTRIES_BY_ID: dict[str, MCPDef] = {entry.id: entry for entry in MCP_CATALOG}
