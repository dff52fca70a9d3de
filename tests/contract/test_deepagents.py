"""Deep Agents Code's own discovery (deepagents-code on PyPI) agrees with the adapter."""

from __future__ import annotations

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Host, Scope
from tests.contract import bundled
from tests.contract.sandbox import Sandbox

pytestmark = pytest.mark.contract


def test_dcode_reads_the_files_the_adapter_names(sandbox: Sandbox) -> None:
    """The profile's `.mcp.json` follows DEEPAGENTS_HOME, else ~/.deepagents; the project's
    is `.deepagents/.mcp.json`: both as the adapter names them."""
    adapter = ADAPTERS["deepagents"]
    profile = sandbox.home / "profiles" / "dcode"
    for environ in ({}, {"DEEPAGENTS_HOME": str(profile)}):
        host = Host.current(sandbox.project)
        host = Host(host.project, sandbox.home, host.os, {**sandbox.env(), **environ})
        found = []
        for scope in (Scope.USER, Scope.PROJECT):
            location = adapter.location(scope, host)
            assert location is not None
            sandbox.write(location.path, '{"mcpServers": {"x": {"command": "x"}}}')
            found.append({"path": str(location.path), "scope": scope.value})
        assert bundled.deepagents_load(sandbox, environ)["files"] == found


def test_dcode_expands_a_reference_when_it_starts_a_server(sandbox: Sandbox) -> None:
    """`${VAR}` (what aido writes) becomes the value; an unset one fails that server only."""
    sandbox.write(
        "project/.deepagents/.mcp.json",
        '{"mcpServers": {"a": {"type": "http", "url": "https://a.example/mcp",'
        ' "headers": {"Authorization": "Bearer ${API_TOKEN}"}},'
        ' "b": {"command": "b-mcp", "env": {"K": "${UNSET_ONE}"}}}}',
    )
    servers = bundled.deepagents_load(sandbox, {"API_TOKEN": "sentinel"})["servers"]
    assert servers["a"]["_expanded"]["headers"] == {"Authorization": "Bearer sentinel"}
    assert "UNSET_ONE" in servers["b"]["_expanded"]["error"]
