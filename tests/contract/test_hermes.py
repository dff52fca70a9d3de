"""Hermes Agent's own loader (hermes-agent on PyPI) agrees with the `hermes` adapter."""

from __future__ import annotations

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Host, Scope
from tests.contract import bundled
from tests.contract.sandbox import Sandbox

pytestmark = pytest.mark.contract


def test_hermes_reads_the_file_the_adapter_names(sandbox: Sandbox) -> None:
    """HERMES_HOME moves the file (a blank one is skipped), else it is ~/.hermes/config.yaml."""
    adapter = ADAPTERS["hermes"]
    profile = str(sandbox.home / ".hermes" / "profiles" / "work")
    for environ in ({}, {"HERMES_HOME": profile}, {"HERMES_HOME": "  "}):
        host = Host.current(sandbox.project)
        host = Host(host.project, sandbox.home, host.os, {**sandbox.env(), **environ})
        location = adapter.location(Scope.USER, host)
        assert location is not None
        assert bundled.hermes_load(sandbox, environ)["path"] == str(location.path)


def test_hermes_expands_a_reference_and_keeps_an_unset_one(sandbox: Sandbox) -> None:
    """`${VAR}` (what aido writes) is replaced from the environment; an unset one stays."""
    sandbox.write(
        "home/.hermes/config.yaml",
        "mcp_servers:\n  api:\n    url: https://mcp.example.com/mcp\n    headers:\n"
        "      Authorization: Bearer ${API_TOKEN}\n      X-Other: ${UNSET_ONE}\n",
    )
    loaded = bundled.hermes_load(sandbox, {"API_TOKEN": "sentinel"})
    headers = loaded["servers"]["api"]["headers"]
    assert headers == {"Authorization": "Bearer sentinel", "X-Other": "${UNSET_ONE}"}
