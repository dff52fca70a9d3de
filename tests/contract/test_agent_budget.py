"""Per-agent budgets (issue 35) as the real CLIs read them back.

OpenCode: aido writes `agent.qa.tools.playwright_browser_install: false` for the Markdown
agent `.opencode/agent/qa.md`; the pinned CLI's `opencode debug agent NAME` (offline)
shows each agent's resolved permission rules: qa denies that tool, the built-in `build`
has no rule against it. Gemini CLI: aido writes `exclude_tools` into qa's own
`mcp_servers` entry; the CLI's own agent loader (tests/contract/test_agent_files.py)
accepts the strict frontmatter and the agent's server carries the filter.
"""

from __future__ import annotations

import json

import pytest

from aidokit.reconcile.cli.main import main
from tests.contract.sandbox import Sandbox, run_cli
from tests.contract.test_agent_files import _gemini_agents

pytestmark = pytest.mark.contract

SERVER = 'suggest = false\n[mcp]\nadd = ["playwright"]\n'
EXCLUDE = '[override.playwright.agents.qa]\nexclude_tools = ["browser_install"]\n'
ROLES = '[mcp.roles]\nplaywright = ["tester-reviewer"]\n[roles]\ntester-reviewer = ["qa"]\n'


def _apply(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch, toml: str) -> None:
    for name, value in sandbox.env().items():
        if name != "PATH":
            monkeypatch.setenv(name, value)
    sandbox.write("project/aido.toml", toml)
    assert main(["apply", "--yes", "--project", str(sandbox.project)]) == 0


def _rules(sandbox: Sandbox, agent: str, permission: str) -> list[str]:
    proc = run_cli("opencode", "debug", "agent", agent, "--pure", sandbox=sandbox)
    text = proc.stdout
    rules = json.loads(text[text.index("{") :])["permission"]
    return [str(rule["action"]) for rule in rules if rule["permission"] == permission]


def test_opencode_denies_the_tool_to_that_agent_only(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    sandbox.write(
        "project/.opencode/agent/qa.md", "---\ndescription: QA\nmode: subagent\n---\nTest.\n"
    )
    _apply(sandbox, monkeypatch, f'adapters = ["opencode"]\n{SERVER}{EXCLUDE}')
    assert _rules(sandbox, "qa", "playwright_browser_install")[-1:] == ["deny"]
    assert "deny" not in _rules(sandbox, "build", "playwright_browser_install")


def test_gemini_agent_loads_its_server_with_the_filter(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    sandbox.write("project/.gemini/agents/qa.md", "---\nname: qa\ndescription: QA\n---\nTest.\n")
    _apply(sandbox, monkeypatch, f'adapters = ["gemini-cli"]\n{SERVER}{ROLES}{EXCLUDE}')
    loaded = _gemini_agents(sandbox)
    assert loaded["errors"] == []
    (qa,) = loaded["agents"]  # type: ignore[misc]
    assert qa["servers"]["playwright"]["excludeTools"] == ["browser_install"]
