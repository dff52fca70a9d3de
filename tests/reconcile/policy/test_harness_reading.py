"""Policy judges what the harness reads (issue 48 item 5).

Hosts: Node harnesses parse a URL by the WHATWG URL standard (percent-decoding
of the host, IDNA mapping of U+3002 and fullwidth letters, `\\` a path
separator in http(s)), Python's `urlsplit` does not. aido does not guess which
parser wins: under a layer with `host:` rules, a URL whose authority holds
`%`, `\\`, a non-ASCII or a control character, or that is not written
`scheme://authority`, is refused outright; a numeric IPv4 host in any of the
forms WHATWG accepts (`0x7f.1`, `2130706433`) is compared as its dotted form.
Packages: every package a launcher installs, by its own grammar (`npx -p X`,
`--package=X`, `alias@npm:X`, an absolute path to the launcher, `uvx --from X`,
`--with X`, a lock's pinned spec).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from aidokit.catalog.models import RemoteSpec, StdioSpec
from aidokit.reconcile.policy.layers import PolicyLayer
from aidokit.reconcile.policy.rules import parse_rule
from aidokit.reconcile.policy.verdict import judge
from tests.fuzz import fuzz_settings


def layer(*, deny: tuple[str, ...] = (), allow: tuple[str, ...] | None = None) -> PolicyLayer:
    rules = None if allow is None else tuple(map(parse_rule, allow))
    return PolicyLayer("user.toml", "user", rules, tuple(map(parse_rule, deny)), True, False)


DENY_EVIL = layer(deny=("host:mcp.evil.net", "host:*.evil.net"))
ALLOW_EXAMPLE = layer(allow=("host:*.example.com", "host:example.com"))

# Each reaches mcp.evil.net in a WHATWG parser (Node: Claude Code, VS Code, Cursor, Gemini).
EVASIONS = [
    "https://mcp%2Eevil.net/mcp",
    "https://mcp%2eevil%2enet/mcp",
    "https://mcp\u3002evil\u3002net/mcp",
    "https://\uff4d\uff43\uff50.evil.net/mcp",  # fullwidth "mcp"
    "https://mcp.evil.net\\.example.com/mcp",
    "https://mcp.evil.net\\@example.com/mcp",
    "https:mcp.evil.net/mcp",
    "https:/mcp.evil.net/mcp",
    "https:///mcp.evil.net/mcp",
    "https:\\\\mcp.evil.net/mcp",
    "https://MCP.EVIL.NET./mcp",
    " https://mcp.evil.net/mcp",
    "https://mcp.evil.net\t/mcp",
]


def test_each_evasion_is_refused_by_a_deny_rule() -> None:
    """A deny rule of the host refuses every spelling a Node harness reads as that host."""
    for url in EVASIONS:
        refusal = judge("x", RemoteSpec(url=url), [DENY_EVIL], custom=True)
        assert refusal is not None, url


def test_an_allow_list_admits_no_evasion() -> None:
    """An allow list of example.com does not admit a URL a harness reads as another host."""
    for url in EVASIONS:
        refusal = judge("x", RemoteSpec(url=url), [ALLOW_EXAMPLE], custom=True)
        assert refusal is not None, url
    ok = judge("x", RemoteSpec(url="https://mcp.example.com/mcp"), [ALLOW_EXAMPLE], custom=True)
    assert ok is None


def test_a_url_in_the_arguments_is_read_the_same_way() -> None:
    """`mcp-remote URL`: the URL an argument names is judged by the same reading."""
    for url in EVASIONS[:6]:
        spec = StdioSpec(command="npx", args=("-y", "mcp-remote", url))
        assert judge("x", spec, [DENY_EVIL], custom=True) is not None, url


def test_numeric_ipv4_hosts_compare_as_dotted() -> None:
    """`0x7f.1`, `2130706433` and `0177.0.0.1` are 127.0.0.1 to a WHATWG parser."""
    deny = layer(deny=("host:127.0.0.1",))
    for url in ("http://0x7f.1/m", "http://2130706433/m", "http://0177.0.0.1/m"):
        assert judge("x", RemoteSpec(url=url), [deny], custom=True) is not None, url


def test_plain_urls_still_judge_as_before() -> None:
    """Ports, user info, paths, queries and IPv6 literals read as they always did."""
    for url in (
        "https://mcp.example.com:8443/mcp?x=1",
        "https://user:pw@mcp.example.com/mcp",
        "https://mcp.example.com/a\\b",
    ):
        assert judge("x", RemoteSpec(url=url), [ALLOW_EXAMPLE], custom=True) is None, url
        assert judge("x", RemoteSpec(url=url), [DENY_EVIL], custom=True) is None, url
    assert judge("x", RemoteSpec(url="http://[::1]:3000/mcp"), [DENY_EVIL], custom=True) is None


LABEL = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-", min_size=1, max_size=8)
TRICKS = st.sampled_from(
    ["%2E", "%2e", "\u3002", "\uff0e", "\uff61", "\\", "\u200b", "%00", "\u0435"]
)


@fuzz_settings(300)
@given(labels=st.lists(LABEL, min_size=1, max_size=3), trick=TRICKS, where=st.integers(0, 3))
def test_generated_hosts_with_hidden_separators_are_refused(
    labels: list[str], trick: str, where: int
) -> None:
    """Any host with a percent escape, a non-ASCII dot or letter, or a backslash: refused
    under a layer with host rules, whatever the rule names."""
    host = ".".join(labels)
    at = min(where, len(host))
    url = f"https://{host[:at]}{trick}{host[at:]}/mcp"
    assert judge("x", RemoteSpec(url=url), [DENY_EVIL], custom=True) is not None, url


# ---- packages, by each launcher's grammar ------------------------------------------------

DENY_NPM = layer(deny=("npm:@evil/*",))
DENY_PYPI = layer(deny=("pypi:evil-*",))

NPM_EVASIONS = [
    ("npx", ("-p", "@evil/x", "mcp-server")),
    ("npx", ("--package", "@evil/x", "mcp-server")),
    ("npx", ("--package=@evil/x", "mcp-server")),
    ("npx", ("-y", "--package=@evil/x", "-p", "ok", "mcp-server")),
    ("npx", ("-y", "memory@npm:@evil/x@1.0.0")),
    ("npx", ("-y", "@modelcontextprotocol/server-memory@npm:@evil/x@1.0.0")),
    ("/usr/local/bin/npx", ("-y", "@evil/x")),
    ("C:\\Program Files\\nodejs\\npx.cmd", ("-y", "@evil/x")),
    ("npm", ("exec", "--", "@evil/x")),
    ("npm", ("exec", "--package=@evil/x", "--", "mcp-server")),
]
PYPI_EVASIONS = [
    ("uvx", ("--from", "evil-pkg", "mcp-server")),
    ("uvx", ("--from=evil-pkg", "mcp-server")),
    ("uvx", ("-q", "--from", "evil-pkg==1.0", "mcp-server")),
    ("uvx", ("--with", "evil-extra", "mcp-server-time")),
    ("/home/me/.local/bin/uvx", ("evil-pkg",)),
    ("uv", ("tool", "run", "--from", "evil-pkg", "x")),
    ("uv", ("run", "--with", "evil-pkg", "x")),
    ("pipx", ("run", "--spec", "evil-pkg", "x")),
    ("pipx", ("run", "evil-pkg")),
]


def test_every_package_a_launcher_installs_is_judged() -> None:
    """Deny rules see every package, in every slot the launcher's grammar has for one."""
    for command, args in NPM_EVASIONS:
        spec = StdioSpec(command=command, args=args)
        assert judge("x", spec, [DENY_NPM], custom=True) is not None, (command, args)
    for command, args in PYPI_EVASIONS:
        spec = StdioSpec(command=command, args=args)
        assert judge("x", spec, [DENY_PYPI], custom=True) is not None, (command, args)


