"""What Continue's converter does with the JSON MCP files, beyond the read-back: why the
continue adapter leaves a secret header out (docs/harness-oracles.md, "Continue")."""

from __future__ import annotations

import pytest

from tests.contract.bundled import continue_load
from tests.contract.oracles import read_back
from tests.contract.sandbox import Sandbox

pytestmark = pytest.mark.contract

HEADER = """{"mcpServers": {"gh": {"type": "http", "url": "https://x.example/mcp",
  "headers": {"Authorization": "Bearer ${GH_TOKEN}"}, "env": {"X": "${GH_TOKEN}"}}}}
"""


def test_continue_converts_references_in_env_only(sandbox: Sandbox) -> None:
    """A header's `${VAR}` is passed through as text (no `${{ secrets.VAR }}`), so Continue
    would send it literally: aido writes no header that needs a variable."""
    sandbox.write("project/.continue/mcpServers/aido.json", HEADER)
    gh = read_back("cn", sandbox, env={"GH_TOKEN": "t0k"})["gh"]
    assert gh.headers == {"Authorization": "Bearer ${GH_TOKEN}"}
    assert "env" not in gh.raw["config"]  # a remote block keeps no env


def test_a_file_continue_cannot_read_is_skipped_alone(sandbox: Sandbox) -> None:
    """One file that matches no format is reported and left out; the other files still load."""
    sandbox.write(
        "project/.continue/mcpServers/aido.json", '{"mcpServers": {"a": {"command": "a"}}}'
    )
    sandbox.write(
        "project/.continue/mcpServers/broken.json", '{"mcpServers": {"b": {"type": "http"}}}'
    )
    loaded = continue_load(sandbox)
    errors = {f["path"].rsplit("/", 1)[1]: f.get("error") for f in loaded["files"]}
    assert errors["aido.json"] is None and "supported MCP JSON" in errors["broken.json"]
    assert [s["config"]["name"] for s in loaded["servers"]] == ["a"]
