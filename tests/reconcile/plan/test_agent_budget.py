"""Issue 35: per-agent budgets, `[override.ID.agents.NAME] tools / exclude_tools / enabled`,
compiled where the harness scopes tools per agent, and said in the plan where it does not
(docs/context-budget.md "Per agent")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.adapters.runner import strip_jsonc
from tests.helpers import aido, frontmatter, new_project

SERVER = '[mcp]\nadd = ["playwright"]\nskip = ["sequential-thinking"]\n'
ROLES = '[mcp.roles]\nplaywright = ["tester-reviewer"]\n[roles]\ntester-reviewer = ["qa"]\n'
EXCLUDE = '[override.playwright.agents.qa]\nexclude_tools = ["browser_install"]\n'
OFF = "[override.playwright.agents.qa]\nenabled = false\n"
OPENCODE_QA = "---\ndescription: Runs the tests\nmode: subagent\n---\nTest things.\n"
GEMINI_QA = "---\nname: qa\ndescription: QA agent\n---\nTest.\n"


def _project(tmp_path: Path, adapter: str, extra: str, files: dict[str, str]) -> Path:
    root = new_project(tmp_path, f'adapters = ["{adapter}"]\nsuggest = false\n{SERVER}{extra}')
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def _plan(root: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    capsys.readouterr()
    assert aido(root, "plan", "--json") == 0
    plan: dict[str, Any] = json.loads(capsys.readouterr().out)
    return plan


def _notes(plan: dict[str, Any]) -> str:
    return "\n".join([*plan["notes"], *(n for f in plan["files"] for n in f["notes"])])


def _opencode(root: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(strip_jsonc((root / "opencode.json").read_text()))
    return data


@pytest.mark.parametrize(
    ("extra", "tools"),
    [
        (EXCLUDE, {"playwright_browser_install": False}),
        (OFF, {"playwright_*": False}),
    ],
)
def test_opencode_writes_the_agents_tools_map(
    tmp_path: Path, extra: str, tools: dict[str, bool]
) -> None:
    """OpenCode: the agent's `agent.<name>.tools` map; the server stays on for the others,
    and destroy takes every byte back (the file aido created goes)."""
    root = _project(tmp_path, "opencode", extra, {".opencode/agent/qa.md": OPENCODE_QA})
    assert aido(root, "apply", "--yes") == 0
    data = _opencode(root)
    assert data["agent"] == {"qa": {"tools": tools}}
    assert "tools" not in data  # every other agent loads every tool
    assert data["mcp"]["playwright"]["enabled"] is True
    assert aido(root, "plan", "--detailed-exitcode") == 0
    assert aido(root, "destroy", "--yes") == 0
    assert not (root / "opencode.json").exists()


def test_opencode_agent_budget_replaces_its_role_scoping_glob(tmp_path: Path) -> None:
    """An agent that plays the server's role but switches it off: its `playwright_*` is
    false, not the role scoping's true, and the rest of the role scoping stays."""
    root = _project(tmp_path, "opencode", ROLES + OFF, {".opencode/agent/qa.md": OPENCODE_QA})
    assert aido(root, "apply", "--yes") == 0
    data = _opencode(root)
    assert data["agent"]["qa"]["tools"] == {"playwright_*": False}
    assert data["tools"] == {"playwright_*": False}
    assert aido(root, "plan", "--detailed-exitcode") == 0


def test_opencode_says_when_no_such_agent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _project(tmp_path, "opencode", EXCLUDE, {})
    plan = _plan(root, capsys)
    assert "[override.playwright.agents.qa] names no opencode agent found here" in _notes(plan)
    assert not any(c["map_path"][:1] == ["agent"] for f in plan["files"] for c in f["changes"])


def test_opencode_cannot_switch_on_for_one_agent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = (
        "[override.playwright]\nenabled = false\n[override.playwright.agents.qa]\nenabled = true\n"
    )
    root = _project(tmp_path, "opencode", extra, {".opencode/agent/qa.md": OPENCODE_QA})
    notes = _notes(_plan(root, capsys))
    assert "cannot switch on for one agent a server that is off in opencode" in notes


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        (EXCLUDE, {"exclude_tools": ["browser_install"]}),
        (
            '[override.playwright.agents.qa]\ntools = ["browser_navigate"]\n',
            {"include_tools": ["browser_navigate"]},
        ),
    ],
)
def test_gemini_compiles_it_into_the_agents_own_entry(
    tmp_path: Path, extra: str, expected: dict[str, list[str]]
) -> None:
    """Gemini CLI: an agent's own `mcp_servers` entry takes `include_tools`/`exclude_tools`;
    the shared file (the main session) has none of them."""
    root = _project(tmp_path, "gemini-cli", ROLES + extra, {".gemini/agents/qa.md": GEMINI_QA})
    before = (root / ".gemini/agents/qa.md").read_bytes()
    assert aido(root, "apply", "--yes") == 0
    entry = frontmatter(root / ".gemini/agents/qa.md")["mcp_servers"]["playwright"]
    assert {k: v for k, v in entry.items() if k.endswith("_tools")} == expected
    assert aido(root, "plan", "--detailed-exitcode") == 0
    assert aido(root, "destroy", "--yes") == 0
    assert (root / ".gemini/agents/qa.md").read_bytes() == before


