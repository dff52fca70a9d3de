"""What `droid mcp list` shows of the entries the factory-droid adapter writes, beyond the
read-back (docs/harness-oracles.md, "Factory Droid")."""

from __future__ import annotations

import pytest

from tests.contract.oracles import read_back
from tests.contract.sandbox import FIXTURES, Sandbox

pytestmark = pytest.mark.contract

ENTRIES = """{"mcpServers": {
  "untyped-url": {"url": "https://u.example.com/mcp"},
  "untyped-command": {"command": "plain-mcp"}
}}
"""


def test_droid_keeps_a_switched_off_entry_off_and_reads_sse(sandbox: Sandbox) -> None:
    """`disabled` (a key Droid writes itself) is shown, never started; `type: sse` is its own
    transport (the adapter writes SSE servers as such)."""
    sandbox.place(FIXTURES / "droid" / "project")
    servers = read_back("droid", sandbox)
    assert servers["docs"].raw["status"] == "disabled"
    assert servers["filesystem"].raw["status"] != "disabled"
    assert servers["events"].transport == "sse"


def test_droid_reads_a_url_without_type_as_stdio(sandbox: Sandbox) -> None:
    """An entry's `type` defaults to stdio, even beside a `url`: the adapter always writes it."""
    sandbox.write("project/.factory/mcp.json", ENTRIES)
    servers = read_back("droid", sandbox)
    assert {name: view.transport for name, view in servers.items()} == {
        "untyped-url": "stdio",
        "untyped-command": "stdio",
    }
