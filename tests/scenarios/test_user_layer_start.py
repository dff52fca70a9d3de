"""User scope without a user layer plans nothing and says how to start one (issue 38 §10);
`aido init --scope user` starts it from the harnesses found in the home folder."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from tests.helpers import aido, new_project, user_layer

CODEX = b'model = "gpt-5"\n\n[mcp_servers.notes]\ncommand = "node"\nargs = ["notes.js"]\n'


def _home_with_codex(home: Path) -> Path:
    (home / ".codex").mkdir()
    config = home / ".codex" / "config.toml"
    config.write_bytes(CODEX)
    return config


@pytest.mark.parametrize("argv", [(), ("--adapter", "codex")], ids=["detected", "named"])
def test_no_user_layer_plans_nothing_and_says_how_to_start_one(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    """Nothing is suggested into ~/.codex/config.toml; plan and apply name the command."""
    codex = _home_with_codex(sandbox_home)
    project = new_project(tmp_path)
    capsys.readouterr()
    assert aido(project, "plan", "--scope", "user", *argv) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == (
        "No ~/.config/aido/aido.toml: user scope plans nothing until you start one with "
        "`aido init --scope user`."
    )
    assert "+ " not in out and "context7" not in out
    assert aido(project, "apply", "--scope", "user", "--yes", *argv) == 0
    assert codex.read_bytes() == CODEX
    capsys.readouterr()
    assert aido(project, "plan", "--scope", "user", "--json") == 0
    assert json.loads(capsys.readouterr().out)["files"] == []


def test_detailed_exitcode_without_a_user_layer_names_the_start(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The drift check still refuses to pass on nothing, and says how to start the layer."""
    _home_with_codex(sandbox_home)
    assert aido(new_project(tmp_path), "plan", "--scope", "user", "--detailed-exitcode") == 1
    assert "start the user layer with `aido init --scope user`" in capsys.readouterr().err


def test_what_aido_wrote_at_user_scope_stays_when_the_layer_goes(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Deleting the user layer takes nothing away: the next apply plans nothing at all."""
    codex = _home_with_codex(sandbox_home)
    layer = user_layer(
        sandbox_home, 'adapters = ["codex"]\nsuggest = false\n[mcp]\nadd = ["time"]\n'
    )
    project = new_project(tmp_path)
    assert aido(project, "apply", "--scope", "user", "--yes") == 0
    written = codex.read_bytes()
    assert b"[mcp_servers.time]" in written
    layer.unlink()
    assert aido(project, "apply", "--scope", "user", "--yes") == 0
    assert codex.read_bytes() == written


def test_init_scope_user_starts_the_user_layer_from_the_home_folder(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido init --scope user --yes` writes ~/.config/aido/aido.toml for the harnesses of
    the home folder, lists the user's hand-written servers, and never touches the project."""
    _home_with_codex(sandbox_home)
    project = new_project(tmp_path)
    capsys.readouterr()
    assert aido(project, "init", "--scope", "user", "--yes") == 0
    out = capsys.readouterr().out
    layer = sandbox_home / ".config/aido/aido.toml"
    config = tomllib.loads(layer.read_text())
    assert config["adapters"] == ["codex"] and config["suggest"] is False
    assert "  notes  ~/.codex/config.toml" in out.splitlines()
    assert out.splitlines()[-1].startswith("Next: aido import --scope user")
    assert list(project.iterdir()) == []
    assert aido(project, "init", "--scope", "user", "--yes") == 1  # never overwrites
    assert aido(project, "plan", "--scope", "user", "--detailed-exitcode") == 2


def test_init_scope_local_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Local scope has no file of its own: init says where its choices live."""
    project = new_project(tmp_path)
    assert aido(project, "init", "--scope", "local", "--yes") == 1
    assert "aido.local.toml" in capsys.readouterr().err
    assert list(project.iterdir()) == []
