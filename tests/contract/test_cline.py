"""Cline's own settings loader (`@cline/core`, run with node) on the files aido writes.

Cline's CLI has no offline listing (tests/contract/bundled.py says why); its loader is
the oracle. The generic read-backs are in test_oracles.py and test_aido_writes.py.
"""

from __future__ import annotations

import itertools
import json

import pytest
from jsonschema import Draft202012Validator

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Host, Scope
from tests.contract import bundled
from tests.contract.sandbox import FIXTURES, Sandbox

pytestmark = pytest.mark.contract

SETTINGS = "home/.cline/data/settings/cline_mcp_settings.json"
# Each variable unset, empty, blank, a folder, and a folder padded with blanks.
VALUES = (None, "", "  ", "/srv/{var}", " /srv/{var} ")
VARS = ("CLINE_MCP_SETTINGS_PATH", "CLINE_DATA_DIR", "CLINE_DIR")


def test_settings_path_is_the_one_cline_resolves(sandbox: Sandbox) -> None:
    """For every mix of Cline's three path variables, aido's file is the one Cline reads."""
    overlays = [
        {
            var: None if v is None else v.format(var=var.lower())
            for var, v in zip(VARS, combo, strict=True)
        }
        for combo in itertools.product(VALUES, repeat=len(VARS))
    ]
    core = bundled.package_dir("@cline/core", "cline")
    got = bundled.run_node(
        "cline_paths.mjs", str(core), json.dumps(overlays), sandbox=sandbox, env=None
    )
    adapter = ADAPTERS["cline"]
    for overlay, cline_path in zip(overlays, got, strict=True):
        environ = {k: v for k, v in overlay.items() if v is not None}
        host = Host(sandbox.project, sandbox.home, "linux", environ)
        location = adapter.location(Scope.USER, host)
        assert location is not None
        assert str(location.path) == cline_path, overlay


def test_cline_reads_cwd_and_its_own_keys(fixture_sandbox: Sandbox) -> None:
    """`cwd` stays in the stdio transport; `disabled` and `timeout` (seconds) are read."""
    servers = {rec["name"]: rec for rec in bundled.cline_load(fixture_sandbox)["servers"]}
    assert servers["notes"]["transport"]["cwd"] == "/home/me/notes"
    assert (servers["notes"]["disabled"], servers["notes"]["timeoutSeconds"]) == (False, 30)
    assert servers["filesystem"]["disabled"] is True
    assert servers["github"]["timeoutSeconds"] == 120


def test_an_entry_typed_http_fails_the_whole_file(fixture_sandbox: Sandbox) -> None:
    """`"type": "http"` is no Cline type: the loader refuses every server in the file, which
    is why the adapter writes `streamableHttp` (and its schema refuses `http`)."""
    path = fixture_sandbox.root / SETTINGS
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["mcpServers"]["docs"] = {"type": "http", "url": "https://docs.example.com/mcp"}
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    with pytest.raises(pytest.fail.Exception, match="Invalid MCP settings"):
        bundled.cline_load(fixture_sandbox)
    schema = Draft202012Validator(ADAPTERS["cline"].schema())
    assert not schema.is_valid(doc["mcpServers"]["docs"])
    assert schema.is_valid({**doc["mcpServers"]["docs"], "type": "streamableHttp"})


@pytest.fixture
def fixture_sandbox(sandbox: Sandbox) -> Sandbox:
    """The sandbox holding the golden Cline user fixture."""
    sandbox.place(FIXTURES / "cline" / "user")
    return sandbox