def test_gemini_leaves_it_out_of_an_agent_that_switches_it_off(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _project(tmp_path, "gemini-cli", ROLES + OFF, {".gemini/agents/qa.md": GEMINI_QA})
    plan = _plan(root, capsys)
    assert "so aido leaves it out of agent qa's file" in _notes(plan)
    agent = [f for f in plan["files"] if f["agent"] == "qa"]
    assert all(c["action"] == "noop" for f in agent for c in f["changes"])


@pytest.mark.parametrize(
    ("adapter", "files", "words"),
    [
        ("codex", {}, "codex does not apply [override.playwright.agents.qa]: it has no per-agent"),
        (
            "gemini-cli",
            {".gemini/agents/qa.md": GEMINI_QA},  # shared: no role puts it in qa's file
            "gemini-cli does not apply [override.playwright.agents.qa]: it applies only where",
        ),
    ],
)
def test_a_harness_that_cannot_says_so(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    adapter: str,
    files: dict[str, str],
    words: str,
) -> None:
    root = _project(tmp_path, adapter, EXCLUDE, files)
    assert words in _notes(_plan(root, capsys))


CLAUDE_QA = "---\nname: qa\ndescription: Runs the tests  # mine\n---\nTest things.\n"
ONLY = '[override.playwright.agents.qa]\ntools = ["browser_navigate"]\n'


@pytest.mark.parametrize("roles", ["", ROLES])
@pytest.mark.parametrize(
    ("extra", "deny"),
    [
        (EXCLUDE, ["mcp__playwright__browser_install"]),
        (OFF, ["mcp__playwright"]),
    ],
)
def test_claude_code_denies_them_in_the_agents_frontmatter(
    tmp_path: Path, roles: str, extra: str, deny: list[str]
) -> None:
    """Claude Code: the agent file's `disallowedTools` gets `mcp__<server>__<tool>` (or
    `mcp__<server>` when off), whether the agent inherits the server from the main session
    or has it in its own file; the settings file stays out of it; destroy gives back every
    byte of the agent file."""
    root = _project(tmp_path, "claude-code", roles + extra, {".claude/agents/qa.md": CLAUDE_QA})
    agent = root / ".claude/agents/qa.md"
    before = agent.read_bytes()
    assert aido(root, "apply", "--yes") == 0
    assert frontmatter(agent)["disallowedTools"] == deny
    assert agent.read_bytes().endswith(b"---\nTest things.\n")
    assert not (root / ".claude/settings.json").exists()
    assert aido(root, "plan", "--detailed-exitcode") == 0
    assert aido(root, "destroy", "--yes") == 0
    assert agent.read_bytes() == before


def test_claude_code_does_not_call_its_own_deny_item_a_block(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A server in qa's own file that qa's budget switches off: aido's `mcp__playwright`
    is no "remove it so the agent can use the server" note; a user's own item is."""
    root = _project(tmp_path, "claude-code", ROLES + OFF, {".claude/agents/qa.md": CLAUDE_QA})
    assert aido(root, "apply", "--yes") == 0
    assert "so the agent can use the server" not in _notes(_plan(root, capsys))
    (root / "aido.toml").write_text((root / "aido.toml").read_text().replace(OFF, ""))
    agent = root / ".claude/agents/qa.md"
    assert aido(root, "apply", "--yes") == 0
    agent.write_text(
        agent.read_text().replace("---\nTest", "disallowedTools: [mcp__playwright]\n---\nTest")
    )
    assert "so the agent can use the server" in _notes(_plan(root, capsys))


def test_claude_code_says_when_disallowed_tools_hides_its_items(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Claude Code reads `disallowed-tools` before `disallowedTools`: with both, the plan
    says aido's items are ignored."""
    qa = "---\nname: qa\ndisallowed-tools: Bash\n---\nBody\n"
    root = _project(tmp_path, "claude-code", EXCLUDE, {".claude/agents/qa.md": qa})
    assert aido(root, "apply", "--yes") == 0
    assert 'reads its "disallowed-tools" and ignores "disallowedTools"' in _notes(
        _plan(root, capsys)
    )


def test_claude_code_keeps_the_users_own_deny_items(tmp_path: Path) -> None:
    """A user's `disallowedTools` (block list, comment, an item aido would add too): aido
    adds only what is missing and takes back only what it added."""
    qa = "---\nname: qa\ndisallowedTools:  # mine\n  - Bash\n---\nBody\n"
    root = _project(tmp_path, "claude-code", EXCLUDE, {".claude/agents/qa.md": qa})
    agent = root / ".claude/agents/qa.md"
    assert aido(root, "apply", "--yes") == 0
    assert agent.read_text() == qa.replace("Bash\n", "Bash\n  - mcp__playwright__browser_install\n")
    assert aido(root, "destroy", "--yes") == 0
    assert agent.read_text() == qa


def test_claude_code_says_when_only_these_cannot_be_denied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tools = [...]` without the server's tool list (no probe): a note, nothing written."""
    root = _project(tmp_path, "claude-code", ONLY, {".claude/agents/qa.md": CLAUDE_QA})
    plan = _plan(root, capsys)
    agent = [f for f in plan["files"] if f["agent"] == "qa"]
    assert not any(c["action"] == "create" for f in agent for c in f["changes"])
    assert "run `aido doctor --probe` to list them" in _notes(plan)


def test_claude_code_says_when_no_such_agent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _project(tmp_path, "claude-code", EXCLUDE, {})
    plan = _plan(root, capsys)
    assert "[override.playwright.agents.qa] names no claude-code agent found here" in _notes(plan)
