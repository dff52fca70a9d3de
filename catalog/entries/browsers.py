"""Browsers, UI testing, design and component libraries.

Part of the curated catalog (`aidokit.catalog.entries`, SPEC §3); the comment
above each entry says what was checked and when (docs/adding-an-entry.md).
"""

from __future__ import annotations

from aidokit.catalog.install import everywhere
from aidokit.catalog.models import MCPDef
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
    MCPDef(
        id="browsermcp",
        name="Browser MCP",
        purpose="Automate the user's own logged-in browser through the Browser MCP extension",
        suggested_for=("frontend-browser-tester",),
        triggers=("never",),
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
)
