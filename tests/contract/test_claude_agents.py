"""Claude Code runs a server aido scoped to an agent for that agent only (issue 22).

aido writes two custom probe servers: one scoped to the `qa` agent (an item of
`.claude/agents/qa.md`'s `mcpServers` list), one shared on purpose (`.mcp.json`). Each
probe is a node script that leaves a marker file when Claude Code starts it. The real
CLI then runs headless (`claude -p`) with its API pointed at a local stand-in that
answers every request with a 500, so no request leaves the machine. It starts its MCP
servers as it starts, before its first request (a probe leaves its marker some 50 ms
after, then exits), and retries after the 500 about half a second later. A test waits
for the probes it expects and for that retry, not on a timer: a probe that must not
start would have been launched with the shared one, so by then it has left its marker
too. The main session and another agent start the shared probe and never qa's;
`--agent qa` starts qa's too, so the CLI read the list item in the shape aido wrote.
`claude mcp list` shows only the shared one (it lists the main session's servers).

Since 2.1.238 (bisected by running this module's untrusted-folder test over the npm
releases: 2.1.237 starts qa's server; the message "the folder its definition file came
from is not trusted" is in the binary from 2.1.218) Claude Code skips a project agent's
own servers, in `-p` too, until the folder is trusted
(`projects[<folder>].hasTrustDialogAccepted` in `~/.claude.json`, what accepting its trust
dialog records); before, it started them in any folder. aido's plan says so for the agent
file while the folder is untrusted (the adapter's trust gate).
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import time
from collections.abc import Iterator

import pytest

from aidokit.adapters.approval import ApprovalGate
from aidokit.adapters.base import Host, Scope
from aidokit.adapters.claude_code import ADAPTER
from aidokit.reconcile.cli.main import main
from aidokit.reconcile.read.world import read_trust
from tests.contract.model_api import StandInApi
from tests.contract.oracles import read_back
from tests.contract.sandbox import Sandbox, cli_path, cli_version, run_cli

pytestmark = pytest.mark.contract

PROBE = 'require("fs").writeFileSync(process.argv[2], "")\n'
QA_MD = "---\nname: qa\ndescription: Runs the tests\n---\nTest things.\n"
WRITER_MD = "---\nname: writer\ndescription: Writes the docs\n---\nWrite.\n"
WAIT_SEC = 30  # for each request of the CLI to the stand-in API
# The first Claude Code that skips a project agent's servers in an untrusted folder.
FOLDER_TRUST_SINCE = (2, 1, 238)


@pytest.fixture
def box(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> Iterator[Sandbox]:
    """A sandbox with two Claude agents and aido's probes applied (confirmed as a user would)."""
    for name, value in sandbox.env().items():
        if name != "PATH":
            monkeypatch.setenv(name, value)
    sandbox.write("probe.js", PROBE)
    sandbox.write("project/.claude/agents/qa.md", QA_MD)
    sandbox.write("project/.claude/agents/writer.md", WRITER_MD)
    sandbox.write("project/aido.toml", _config(sandbox))
    from tests.reconcile.gate.test_gate import confirm_in_store

    confirm_in_store(sandbox.project)
    assert main(["apply", "--yes", "--project", str(sandbox.project)]) == 0
    # The user approves the project's .mcp.json servers, as Claude Code would ask.
    sandbox.write("project/.claude/settings.local.json", '{"enableAllProjectMcpServers": true}')
    yield sandbox


def _config(box: Sandbox) -> str:
    lines = [
        'adapters = ["claude-code"]',
        "suggest = false",
        "[roles]",
        'tester-reviewer = ["qa"]',
        "[mcp.roles]",
        'agent-probe = ["tester-reviewer"]',
        'shared-probe = ["*"]',
    ]
    for name in ("agent-probe", "shared-probe"):
        marker = box.root / name
        lines += [
            f"[custom.{name}]",
            'command = "node"',
            f'args = ["{box.root}/probe.js", "{marker}"]',
        ]
    return "\n".join(lines) + "\n"


