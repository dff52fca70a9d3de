"""Languages and frameworks: code intelligence, framework docs and CLIs, local files and shell.

Part of the curated catalog (`aidokit.catalog.entries`, SPEC §3); the comment
above each entry says what was checked and when (docs/adding-an-entry.md).
"""

from __future__ import annotations

from aidokit.catalog.install import everywhere
from aidokit.catalog.models import EnvVar, MCPDef, RemoteSpec
from aidokit.catalog.spec_helpers import npx, passthrough, secret, serena_install, uvx

ENTRIES: tuple[MCPDef, ...] = (
    # PyPI serena-agent 2.1.0 checked 2026-11-30 (console script `serena`,
    # subcommand `start-mcp-server --context`).
    MCPDef(
        id="serena",
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
)
