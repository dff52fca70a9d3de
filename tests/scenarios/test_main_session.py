"""The main session is an agent (issue 32 §2, SPEC 5): `[roles]` may name `main`, the
session that runs without `--agent`, whose servers are the shared file's."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.helpers import aido, frontmatter, new_project, write_files

CLAUDE = 'adapters = ["claude-code", "gemini-cli"]\nsuggest = false\n[mcp]\nadd = ["playwright"]\n'
AGENT = b"---\nname: qa\ndescription: QA\n---\nTest things.\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    files = {".claude/agents/qa.md": AGENT, ".gemini/agents/qa.md": AGENT}
    return write_files(new_project(tmp_path, CLAUDE), files)


def _servers(path: Path, key: str = "mcpServers") -> dict[str, object]:
    data: dict[str, dict[str, object]] = json.loads(path.read_text())
    return data[key]


def _agent_servers(project: Path) -> tuple[object, object]:
    claude = frontmatter(project / ".claude/agents/qa.md").get("mcpServers")
    gemini = frontmatter(project / ".gemini/agents/qa.md").get("mcp_servers")
    return claude, gemini


def test_main_and_an_agent_both_get_the_entry(project: Path) -> None:
    """`[roles] tester-reviewer = ["main", "qa"]`: playwright in the shared files and in qa's."""
    config = CLAUDE + '[roles]\ntester-reviewer = ["main", "qa"]\n'
    (project / "aido.toml").write_text(config)
    assert aido(project, "apply", "--yes") == 0
    assert "playwright" in _servers(project / ".mcp.json")
    assert "playwright" in _servers(project / ".gemini/settings.json")
    claude, gemini = _agent_servers(project)
    assert isinstance(claude, list) and "playwright" in claude[0]
    assert isinstance(gemini, dict) and "playwright" in gemini
    assert aido(project, "plan", "--detailed-exitcode") == 0  # converged


def test_main_alone_keeps_the_entry_shared_without_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A role played only by `main` keeps the entry in the shared file and needs no note."""
    project = new_project(tmp_path, CLAUDE + '[roles]\ntester-reviewer = ["main"]\n')
    write_files(project, {".claude/agents/writer.md": AGENT.replace(b"qa", b"writer")})
    assert aido(project, "apply", "--yes") == 0
    out = capsys.readouterr().out
    assert "no claude-code agent plays the roles of playwright" not in out
    assert "playwright" in _servers(project / ".mcp.json")
    assert "mcpServers" not in frontmatter(project / ".claude/agents/writer.md")


def test_main_plays_roles_named_in_mcp_roles(project: Path) -> None:
    """`[mcp.roles]` roles that only `main` plays: the entry is shared, not held back."""
    config = CLAUDE + '[mcp.roles]\nplaywright = ["implementer"]\n[roles]\nimplementer = ["main"]\n'
    (project / "aido.toml").write_text(config)
    assert aido(project, "apply", "--yes") == 0
    assert "playwright" in _servers(project / ".mcp.json")
    assert _agent_servers(project) == (None, None)


def test_a_file_named_main_is_not_scoped_to(project: Path) -> None:
    """`main` is reserved: an agent file that calls itself main gets nothing from `[roles]`."""
    write_files(project, {".claude/agents/main.md": AGENT.replace(b"qa", b"main")})
    (project / "aido.toml").write_text(CLAUDE + '[roles]\ntester-reviewer = ["main"]\n')
    assert aido(project, "apply", "--yes") == 0
    assert "mcpServers" not in frontmatter(project / ".claude/agents/main.md")
    assert "playwright" in _servers(project / ".mcp.json")


def test_the_roles_note_suggests_the_main_session_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """When no agent plays an entry's roles, the note names `main` before any agent."""
    project = new_project(tmp_path, CLAUDE)
    write_files(project, {".gemini/agents/writer.md": AGENT.replace(b"qa", b"writer")})
    assert aido(project, "plan") == 0
    out = capsys.readouterr().out
    main = out.index('[roles] frontend-browser-tester = ["main"]')
    assert main < out.index('[roles] frontend-browser-tester = ["writer"]')


def test_init_enter_leaves_the_main_session_its_servers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`init --yes` with guessable agents writes the guesses as comments: every server the
    plan installs lands in the main session's `.mcp.json` (issue 32 §2)."""
    project = new_project(tmp_path)
    agents = {
        ".claude/agents/code-reviewer.md": AGENT.replace(b"qa", b"code-reviewer"),
        ".claude/agents/frontend-tester.md": AGENT.replace(b"qa", b"frontend-tester"),
    }
    write_files(project, agents)
    assert aido(project, "init", "--yes") == 0
    text = (project / "aido.toml").read_text()
    assert '# tester-reviewer = ["code-reviewer", "frontend-tester"]' in text
    assert aido(project, "apply", "--yes") == 0
    from aidokit.reconcile.read.choices.config import load_config

    added = load_config(project).config.mcp.add
    assert added and set(added) <= set(_servers(project / ".mcp.json"))
    for agent in agents:
        assert "mcpServers" not in frontmatter(project / agent)


@pytest.mark.parametrize(("answer", "applied"), [("", False), ("y", True)])
def test_init_asks_before_it_applies_guessed_roles(
    tmp_path: Path, answer: str, applied: bool
) -> None:
    """On a terminal, init asks whether the guessed roles apply; Enter says no."""
    from tests.reconcile.cli.test_init import WRAPPER, Terminal

    project = new_project(tmp_path)
    write_files(project, {".claude/agents/qa.md": AGENT})
    term = Terminal([sys.executable, "-c", WRAPPER, "init"], project)
    questions = ("Harnesses to manage", "Suggested servers to install", "Other catalog servers")
    for question in questions:
        term.expect(question)
        term.send("")
    term.expect("tester-reviewer: qa")
    term.expect("Use these roles?")
    term.send(answer)
    assert term.wait() == 0, term.seen
    from aidokit.reconcile.read.choices.config import load_config

    roles = load_config(project).config.roles
    assert roles == ({"tester-reviewer": ("qa",)} if applied else {})
