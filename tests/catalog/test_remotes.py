"""Git remote URL host parsing (SPEC §3: parse the host, never a substring test)."""

from __future__ import annotations

import pytest

from aidokit.catalog.facts import forge_of, parse_forge_hosts, remote_host

HOSTS = [
    ("git@github.com:o/r.git", "github.com", "github"),
    ("github.com:o/r", "github.com", "github"),
    ("https://github.com/o/r.git", "github.com", "github"),
    ("https://user:tok@github.com:8443/o/r", "github.com", "github"),
    ("ssh://git@github.com/o/r.git", "github.com", "github"),
    ("ssh://git@ssh.github.com:443/o/r.git", "ssh.github.com", "github"),
    ("git://github.com/o/r.git", "github.com", "github"),
    ("git+ssh://git@GitHub.COM/o/r", "github.com", "github"),
    ("  https://github.com./o/r  ", "github.com", "github"),
    ("git@gitlab.com:group/sub/r.git", "gitlab.com", "gitlab"),
    ("https://ci@gitlab.com:443/acme/api.git", "gitlab.com", "gitlab"),
    ("ssh://git@bitbucket.org:22/acme/tool.git", "bitbucket.org", "bitbucket"),
    ("git@bitbucket.org:acme/tool.git", "bitbucket.org", "bitbucket"),
    # hostile look-alikes
    ("https://github.com.evil.io/o/r", "github.com.evil.io", None),
    ("git@github.com.evil.io:o/r.git", "github.com.evil.io", None),
    ("https://evilgithub.com/o/r", "evilgithub.com", None),
    ("https://evil.io/github.com/o/r", "evil.io", None),
    ("https://github.com@evil.io/o/r", "evil.io", None),
    ("github.com@evil.io:o/r", "evil.io", None),
    ("ssh://github.com:x@evil.io/o/r", "evil.io", None),
    ("https://notgitlab.com/o/r", "notgitlab.com", None),
    ("https://bitbucket.org.attacker.net/o/r", "bitbucket.org.attacker.net", None),
    ("https://gitlab.example.com/o/r", "gitlab.example.com", None),
    ("https://[::1]:8080/o/r", "::1", None),
    # local paths
    ("/srv/git/r.git", None, None),
    ("./relative:odd/path", None, None),
    ("file:///srv/git/r.git", None, None),
    ("C:\\repos\\r", None, None),
    ("", None, None),
]


@pytest.mark.parametrize(("url", "host", "forge"), HOSTS)
def test_remote_host_and_forge(url: str, host: str | None, forge: str | None) -> None:
    """Each URL form yields its real host, and only real forge hosts name a forge."""
    assert remote_host(url) == host
    assert forge_of(remote_host(url)) == forge


SELF_HOSTED = {"gitlab.acme.internal": "gitlab", "github.acme.com": "github"}


@pytest.mark.parametrize(
    ("url", "forge"),
    [
        ("git@gitlab.acme.internal:team/api.git", "gitlab"),
        ("https://ci@ssh.gitlab.acme.internal:2222/team/api.git", "gitlab"),
        ("https://github.acme.com/org/repo.git", "github"),
        ("git@tenant.ghe.com:org/repo.git", "github"),  # hosted GitHub Enterprise, no config
        ("https://github.com/o/r", "github"),  # the hosted forges still count
        ("https://gitlab.acme.internal.evil.io/o/r", None),  # look-alikes still do not
        ("https://notgitlab.acme.internal/o/r", None),
        ("https://gitlab.example.com/o/r", None),  # unconfigured self-hosted: unknown
    ],
)
def test_configured_forge_hosts(url: str, forge: str | None) -> None:
    """Configured self-hosted hosts (and their subdomains) name their forge; nothing else does."""
    assert forge_of(remote_host(url), SELF_HOSTED) == forge  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("gitlab.acme.internal=gitlab", {"gitlab.acme.internal": "gitlab"}),
        (" GitHub.Acme.com. = GitHub , ", {"github.acme.com": "github"}),
        ("", {}),
    ],
)
def test_parse_forge_hosts(text: str, expected: dict[str, str]) -> None:
    """AIDO_FORGE_HOSTS is host=forge pairs, comma-separated, case-insensitive."""
    assert parse_forge_hosts(text) == expected


@pytest.mark.parametrize("text", ["gitlab.acme.internal", "x=gitea", "=gitlab"])
def test_parse_forge_hosts_rejects_bad_pairs(text: str) -> None:
    """A pair without a host or with an unknown forge is refused, naming it."""
    with pytest.raises(ValueError, match="is not host=forge"):
        parse_forge_hosts(text)
