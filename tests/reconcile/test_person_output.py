"""Output for a person (issue 38 point 6): what apply, destroy and undo say they did; a plan
or status that targets nothing says how to target something, never "No changes"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import ONLY_CONTEXT7, aido, new_project

Capture = pytest.CaptureFixture[str]


def test_apply_says_what_it_did_in_the_past_tense(tmp_path: Path, capsys: Capture) -> None:
    project = new_project(tmp_path, ONLY_CONTEXT7)
    assert aido(project, "apply", "--yes") == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "Apply complete! 1 added, 0 changed, 0 removed."


def test_destroy_and_undo_say_what_they_did(tmp_path: Path, capsys: Capture) -> None:
    project = new_project(tmp_path, ONLY_CONTEXT7)
    assert aido(project, "apply", "--yes") == 0
    capsys.readouterr()
    assert aido(project, "destroy", "--yes") == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Destroy complete! 1 removed."
    assert aido(project, "undo", "--yes") == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Undo complete! 1 file restored."


def test_an_apply_that_leaves_conflicts_says_so(tmp_path: Path, capsys: Capture) -> None:
    project = new_project(tmp_path, 'adapters = ["claude-code"]\n')
    # A hand-written context7 that is not aido's: a conflict; sequential-thinking is added.
    (project / ".mcp.json").write_text('{"mcpServers": {"context7": {"command": "mine"}}}\n')
    assert aido(project, "apply", "--yes") == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("Apply complete! 1 added, 0 changed, 0 removed. 1 conflict left")
    assert "aido plan" in last


@pytest.mark.parametrize("command", ["plan", "status"])
def test_nothing_targeted_is_not_no_changes(tmp_path: Path, capsys: Capture, command: str) -> None:
    project = new_project(tmp_path, "adapters = []\n")
    assert aido(project, command) == 0
    out = capsys.readouterr().out
    assert "No changes" not in out
    assert "No harness config file is targeted" in out
    assert "`adapters` in aido.toml" in out and "--adapter NAME" in out


def test_nothing_targeted_without_aido_toml_says_init(tmp_path: Path, capsys: Capture) -> None:
    project = new_project(tmp_path)  # no aido.toml, no harness folder to detect
    assert aido(project, "plan", "--adapter", "claude-code") == 0  # targets one: a plan
    capsys.readouterr()
    assert aido(project, "plan") == 0
    out = capsys.readouterr().out
    if "No harness config file is targeted" in out:  # nothing detected on this machine
        assert "No changes" not in out and "aido init" in out


@pytest.mark.parametrize("command", ["plan", "status"])
def test_user_scope_without_a_user_layer_says_init_scope_user(
    tmp_path: Path, capsys: Capture, command: str
) -> None:
    project = new_project(tmp_path, ONLY_CONTEXT7)
    assert aido(project, command, "--scope", "user") == 0
    out = capsys.readouterr().out
    assert "aido init --scope user" in out
    assert "set `adapters`" not in out and "No changes" not in out
