"""Agents are named as their harness names them (issue 22, docs/roles.md "Agent names").

Black-box through the CLI: Claude Code, Gemini CLI and Copilot CLI call an agent by its
frontmatter `name` (Copilot by its file name when there is none), Kiro by its file name;
`[roles]`, plans and status use that name, the file stays where it is, two files claiming
one name are refused, and a saved plan still names only files the adapter derives.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import aido, frontmatter, new_project, write_files

CONFIG = (
    'adapters = ["claude-code", "gemini-cli", "copilot-cli", "kiro"]\nsuggest = false\n'
    '[mcp]\nadd = ["playwright", "context7"]\n[roles]\ntester-reviewer = ["qa-bot"]\n'
)
# harness -> (agent file, its bytes naming it qa-bot, the key of its servers)
NAMED = {
    "claude-code": (".claude/agents/qa.md", "mcpServers"),
    "gemini-cli": (".gemini/agents/qa.md", "mcp_servers"),
    "copilot-cli": (".github/agents/qa.agent.md", "mcp-servers"),
}
QA_BOT = b"---\r\nname: 'qa-bot'  # what the CLI shows\r\ndescription: QA\r\n---\r\nBody\r\n---\r\n"


def _project(tmp_path: Path, config: str, files: dict[str, bytes]) -> Path:
    return write_files(new_project(tmp_path, config), files)


def _servers(path: Path, key: str) -> list[str]:
    """The server names in an agent file's frontmatter map or list of one-key maps."""
    value = frontmatter(path).get(key) or {}
    if isinstance(value, list):
        return [name for item in value for name in item]
    return list(value)


@pytest.mark.parametrize("harness", sorted(NAMED))
def test_a_role_reaches_the_agent_by_its_frontmatter_name(tmp_path: Path, harness: str) -> None:
    """`[roles] ... = ["qa-bot"]` reaches qa's file whose frontmatter says `name: qa-bot`."""
    rel, key = NAMED[harness]
    config = CONFIG.replace('"claude-code", "gemini-cli", "copilot-cli", "kiro"', f'"{harness}"')
    project = _project(tmp_path, config, {rel: QA_BOT})
    assert aido(project, "apply", "--yes") == 0
    assert _servers(project / rel, key) == ["playwright"]
    raw = (project / rel).read_bytes()
    assert raw.endswith(b"---\r\nBody\r\n---\r\n") and b"# what the CLI shows\r\n" in raw
    assert aido(project, "plan", "--detailed-exitcode") == 0
    assert aido(project, "destroy", "--yes") == 0
    assert (project / rel).read_bytes() == QA_BOT


def test_plan_and_status_name_the_agent_as_the_harness_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Plan text, plan --json and status --json call the agent qa-bot, at the file qa.md."""
    project = _project(tmp_path, CONFIG, {".claude/agents/qa.md": QA_BOT})
    assert aido(project, "plan") == 0
    assert "# .claude/agents/qa.md (claude-code agent qa-bot" in capsys.readouterr().out
    assert aido(project, "plan", "--json") == 0
    files = json.loads(capsys.readouterr().out)["files"]
    assert [f["path"] for f in files if f["agent"] == "qa-bot"] == [".claude/agents/qa.md"]
    assert aido(project, "apply", "--yes") == 0
    capsys.readouterr()
    assert aido(project, "status", "--json") == 0
    files = json.loads(capsys.readouterr().out)["files"]
    assert [f["path"] for f in files if f["agent"] == "qa-bot"] == [".claude/agents/qa.md"]


@pytest.mark.parametrize(
    ("harness", "rel", "raw"),
    [
        ("claude-code", ".claude/agents/qa-bot.md", b"---\ndescription: no name\n---\n"),
        ("gemini-cli", ".gemini/agents/qa-bot.md", b"---\nname: [not, plain]\n---\n"),
        ("copilot-cli", ".github/agents/qa-bot.agent.md", b"---\ndescription: QA\n---\n"),
        ("copilot-cli", ".github/agents/qa-bot.agent.md", b"---\nname: QA Bot\n---\n"),
    ],
)
def test_without_a_plain_frontmatter_name_the_file_name_counts(
    tmp_path: Path, harness: str, rel: str, raw: bytes
) -> None:
    """No `name`, or one that is not a plain agent name: the agent is its file's stem."""
    config = CONFIG.replace('"claude-code", "gemini-cli", "copilot-cli", "kiro"', f'"{harness}"')
    project = _project(tmp_path, config, {rel: raw})
    assert aido(project, "apply", "--yes") == 0
    assert "playwright" in (project / rel).read_text()
    assert aido(project, "destroy", "--yes") == 0
    assert (project / rel).read_bytes() == raw


