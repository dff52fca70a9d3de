"""File modes: user-level files aido creates are private, and user state must be (SPEC §7)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from tests.helpers import user_layer
from tests.security.cli import clean_error, project
from tests.security.cli import run_process as run


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _user_state(home: Path) -> Path:
    return home / ".local" / "state" / "aido" / "state.json"


def test_new_user_level_files_are_0600_even_under_umask_000(
    tmp_path: Path, sandbox_home: Path
) -> None:
    """A user-scope apply under umask 000 creates ~/.claude.json and the user state 0600."""
    root = project(tmp_path)
    user_layer(sandbox_home)  # without one, user scope plans nothing (issue 38 §10)
    result = run(root, "apply", "--yes", "--scope", "user", "--adapter", "claude-code", umask=0)
    assert result.returncode == 0, result.stderr
    assert _mode(sandbox_home / ".claude.json") == 0o600
    assert _mode(_user_state(sandbox_home)) == 0o600


def test_an_existing_user_file_keeps_its_mode(tmp_path: Path, sandbox_home: Path) -> None:
    """A user file that already exists keeps the mode the user gave it."""
    root = project(tmp_path)
    (sandbox_home / ".claude.json").write_text("{}\n")
    os.chmod(sandbox_home / ".claude.json", 0o640)
    result = run(root, "apply", "--yes", "--scope", "user", "--adapter", "claude-code")
    assert result.returncode == 0, result.stderr
    assert _mode(sandbox_home / ".claude.json") == 0o640


def test_user_state_writable_by_others_is_refused(tmp_path: Path, sandbox_home: Path) -> None:
    """A user state.json others may write is refused, and no harness file is touched."""
    root = project(tmp_path)
    user_layer(sandbox_home)
    assert (
        run(root, "apply", "--yes", "--scope", "user", "--adapter", "claude-code").returncode == 0
    )
    state = _user_state(sandbox_home)
    before = (sandbox_home / ".claude.json").read_bytes()
    os.chmod(state, 0o666)  # noqa: S103  (the insecure mode is the point of the test)
    result = run(root, "apply", "--yes", "--scope", "user", "--adapter", "claude-code")
    clean_error(result, "state.json")
    assert (sandbox_home / ".claude.json").read_bytes() == before
