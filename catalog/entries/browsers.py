"""Browsers, UI testing, design and component libraries.

Part of the curated catalog (`aidokit.catalog.entries`, SPEC §3); the comment
above each entry says what was checked and when (docs/adding-an-entry.md).
"""

from __future__ import annotations

from aidokit.catalog.install import everywhere
from aidokit.catalog.models import EnvVar, MCPDef, RemoteSpec
from aidokit.catalog.spec_helpers import npx, passthrough, secret

ENTRIES: tuple[MCPDef, ...] = (
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
