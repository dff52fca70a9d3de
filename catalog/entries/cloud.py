"""Cloud providers, hosting platforms and infrastructure (containers, clusters, IaC).

Part of the curated catalog (`aidokit.catalog.entries`, SPEC §3); the comment
above each entry says what was checked and when (docs/adding-an-entry.md).
"""

from __future__ import annotations

from aidokit.catalog.install import everywhere
from aidokit.catalog.models import EnvVar, MCPDef, RemoteSpec
from aidokit.catalog.spec_helpers import npx, passthrough, secret, uvx

ENTRIES: tuple[MCPDef, ...] = (
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
)
