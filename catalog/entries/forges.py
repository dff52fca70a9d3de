"""Version control, forges, issue trackers, wikis and CI.

Part of the curated catalog (`aidokit.catalog.entries`, SPEC §3); the comment
above each entry says what was checked and when (docs/adding-an-entry.md).
"""

from __future__ import annotations

from aidokit.catalog.install import everywhere
from aidokit.catalog.models import EnvVar, MCPDef, RemoteSpec
from aidokit.catalog.spec_helpers import npx, passthrough, secret, uvx

_GITHUB_PAT = secret(
    "GITHUB_PERSONAL_ACCESS_TOKEN", "GitHub personal access token sent as a bearer token"
)

ENTRIES: tuple[MCPDef, ...] = (
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
