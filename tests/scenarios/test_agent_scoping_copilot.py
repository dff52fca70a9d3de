"""Copilot CLI custom agents (issue 22): a server reaches only the agents of its roles.

Black-box through the CLI: `.github/agents/<name>.agent.md` holds the agent's own
servers in its frontmatter `mcp-servers` map (the shape of `.github/mcp.json` entries);
`.github/mcp.json` does not list a scoped server and other agents never get it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import aido, frontmatter, new_project, write_files
from tests.scenarios.test_agent_scoping_claude import WRITER_MD

CONFIG = (
    'adapters = ["copilot-cli"]\nsuggest = false\n[mcp]\nadd = ["playwright", "context7"]\n'
    '[roles]\ntester-reviewer = ["qa"]\n'
)
PLAYWRIGHT = {
    "type": "local",
    "command": "npx",
    "args": ["-y", "@playwright/mcp@0.0.83"],
    "tools": ["*"],
}
QA_MD = (
    b"---\r\nname: qa\r\n# who runs the tests\r\ndescription: QA\r\nmcp-servers:\r\n"
    b"  mine:  # keep\r\n    type: local\r\n    command: mine\r\n---\r\nTest.\r\n---\r\nx\r\n"
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    files = {".github/agents/qa.agent.md": QA_MD, ".github/agents/writer.agent.md": WRITER_MD}
    return write_files(new_project(tmp_path, CONFIG), files)


def _servers(path: Path) -> dict[str, Any]:
    return dict(frontmatter(path)["mcp-servers"])


def test_playwright_reaches_only_qa(project: Path) -> None:
    """playwright joins qa's `mcp-servers`; .github/mcp.json and writer lack it."""
    assert aido(project, "apply", "--yes") == 0
    servers = _servers(project / ".github/agents/qa.agent.md")
    assert servers == {"mine": {"type": "local", "command": "mine"}, "playwright": PLAYWRIGHT}
    shared = json.loads((project / ".github/mcp.json").read_text())["mcpServers"]
    assert list(shared) == ["context7"]
    assert (project / ".github/agents/writer.agent.md").read_bytes() == WRITER_MD
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_apply_heal_destroy_gives_back_the_agent_file(project: Path) -> None:
    """CRLF, a comment, the user's server and a body with `---` survive; a hand edit heals."""
    assert aido(project, "apply", "--yes") == 0
    path = project / ".github/agents/qa.agent.md"
    applied = path.read_bytes()
    assert applied.endswith(b"---\r\nTest.\r\n---\r\nx\r\n")
    path.write_bytes(applied.replace(b"- -y\r\n", b"- -z\r\n"))
    assert aido(project, "apply", "--yes") == 0
    assert path.read_bytes() == applied
    assert aido(project, "destroy", "--yes") == 0
    assert path.read_bytes() == QA_MD


def test_user_scope_uses_the_copilot_home_agents(sandbox_home: Path, tmp_path: Path) -> None:
    """With --scope user, `$COPILOT_HOME/agents/qa.agent.md` plays the user layer's roles."""
    user_files = {".copilot/agents/qa.agent.md": QA_MD, ".config/aido/aido.toml": CONFIG.encode()}
    agents = write_files(sandbox_home, user_files) / ".copilot/agents"
    root = new_project(tmp_path)
    assert aido(root, "apply", "--yes", "--scope", "user") == 0
    assert "playwright" in _servers(agents / "qa.agent.md")
    shared = json.loads((sandbox_home / ".copilot/mcp-config.json").read_text())["mcpServers"]
    assert list(shared) == ["context7"]
    assert aido(root, "destroy", "--yes", "--scope", "user") == 0
    assert (agents / "qa.agent.md").read_bytes() == QA_MD


def test_an_agent_whose_tools_leave_the_server_out_gets_a_note(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A `tools` list naming neither `*` nor `playwright/...`: the plan says what to add."""
    raw = QA_MD.replace(b"description: QA\r\n", b"description: QA\r\ntools: [read, edit]\r\n")
    (project / ".github/agents/qa.agent.md").write_bytes(raw)
    assert aido(project, "plan") == 0
    assert 'playwright: add "playwright/*" to its "tools"' in capsys.readouterr().out