def _started(box: Sandbox, api: StandInApi, *argv: str, expect: tuple[str, ...]) -> set[str]:
    """Run `claude ARGV -p hi` until the `expect`ed probes started and it retried its first
    request; return the probes that started."""
    markers = {name: box.root / name for name in ("agent-probe", "shared-probe")}
    for marker in markers.values():
        marker.unlink(missing_ok=True)
    proc = subprocess.Popen(
        [str(cli_path("claude")), *argv, "-p", "hi"],
        cwd=box.project,
        env=box.env(api.env()),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        for n in (1, 2):
            try:
                api.requests.get(timeout=WAIT_SEC)
            except queue.Empty:
                pytest.fail(f"`claude -p` sent no request {n} to the stand-in API in {WAIT_SEC}s")
        deadline = time.monotonic() + WAIT_SEC
        while time.monotonic() < deadline and not all(markers[n].exists() for n in expect):
            time.sleep(0.05)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    return {name for name, marker in markers.items() if marker.exists()}


def test_aido_wrote_the_probe_into_qa_only(box: Sandbox) -> None:
    """The scoped probe is an item of qa's list; .mcp.json and writer do not have it."""
    qa = (box.project / ".claude/agents/qa.md").read_text()
    assert "mcpServers:\n- agent-probe:\n    type: stdio\n    command: node\n" in qa
    assert (box.project / ".claude/agents/writer.md").read_text() == WRITER_MD
    assert "agent-probe" not in (box.project / ".mcp.json").read_text()


def test_claude_mcp_list_shows_only_the_shared_server(box: Sandbox) -> None:
    """`claude mcp list` lists the main session's servers: not the one scoped to qa."""
    assert sorted(read_back("claude", box, "project")) == ["shared-probe"]
    got = run_cli("claude", "mcp", "get", "agent-probe", sandbox=box, check=False)
    assert "No MCP server named" in got.stdout + got.stderr


@pytest.mark.parametrize("argv", [(), ("--agent", "writer")], ids=["main-session", "writer"])
def test_other_sessions_never_start_the_agents_server(
    box: Sandbox, api: StandInApi, argv: tuple[str, ...]
) -> None:
    """In a trusted folder the main session and another agent start the shared probe, never qa's."""
    box.trust_project("claude")
    assert _started(box, api, *argv, expect=("shared-probe",)) == {"shared-probe"}


def test_the_qa_agent_starts_its_server(box: Sandbox, api: StandInApi) -> None:
    """In a trusted folder `--agent qa` starts the probe from its `mcpServers` item as written."""
    box.trust_project("claude")
    assert _agent_gate(box) is None
    started = _started(box, api, "--agent", "qa", expect=("agent-probe", "shared-probe"))
    assert started == {"agent-probe", "shared-probe"}


def test_an_untrusted_folder_holds_the_agents_server_back(box: Sandbox, api: StandInApi) -> None:
    """Until the folder is trusted, `--agent qa` skips qa's own server (since 2.1.238),
    and aido's plan names that trust on qa's file."""
    gate = _agent_gate(box)
    assert gate is not None and "hasTrustDialogAccepted" in gate.grant
    started = _started(box, api, "--agent", "qa", expect=("shared-probe",))
    if cli_version("claude", box) >= FOLDER_TRUST_SINCE:
        assert started == {"shared-probe"}
    else:
        assert started == {"agent-probe", "shared-probe"}


def _agent_gate(box: Sandbox) -> ApprovalGate | None:
    """The trust gate aido's claude-code adapter reports for qa's agent file."""
    host = Host.current(box.project)

    location = ADAPTER.agent_files.location(ADAPTER.name, Scope.PROJECT, host, "qa")
    assert location is not None
    return ADAPTER.approval(location, host, ("agent-probe",), read_trust(ADAPTER, location, host))
