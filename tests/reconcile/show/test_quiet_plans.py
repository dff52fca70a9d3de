"""Quiet by default, complete on request (issue 54 item 1).

Roles notes and per-entry `roles:` lines appear only where roles decide something: the
project has agents that scoping can reach or maps roles (`[roles]`, `[mcp.roles]`); `-q`
leaves only the changes, the summary line and the errors; the bundled fixtures' plans at
80 columns are snapshots, with the share of their characters that are notices.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from aidokit.adapters import ADAPTERS
from bench.notice_share import fixtures, is_notice_head, share
from tests.helpers import aido, new_project

PROJECT_ADAPTERS = sorted(name for name, a in ADAPTERS.items() if "project" in a.scopes)
ROLE_WORDS = ("agent plays the roles", "role scoping", "can limit a server to some agents")


def _plan(project: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    capsys.readouterr()
    assert aido(project, "plan", *argv) in (0, 1)
    return capsys.readouterr().out


@pytest.mark.parametrize("adapter", PROJECT_ADAPTERS)
def test_a_project_without_agents_or_roles_hears_nothing_of_roles(
    adapter: str, tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No agent and no `[roles]`: no `roles:` line and no note on roles, for every harness."""
    project = new_project(tmp_path, f'adapters = ["{adapter}"]\n')
    out = _plan(project, capsys)
    assert "+ sequential-thinking" in out
    assert "roles:" not in out
    assert not [word for word in ROLE_WORDS if word in out], out
    verbose = _plan(project, capsys, "-v")
    assert "roles: architect, researcher" in verbose  # complete on request


def test_roles_lines_and_notes_come_back_once_the_project_maps_roles(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With `[roles]`, a harness that scopes shows each entry's roles and the note on them;
    one that cannot scope says so once."""
    config = 'adapters = ["claude-code", "cursor"]\n[roles]\nresearcher = ["main"]\n'
    project = new_project(tmp_path, config)
    out = _plan(project, capsys)
    claude = out[out.index("# .mcp.json") :]
    assert "roles: researcher" in claude
    assert "role scoping not supported by cursor" in out
    cursor = out[out.index("# .cursor/mcp.json") : out.index("# .mcp.json")]
    assert "roles:" not in cursor  # cursor cannot scope: roles decide nothing there


def test_agents_scoping_can_reach_bring_the_roles_note(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Claude Code agent and no `[roles]`: the note says who sees the servers."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\n')
    agents = project / ".claude" / "agents"
    agents.mkdir(parents=True)
    (agents / "reviewer.md").write_text("---\nname: reviewer\ndescription: r\n---\nReview.\n")
    out = _plan(project, capsys)
    assert "no claude-code agent plays the roles of context7" in out
    assert "roles: researcher" in out


@pytest.mark.parametrize("command", ["plan", "apply"])
def test_quiet_leaves_only_changes_and_errors(
    command: str,
    fixture_project: Callable[[str], Path],
    sandbox_home: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`-q`: the changes, the summary line and each file's error; no note, warning, hint or
    roles line (the realistic project has all of them without `-q`)."""
    project = fixture_project("projects/realistic")
    loud = _plan(project, capsys)
    assert any(is_notice_head(line) for line in loud.splitlines())
    capsys.readouterr()
    aido(project, command, "-q", *(["--yes"] if command == "apply" else []))
    out = capsys.readouterr().out
    assert "+ playwright" in out and "! context7" in out
    assert "Plan: " in out or "Apply complete" in out
    assert not [line for line in out.splitlines() if is_notice_head(line)], out


def test_quiet_keeps_the_errors(
    fixture_project: Callable[[str], Path],
    sandbox_home: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The brownfield project's unreadable .cursor/mcp.json is still reported under `-q`."""
    project = fixture_project("projects/brownfield")
    out = _plan(project, capsys, "-q")
    assert "Error: " in out and ".cursor/mcp.json" in out
    assert not [line for line in out.splitlines() if is_notice_head(line)], out


@pytest.mark.parametrize("name", fixtures())
def test_bundled_fixture_plans_at_80_columns(
    name: str,
    fixture_project: Callable[[str], Path],
    sandbox_home: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    snapshot: SnapshotAssertion,
) -> None:
    """Each bundled fixture's plan as an 80-column terminal shows it, and its notice share
    (`python -m bench.notice_share` measures the same in a real terminal)."""
    import aidokit.reconcile.cli.commands.plan as plan_command

    monkeypatch.setattr(plan_command, "output_width", lambda: 80)
    project = fixture_project(name)
    out = _plan(project, capsys).replace(str(project), "<project>")
    notice, total = share(out)
    assert {"share": f"{notice} of {total} characters are notices", "plan": out} == snapshot
