"""Agent discovery and the role -> agent mapping (issue 22, docs/roles.md)."""

from __future__ import annotations

from pathlib import Path

from aidokit.reconcile.read.agents import (
    agents_for_roles,
    discover_agents,
    proposed_roles,
    unmapped_agents,
)


def _project(tmp_path: Path) -> Path:
    files = {
        ".claude/agents/qa.md": "---\nname: qa\n---\n",
        ".claude/agents/tester-reviewer.md": "---\nname: tester-reviewer\n---\n",
        ".claude/agents/notes.txt": "not an agent",
        ".gemini/agents/qa.md": "---\nname: qa\n---\n",
        ".github/agents/qa.agent.md": "---\nname: qa\n---\n",
        ".github/agents/readme.md": "no .agent.md suffix",
        ".kiro/agents/qa.json": "{}",
        ".kiro/agents/bad name.json": "{}",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


def test_discovery_finds_each_harness_agent_files_only(tmp_path: Path) -> None:
    """Each harness's agent folder and suffix count; other files and bad names do not."""
    found = [(a.harness, a.name) for a in discover_agents(_project(tmp_path))]
    assert found == [
        ("claude-code", "qa"),
        ("claude-code", "tester-reviewer"),
        ("copilot-cli", "qa"),
        ("gemini-cli", "qa"),
        ("kiro", "qa"),
    ]


def test_no_agent_folders_means_no_agents(tmp_path: Path) -> None:
    """A project without agent folders has no agents (and nothing is created)."""
    assert discover_agents(tmp_path) == ()
    assert list(tmp_path.iterdir()) == []


def test_roles_reach_mapped_and_role_named_agents(tmp_path: Path) -> None:
    """[roles] names the agents of a role; an agent named like the role plays it too."""
    agents = discover_agents(_project(tmp_path))
    table = {"frontend-browser-tester": ("qa",)}
    qa_only = agents_for_roles(["frontend-browser-tester"], table, agents)
    assert {(a.harness, a.name) for a in qa_only} == {
        ("claude-code", "qa"),
        ("gemini-cli", "qa"),
        ("copilot-cli", "qa"),
        ("kiro", "qa"),
    }
    implicit = agents_for_roles(["tester-reviewer"], {}, agents)
    assert [(a.harness, a.name) for a in implicit] == [("claude-code", "tester-reviewer")]
    assert agents_for_roles(["docs-writer"], table, agents) == ()


def test_proposals_for_init_and_doctor(tmp_path: Path) -> None:
    """Role-named agents are proposed as mapped; the others are listed as playing no role."""
    agents = discover_agents(_project(tmp_path))
    assert proposed_roles(agents) == {"tester-reviewer": ("tester-reviewer",)}
    assert unmapped_agents(agents, {}) == ("qa",)
    assert unmapped_agents(agents, {"tester-reviewer": ("qa",)}) == ()
