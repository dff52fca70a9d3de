"""Role scoping: OpenCode's per-agent tool globs, rendered only when aido.toml names the agents."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import aido, new_project

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
    """`[mcp.roles]` writes `tools.<server>_*: false` and `agent.<role>.tools.<server>_*: true`."""
    assert aido(project, "apply", "--yes") == 0
    data = config(project)
    assert data["tools"] == {"playwright_*": False}
    assert data["agent"] == {
        "tester-reviewer": {"model": "x/y", "tools": {"playwright_*": True}},
        "frontend-browser-tester": {"tools": {"playwright_*": True}},
    }
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
