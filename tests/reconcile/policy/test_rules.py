"""Policy rules (SPEC §4): the grammar, how names normalise, and what `*` matches."""

from __future__ import annotations

import pytest

from aidokit.reconcile.policy.rules import Subject, normalise, parse_rule


@pytest.mark.parametrize(
    ("text", "kind", "pattern"),
    [
        ("github", "id", "github"),
        ("id:github", "id", "github"),
        ("npm:@playwright/mcp", "npm", "@playwright/mcp"),
        ("npm:@evil/*", "npm", "@evil/*"),
        ("pypi:mcp-server-git", "pypi", "mcp-server-git"),
        ("pypi:Mcp_Server.Git", "pypi", "mcp-server-git"),
        ("docker:postgres", "docker", "docker.io/library/postgres"),
        (
            "docker:ghcr.io/github/github-mcp-server:v1",
            "docker",
            "ghcr.io/github/github-mcp-server",
        ),
        ("docker:mcp/*", "docker", "docker.io/mcp/*"),
        ("host:MCP.Example.com.", "host", "mcp.example.com"),
        ("host:*.example.net", "host", "*.example.net"),
    ],
)
def test_rule_kinds_and_normal_forms(text: str, kind: str, pattern: str) -> None:
    """Each kind parses to the form its registry compares names in."""
    rule = parse_rule(text)
    assert (rule.kind, rule.pattern, rule.text) == (kind, pattern, text)


@pytest.mark.parametrize(
    "text",
    ["", "Git Hub", "npm:", "host:", "host:exa mple.com", "pypi:../x", "npm:@a/b/c", "x" * 70],
)
def test_a_bad_rule_names_the_grammar(text: str) -> None:
    """A rule outside the grammar is a ValueError that says what a rule looks like."""
    with pytest.raises(ValueError, match="is not a policy rule; write a catalog id"):
        parse_rule(text)


@pytest.mark.parametrize(
    ("rule", "subject", "hit"),
    [
        ("npm:@evil/*", Subject("npm", "@evil/tool"), True),
        ("npm:@evil/*", Subject("npm", "@evilx/tool"), False),
        ("host:*.example.net", Subject("host", "a.b.example.net"), True),
        ("host:*.example.net", Subject("host", "example.net"), False),
        ("host:example.net", Subject("npm", "example.net"), False),
        ("git*", Subject("id", "github"), True),
        ("git", Subject("id", "github"), False),
        ("pypi:mcp_server_git", Subject("pypi", normalise("pypi", "MCP.server-git")), True),
        ("docker:postgres", Subject("docker", "docker.io/library/postgres"), True),
    ],
)
def test_rule_matches_whole_names_of_its_kind(rule: str, subject: Subject, hit: bool) -> None:
    """A rule names a subject of its own kind, the whole name; `*` spans any characters."""
    assert parse_rule(rule).matches(subject) is hit
