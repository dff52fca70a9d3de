"""What the CLIs of issue 33's new adapters do with the files aido writes, beyond the read-back."""

from __future__ import annotations

import pytest

from tests.contract.oracles import read_back
from tests.contract.sandbox import FIXTURES, Sandbox, run_cli

pytestmark = pytest.mark.contract


def test_auggie_keeps_the_teams_switched_off_entry_off(sandbox: Sandbox) -> None:
    """The `disabled` key Auggie's /mcp switch writes (a harness key aido keeps) is read."""
    sandbox.place(FIXTURES / "auggie" / "project")
    servers = read_back("auggie", sandbox)
    assert servers["linear"].raw["enabled"] is False
    assert servers["playwright"].raw["enabled"] is True


def test_auggie_refuses_a_settings_file_it_cannot_parse(sandbox: Sandbox) -> None:
    """A broken `.augment/settings.json` makes `auggie mcp list` fail, never list half of it."""
    sandbox.write("project/.augment/settings.json", '{"mcpServers": {"x": {"type": "http"}}}\n')
    proc = run_cli("auggie", "mcp", "list", "--json", sandbox=sandbox, check=False)
    assert proc.returncode != 0