@pytest.mark.parametrize(
    "raw", [b"no frontmatter at all\n", b"---\nname: qa-bot\n", b"---\nname: [x\n---\n"]
)
def test_an_odd_frontmatter_falls_back_and_still_fails_closed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], raw: bytes
) -> None:
    """Unreadable frontmatter names the agent by its stem; the editor then refuses the file."""
    project = _project(tmp_path, CONFIG, {".claude/agents/qa-bot.md": raw})
    assert aido(project, "apply", "--yes") != 0
    out, err = capsys.readouterr()
    assert "# .claude/agents/qa-bot.md (claude-code agent qa-bot" in out and "error:" in out
    assert "nothing was written" in err
    assert (project / ".claude/agents/qa-bot.md").read_bytes() == raw


def test_kiro_names_an_agent_by_its_file(tmp_path: Path) -> None:
    """A Kiro agent's JSON `name` plays no part: `[roles]` must name the file's stem."""
    kiro = b'{\n  "name": "qa-bot"\n}\n'
    project = _project(tmp_path, CONFIG.replace("claude-code", "kiro", 1), {})
    write_files(project, {".kiro/agents/qa.json": kiro})
    assert aido(project, "apply", "--yes") == 0
    assert (project / ".kiro/agents/qa.json").read_bytes() == kiro


def test_an_agent_named_like_a_role_plays_it(tmp_path: Path) -> None:
    """Frontmatter `name: tester-reviewer` in qa.md plays that role with no `[roles]`."""
    config = CONFIG.split("[roles]")[0].replace(
        '"claude-code", "gemini-cli", "copilot-cli", "kiro"', '"claude-code"'
    )
    raw = b"---\nname: tester-reviewer\n---\nTest.\n"
    project = _project(tmp_path, config, {".claude/agents/qa.md": raw})
    assert aido(project, "apply", "--yes") == 0
    assert _servers(project / ".claude/agents/qa.md", "mcpServers") == ["playwright"]
    assert "playwright" not in json.loads((project / ".mcp.json").read_text())["mcpServers"]


def test_two_files_claiming_one_name_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both files name themselves qa-bot: one sentence naming both, nothing written."""
    other = b"---\nname: qa-bot\n---\nOther.\n"
    files = {".claude/agents/qa.md": QA_BOT, ".claude/agents/qa-bot.md": other}
    project = _project(tmp_path, CONFIG, files)
    assert aido(project, "apply", "--yes") != 0
    err = capsys.readouterr().err
    assert ".claude/agents/qa-bot.md and " in err and ".claude/agents/qa.md" in err
    assert "agent 'qa-bot'" in err
    assert (project / ".claude/agents/qa.md").read_bytes() == QA_BOT
    assert (project / ".claude/agents/qa-bot.md").read_bytes() == other
    assert not (project / ".mcp.json").exists()


def test_doctor_names_two_files_claiming_one_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Doctor reports the plan's error: both files and the name the harness gives them."""
    files = {".gemini/agents/qa.md": QA_BOT, ".gemini/agents/b.md": b"---\nname: qa-bot\n---\n"}
    project = _project(tmp_path, CONFIG, files)
    assert aido(project, "doctor", "--json") == 1
    found = json.loads(capsys.readouterr().out)["findings"]
    (hit,) = [f for f in found if "both define" in f["message"]]
    assert hit["severity"] == "error" and "gemini-cli agent 'qa-bot'" in hit["message"]
    assert ".gemini/agents/b.md and .gemini/agents/qa.md both" in hit["message"]


def test_a_saved_plan_names_the_agent_file_not_the_agent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A saved plan for agent qa-bot applies to qa.md; another file in its name is refused."""
    project = _project(tmp_path, CONFIG, {".claude/agents/qa.md": QA_BOT})
    saved = tmp_path / "plan.json"
    assert aido(project, "plan", "--out", str(saved)) == 0
    data = json.loads(saved.read_text())
    file = next(f for f in data["files"] if f["agent_file"] == "qa")  # the file, not qa-bot
    assert "agent" not in file and "abs_path" not in file  # derived again on apply
    victim = project / "README.md"
    victim.write_bytes(b"---\nname: qa-bot\n---\n")
    for forged in (
        {"abs_path": str(victim), "path": "README.md", "record_path": "README.md"},
        {"agent_file": "../../README"},
        {"agent": "qa-bot"},
    ):
        changed = {**data, "files": [{**f, **forged} if f is file else f for f in data["files"]]}
        (tmp_path / "forged.json").write_text(json.dumps(changed))
        assert aido(project, "apply", str(tmp_path / "forged.json")) == 1
        assert "forged.json" in capsys.readouterr().err
    assert victim.read_bytes() == b"---\nname: qa-bot\n---\n"
    assert aido(project, "apply", str(saved)) == 0
    assert _servers(project / ".claude/agents/qa.md", "mcpServers") == ["playwright"]
