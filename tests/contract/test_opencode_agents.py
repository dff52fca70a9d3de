"""OpenCode gives a scoped server's tools to the real agents aido named (issue 32 §3).

aido writes `tools.playwright_*: false` and `agent.qa.tools.playwright_*: true` into
`opencode.json` for the Markdown agent `.opencode/agent/qa.md`; the pinned CLI's
`opencode debug agent NAME` (offline) shows each agent's resolved permission rules, the
last matching rule winning: qa allows `playwright_*`, the built-in `build` denies it.
"""

from __future__ import annotations

import json

import pytest

from aidokit.reconcile.cli.main import main
from tests.contract.sandbox import Sandbox, run_cli

pytestmark = pytest.mark.contract

CONFIG = (
    'adapters = ["opencode"]\nsuggest = false\n[mcp]\nadd = ["playwright"]\n'
    '[mcp.roles]\nplaywright = ["tester-reviewer"]\n[roles]\ntester-reviewer = ["qa"]\n'
)
QA_MD = "---\ndescription: Runs the tests\nmode: subagent\n---\nTest things.\n"


def _last_rule(sandbox: Sandbox, agent: str, permission: str) -> str:
    proc = run_cli("opencode", "debug", "agent", agent, "--pure", sandbox=sandbox)
    text = proc.stdout
    rules = json.loads(text[text.index("{") :])["permission"]
    actions = [rule["action"] for rule in rules if rule["permission"] == permission]
    assert actions, f"no {permission} rule for {agent}: {rules}"
    return str(actions[-1])


def test_opencode_gives_the_server_to_the_markdown_agent_only(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After apply, the pinned OpenCode lets agent qa use playwright's tools; build cannot."""
    for name, value in sandbox.env().items():
        if name != "PATH":
            monkeypatch.setenv(name, value)
    sandbox.write("project/.opencode/agent/qa.md", QA_MD)
    sandbox.write("project/aido.toml", CONFIG)
    assert main(["apply", "--yes", "--project", str(sandbox.project)]) == 0
    data = json.loads((sandbox.project / "opencode.json").read_text())
    assert data["agent"] == {"qa": {"tools": {"playwright_*": True}}}
    assert _last_rule(sandbox, "qa", "playwright_*") == "allow"
    assert _last_rule(sandbox, "build", "playwright_*") == "deny"
