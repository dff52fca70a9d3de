"""What Kilo does with a project file holding `{env:…}`, which aido's kilo adapter follows
by the version of the `@kilocode/cli` it finds (docs/harness-oracles.md, "Kilo")."""

from __future__ import annotations

import pytest

from aidokit.adapters.base import Host
from aidokit.adapters.common import installed_version
from aidokit.adapters.kilo import PACKAGE, PROJECT_ENV_REFUSED_SINCE
from tests.contract.oracles import read_back
from tests.contract.sandbox import FIXTURES, Sandbox, Version, harness_bin

pytestmark = pytest.mark.contract

# One server that needs a variable, the other none, and a reference in a comment.
PROJECT = """{
  // {env:IN_A_COMMENT} is not a reference
  "mcp": {
    "plain": {"type": "local", "command": ["plain-mcp"]},
    "needs-token": {"type": "local", "command": ["tok-mcp"], "environment": {"T": "{env:TOK}"}}
  }
}
"""


def test_a_project_reference_makes_kilo_skip_the_whole_file(
    sandbox: Sandbox, version_of: Version
) -> None:
    """From 7.7.2 one `{env:…}` in a project kilo.json loses every server of that file (the
    global file's are still read); before, the reference is substituted."""
    sandbox.place(FIXTURES / "kilo" / "user")
    sandbox.write("project/kilo.jsonc", PROJECT)
    env = {"TOK": "t0k", "GITHUB_PAT": "p", "BRAVE_API_KEY": "b"}
    servers = read_back("kilo", sandbox, env=env)
    user = {"notes", "github", "brave-search"}
    if version_of("kilo") >= PROJECT_ENV_REFUSED_SINCE:
        assert set(servers) == user
    else:
        assert set(servers) == user | {"plain", "needs-token"}
        assert servers["needs-token"].env == {"T": "t0k"}


def test_a_reference_only_in_a_comment_keeps_the_file(sandbox: Sandbox) -> None:
    """Kilo looks for `{env:` outside `//` comments: a file whose only one is commented loads."""
    sandbox.write("project/kilo.jsonc", PROJECT.replace('"{env:TOK}"', '"literal"'))
    assert set(read_back("kilo", sandbox)) == {"plain", "needs-token"}


def test_aido_finds_the_version_kilo_reports(sandbox: Sandbox, version_of: Version) -> None:
    """The version the adapter reads from the package on PATH is the one `kilo --version` says."""
    host = Host(sandbox.project, sandbox.home, "linux", {"PATH": str(harness_bin())})
    found = installed_version("kilo", PACKAGE, host)
    assert found is not None
    assert tuple(int(p) for p in found.split(".")) == version_of("kilo")
