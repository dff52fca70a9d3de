"""Copilot CLI's own listing leaves out a server aido scoped to a custom agent (issue 22).

aido puts playwright into `.github/agents/qa.agent.md`'s `mcp-servers` and context7 into
`.github/mcp.json`; `copilot mcp list` (the main session's servers, offline) shows
context7 only. That the CLI starts qa's servers for `copilot --agent qa` was checked by
hand (docs/roles.md): it needs a token and tries the network first.
"""

from __future__ import annotations

import pytest

from aidokit.reconcile.cli.main import main
from tests.contract.oracles import read_back
from tests.contract.sandbox import Sandbox, run_cli

pytestmark = pytest.mark.contract

CONFIG = (
    'adapters = ["copilot-cli"]\nsuggest = false\n[mcp]\nadd = ["playwright", "context7"]\n'
    '[roles]\ntester-reviewer = ["qa"]\n'
)
QA_MD = "---\nname: qa\ndescription: Runs the tests\n---\nTest things.\n"


def test_copilot_mcp_list_shows_only_the_shared_server(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The workspace lists context7; playwright lives only in qa's agent file."""
    for name, value in sandbox.env().items():
        if name != "PATH":
            monkeypatch.setenv(name, value)
    sandbox.write("project/.github/agents/qa.agent.md", QA_MD)
    sandbox.write("project/aido.toml", CONFIG)
    sandbox.trust_project("copilot")
    assert main(["apply", "--yes", "--project", str(sandbox.project)]) == 0
    qa = (sandbox.project / ".github/agents/qa.agent.md").read_text()
    assert "mcp-servers:\n  playwright:\n    type: local\n    command: npx\n" in qa
    assert sorted(read_back("copilot", sandbox, "project")) == ["context7"]
    got = run_cli("copilot", "mcp", "get", "playwright", sandbox=sandbox, check=False)
    assert "not found" in got.stdout + got.stderr
