"""The real Gemini CLI loads the agent servers aido wrote, and its main session does not.

Gemini CLI 0.61.0 has no command that lists an agent's servers, so the test runs the
CLI's own agent loader (`loadAgentsFromDirectory`, exported by a chunk of its bundle)
with node, offline, on the agent folder aido edited: the strict frontmatter schema
accepts the file and the agent carries the server; `gemini mcp list` (the main
session's servers) does not list it (docs/roles.md).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from aidokit.reconcile.cli.main import main
from tests.contract.oracles import read_back
from tests.contract.sandbox import Sandbox, cli_path

pytestmark = pytest.mark.contract

AGENT = "---\r\nname: qa\r\n# runs the tests\r\ndescription: QA agent\r\n---\r\nTest.\r\n---\r\n"
CONFIG = (
    'adapters = ["gemini-cli"]\nsuggest = false\n[mcp]\nadd = ["playwright", "context7"]\n'
    '[roles]\ntester-reviewer = ["qa"]\nresearcher = ["qa"]\n'
)
LOADER = """
const [chunk, dir] = process.argv.slice(1);
const m = await import(chunk);
const r = await m.loadAgentsFromDirectory(dir);
const agents = r.agents.map((a) => ({ name: a.name, servers: a.mcpServers ?? {} }));
console.log(JSON.stringify({ agents, errors: r.errors.map((e) => String(e.message)) }));
process.exit(0);
"""


def _loader_chunk() -> Path:
    """The bundle chunk of the pinned Gemini CLI that exports its agent loader."""
    bundle = Path(os.path.realpath(cli_path("gemini"))).parent
    for chunk in sorted(bundle.glob("chunk-*.js")):
        text = chunk.read_text(encoding="utf-8", errors="replace")
        if "async function loadAgentsFromDirectory(" in text:
            return chunk
    pytest.fail(f"no chunk under {bundle} defines loadAgentsFromDirectory", pytrace=False)


def _gemini_agents(box: Sandbox) -> dict[str, object]:
    """What Gemini CLI's own loader makes of `.gemini/agents/` in the sandbox project."""
    folder = box.project / ".gemini" / "agents"
    argv = ["node", "--input-type=module", "-e", LOADER, str(_loader_chunk()), str(folder)]
    proc = subprocess.run(
        argv, env=box.env(), capture_output=True, text=True, timeout=120, check=True
    )
    result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def test_gemini_loads_the_servers_aido_wrote_into_an_agent(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """playwright and context7 reach qa through Gemini's loader; the main session has neither."""
    agent = sandbox.project / ".gemini" / "agents" / "qa.md"
    agent.parent.mkdir(parents=True)
    agent.write_bytes(AGENT.encode())
    (sandbox.project / "aido.toml").write_text(CONFIG, encoding="utf-8")
    for name, value in sandbox.env().items():
        if name != "PATH":
            monkeypatch.setenv(name, value)
    assert main(["apply", "--yes", "--project", str(sandbox.project)]) == 0
    loaded = _gemini_agents(sandbox)
    assert loaded["errors"] == []
    (qa,) = loaded["agents"]  # type: ignore[misc]
    assert qa["name"] == "qa"
    servers = qa["servers"]
    assert servers["playwright"]["command"] == "npx"
    assert servers["context7"]["url"] == "https://mcp.context7.com/mcp"
    assert servers["context7"]["type"] == "http"
    assert not {"playwright", "context7"} & set(read_back("gemini", sandbox, "project"))