def test_an_allow_list_must_name_every_package_installed() -> None:
    """An allowed package beside another one does not admit the other."""
    allow = layer(allow=("npm:@modelcontextprotocol/*",))
    spec = StdioSpec(
        command="npx", args=("-p", "@modelcontextprotocol/server-memory", "-p", "@evil/x", "m")
    )
    assert judge("x", spec, [allow], custom=True) is not None
    pinned = StdioSpec(command="npx", args=("-y", "@modelcontextprotocol/server-memory@npm:@e/x"))
    assert judge("memory", pinned, [allow], custom=False) is not None
    plain = StdioSpec(command="npx", args=("-y", "@modelcontextprotocol/server-memory@1.0.0"))
    assert judge("memory", plain, [allow], custom=False) is None


FLAGS = st.sampled_from(["-y", "--yes", "-q", "--prefer-offline"])


@fuzz_settings(200)
@given(
    before=st.lists(FLAGS, max_size=2),
    form=st.sampled_from(["-p", "--package", "--package=", "alias"]),
    name=st.sampled_from(["@evil/x", "@evil/mcp-server", "@evil/a.b"]),
    version=st.sampled_from(["", "@1.0.0", "@latest"]),
    launcher=st.sampled_from(["npx", "/usr/bin/npx", "npx.cmd"]),
)
def test_generated_npx_forms_are_judged_by_the_package(
    before: list[str], form: str, name: str, version: str, launcher: str
) -> None:
    """Generated npx argument lists: the package installed is denied whatever its slot."""
    spec_text = name + version
    if form == "alias":
        args = (*before, f"harmless@npm:{spec_text}")
    elif form == "--package=":
        args = (*before, f"--package={spec_text}", "server")
    else:
        args = (*before, form, spec_text, "server")
    spec = StdioSpec(command=launcher, args=args)
    assert judge("x", spec, [DENY_NPM], custom=True) is not None, args
