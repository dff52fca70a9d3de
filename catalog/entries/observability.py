"""Error tracking, monitoring, logs and incidents.

Part of the curated catalog (`aidokit.catalog.entries`, SPEC §3); the comment
above each entry says what was checked and when (docs/adding-an-entry.md).
"""

from __future__ import annotations

from aidokit.catalog.install import everywhere
from aidokit.catalog.models import EnvVar, MCPDef, RemoteSpec
from aidokit.catalog.spec_helpers import npx, passthrough, secret, uvx

ENTRIES: tuple[MCPDef, ...] = (
    # Sentry's hosted server, which its README calls the service and its stdio transport a
    # work in progress (github.com/getsentry/sentry-mcp; https://mcp.sentry.dev/mcp is the
    # URL in the npm @sentry/mcp-server 0.39.0 bundle; checked 2026-12-03): OAuth in the
    # harness. Claude Desktop cannot take a remote server in its file, so it keeps the npm
    # package, which reads SENTRY_ACCESS_TOKEN.
    MCPDef(
        id="sentry",
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
        tags=("observability", "remote"),
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
        tags=("observability", "read-only"),
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
        tags=("observability", "incidents", "read-only"),
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
        tags=("observability", "cloud"),
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
