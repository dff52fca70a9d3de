"""Role scoping: OpenCode's per-agent tool globs, rendered only when aido.toml names the roles,
for the real agents that play them (issue 32 §3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import aido, new_project, write_files

BASE = 'adapters = ["opencode"]\n[mcp]\nadd = ["playwright"]\nskip = ["sequential-thinking"]\n'
ROLES = '[mcp.roles]\nplaywright = ["tester-reviewer", "frontend-browser-tester"]\n'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = new_project(tmp_path, BASE + ROLES)
    (root / "opencode.json").write_text(
        '{\n  "$schema": "https://opencode.ai/config.json",\n'
        '  "agent": {"tester-reviewer": {"model": "x/y"}},\n  "mcp": {}\n}\n'
    )
    return root


def config(project: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((project / "opencode.json").read_text())
    return data


def test_named_roles_disable_globally_and_enable_per_agent(project: Path) -> None:
    """`[mcp.roles]` writes `tools.<server>_*: false` and `agent.<agent>.tools.<server>_*: true`
    for the agents that exist: one named like a role plays it; a role no agent has adds none."""
    assert aido(project, "apply", "--yes") == 0
    data = config(project)
    assert data["tools"] == {"playwright_*": False}
    assert data["agent"] == {"tester-reviewer": {"model": "x/y", "tools": {"playwright_*": True}}}
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_without_named_roles_nothing_is_scoped(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Suggested roles alone never hide a server from the user's own agents."""
    (project / "aido.toml").write_text(BASE)
    assert aido(project, "apply", "--yes") == 0
    assert "tools" not in config(project)
    assert "name them under [mcp.roles]" in capsys.readouterr().out


def test_dropping_the_roles_removes_the_globs(project: Path) -> None:
    """Removing the `[mcp.roles]` line deletes exactly the values aido wrote for it."""
    aido(project, "apply", "--yes")
    (project / "aido.toml").write_text(BASE)
    assert aido(project, "plan", "--detailed-exitcode") == 2
    assert aido(project, "apply", "--yes") == 0
    data = config(project)
    # The maps aido added (`tools`, each agent's `tools`, a whole agent) go too (issue 14).
    assert "tools" not in data
    assert data["agent"] == {"tester-reviewer": {"model": "x/y"}}
    text = (project / "opencode.json").read_text()
    assert '  "agent": {"tester-reviewer": {"model": "x/y"}},\n' in text
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_hand_flipped_glob_is_healed(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A recorded glob changed by hand is drift that apply restores."""
    aido(project, "apply", "--yes")
    path = project / "opencode.json"
    path.write_text(path.read_text().replace('"playwright_*": false', '"playwright_*": true'))
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 2
    assert "^ tools.playwright_*" in capsys.readouterr().out
    aido(project, "apply", "--yes")
    assert config(project)["tools"] == {"playwright_*": False}


def test_users_own_glob_is_a_conflict(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A glob the user set differently is left alone and reported."""
    data = config(project)
    data["tools"] = {"playwright_*": True}
    (project / "opencode.json").write_text(json.dumps(data, indent=2))
    assert aido(project, "apply", "--yes") == 0
    assert "! tools.playwright_*" in capsys.readouterr().out
    assert config(project)["tools"] == {"playwright_*": True}


def _agent_globs(project: Path) -> dict[str, object]:
    agents = config(project).get("agent", {})
    assert isinstance(agents, dict)
    return {name: value.get("tools") for name, value in agents.items() if "tools" in value}


def test_real_agents_of_the_roles_get_the_server(tmp_path: Path) -> None:
    """`[roles]` names real OpenCode agents (opencode.json `agent.<name>`, `.opencode/agent/*.md`,
    a frontmatter `name`): each gets the glob, no role name becomes an agent."""
    roles = '[roles]\ntester-reviewer = ["qa", "planner", "checker"]\n'
    project = new_project(tmp_path, BASE + ROLES + roles)
    write_files(
        project,
        {
            "opencode.json": b'{"agent": {"planner": {"model": "x/y"}}, "mcp": {}}\n',
            ".opencode/agent/qa.md": b"---\ndescription: QA\n---\nTest.\n",
            ".opencode/agents/nested/check.md": b"---\nname: checker\n---\nCheck.\n",
        },
    )
    assert aido(project, "apply", "--yes") == 0
    glob = {"playwright_*": True}
    assert _agent_globs(project) == {"planner": glob, "qa": glob, "checker": glob}
    assert config(project)["tools"] == {"playwright_*": False}
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_a_built_in_agent_can_play_a_role(tmp_path: Path) -> None:
    """OpenCode's built-in agents (build, plan, general, explore) are agents `[roles]` can name."""
    project = new_project(tmp_path, BASE + ROLES + '[roles]\ntester-reviewer = ["general"]\n')
    assert aido(project, "apply", "--yes") == 0
    assert _agent_globs(project) == {"general": {"playwright_*": True}}


def test_main_session_playing_a_role_writes_no_globs(tmp_path: Path) -> None:
    """A role the main session plays leaves the server visible to every agent: no globs."""
    project = new_project(tmp_path, BASE + ROLES + '[roles]\ntester-reviewer = ["main", "qa"]\n')
    write_files(project, {".opencode/agent/qa.md": b"---\ndescription: QA\n---\n"})
    assert aido(project, "apply", "--yes") == 0
    data = config(project)
    assert "tools" not in data and "agent" not in data
    assert "playwright" in data["mcp"]  # type: ignore[operator]


def test_roles_no_agent_plays_leave_the_server_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No OpenCode agent plays the `[mcp.roles]` roles: the server is left out, and said so."""
    project = new_project(tmp_path, BASE + ROLES)
    assert aido(project, "apply", "--yes") == 0
    assert "so aido leaves it out of opencode" in capsys.readouterr().out
    data = config(project) if (project / "opencode.json").exists() else {}
    assert "playwright" not in data.get("mcp", {})  # type: ignore[operator]
    assert "agent" not in data
