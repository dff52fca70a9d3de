"""Cloud providers, hosting platforms and infrastructure (containers, clusters, IaC).

Part of the curated catalog (`aidokit.catalog.entries`, SPEC §3); the comment
above each entry says what was checked and when (docs/adding-an-entry.md).
"""

from __future__ import annotations

from aidokit.catalog.install import everywhere
from aidokit.catalog.models import EnvVar, MCPDef, RemoteSpec
from aidokit.catalog.spec_helpers import npx, passthrough, secret, uvx

_AWS_REGION = EnvVar(name="AWS_REGION", description="AWS region, e.g. us-east-1")

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
