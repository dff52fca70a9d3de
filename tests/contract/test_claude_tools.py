"""The tools Claude Code sends the model after aido compiled a budget (issue 35), for the
whole project and for one agent (its frontmatter `disallowedTools`, run with `--agent`).

aido writes `[override.probe-all] exclude_tools = ["echo"]` as the `permissions.deny` item
`mcp__probe-all__echo` in `.claude/settings.json`. The pinned CLI then runs headless
(`claude -p`) against a local stand-in for the model API that keeps each request's body
and answers with a 500, so nothing leaves the machine: the tool definitions of its first
request are what the model would load. The test server (`mcp-server-everything`) lists
`echo` and `get-sum`; the request holds `mcp__probe-all__get-sum` and not the denied
`mcp__probe-all__echo`.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import time
from pathlib import Path

import pytest

from aidokit.reconcile.cli.main import main
from tests.contract.model_api import StandInApi
from tests.contract.sandbox import Sandbox, cli_path

pytestmark = pytest.mark.contract

WAIT_SEC = 60


def _everything() -> Path:
    bin_dir = os.environ.get("AIDO_TEST_SERVERS")
    if not bin_dir:
        pytest.skip("AIDO_TEST_SERVERS is not set (the pinned test servers)")
    return Path(os.path.realpath(Path(bin_dir) / "mcp-server-everything"))


def _tools_sent(box: Sandbox, api: StandInApi, *args: str) -> set[str]:
    """The names of the tools `claude [args] -p hi` sent, up to its first request with MCP
    tools."""
    env = box.env(
        {
            **api.env(),
            "ENABLE_TOOL_SEARCH": "false",  # every tool definition in the request itself
            # Connect the servers before the first request (the binary's own switch; by
            # default -p starts without the ones still connecting, WaitForMcpServers).
            "MCP_CONNECTION_NONBLOCKING": "false",
        }
    )
    proc = subprocess.Popen(
        [str(cli_path("claude")), *args, "-p", "hi"],
        cwd=box.project,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    names: set[str] = set()
    try:
        # Its first request, then its retries after each 500: the server may connect
        # after the first one on a loaded machine, so read until its tools show up.
        deadline = time.monotonic() + WAIT_SEC
        while time.monotonic() < deadline:
            try:
                _, body = api.requests.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                break
            tools = json.loads(body).get("tools") or []
            sent = {str(t.get("name")) for t in tools if isinstance(t, dict)}
            names |= sent
            if any(n.startswith("mcp__probe-all__") for n in sent):
                break
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    return names


def test_claude_sends_every_tool_but_the_denied_one(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch, api: StandInApi
) -> None:
    for name, value in sandbox.env().items():
        if name != "PATH":
            monkeypatch.setenv(name, value)
    config = (
        'adapters = ["claude-code"]\nsuggest = false\n[custom.probe-all]\ncommand = "node"\n'
        f'args = ["{_everything()}"]\n[override.probe-all]\nexclude_tools = ["echo"]\n'
    )
    sandbox.write("project/aido.toml", config)
    from tests.reconcile.gate.test_gate import confirm_in_store

    confirm_in_store(sandbox.project)
    assert main(["apply", "--yes", "--project", str(sandbox.project)]) == 0
    settings = json.loads((sandbox.project / ".claude/settings.json").read_text())
    assert settings == {"permissions": {"deny": ["mcp__probe-all__echo"]}}
    # The user approves the project's servers and trusts the folder, as Claude would ask.
    sandbox.write("project/.claude/settings.local.json", '{"enableAllProjectMcpServers": true}')
    sandbox.trust_project("claude")
    sent = _tools_sent(sandbox, api)
    assert "mcp__probe-all__get-sum" in sent, " ".join(sorted(sent))
    assert "mcp__probe-all__echo" not in sent


def test_an_agent_file_denies_a_tool_to_that_agent_only(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch, api: StandInApi
) -> None:
    """`[override.probe-all.agents.qa] exclude_tools = ["echo"]` goes into qa's frontmatter
    `disallowedTools`; a session run as qa (`--agent qa`) is not sent `echo`, the main
    session is."""
    for name, value in sandbox.env().items():
        if name != "PATH":
            monkeypatch.setenv(name, value)
    config = (
        'adapters = ["claude-code"]\nsuggest = false\n[custom.probe-all]\ncommand = "node"\n'
        f'args = ["{_everything()}"]\n[override.probe-all.agents.qa]\nexclude_tools = ["echo"]\n'
    )
    sandbox.write("project/aido.toml", config)
    sandbox.write("project/.claude/agents/qa.md", "---\nname: qa\ndescription: Tests\n---\nTest.\n")
    from tests.reconcile.gate.test_gate import confirm_in_store

    confirm_in_store(sandbox.project)
    assert main(["apply", "--yes", "--project", str(sandbox.project)]) == 0
    agent = (sandbox.project / ".claude/agents/qa.md").read_text()
    assert "disallowedTools:\n- mcp__probe-all__echo\n" in agent
    assert not (sandbox.project / ".claude/settings.json").exists()
    sandbox.write("project/.claude/settings.local.json", '{"enableAllProjectMcpServers": true}')
    sandbox.trust_project("claude")
    as_qa = _tools_sent(sandbox, api, "--agent", "qa")
    assert "mcp__probe-all__get-sum" in as_qa, " ".join(sorted(as_qa))
    assert "mcp__probe-all__echo" not in as_qa
    main_session = _tools_sent(sandbox, api)
    assert "mcp__probe-all__echo" in main_session, " ".join(sorted(main_session))
