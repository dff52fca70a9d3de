"""The one decoder of aido's own files: pydantic decides, a memo of known bytes skips it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from aidokit.reconcile.decode import Memo, memo_folder
from aidokit.reconcile.errors import StateError
from aidokit.reconcile.state import Record, State, load_state, save_state

RECORD = Record(
    adapter="codex",
    path=".codex/config.toml",
    name="git",
    id="git",
    digest="ab" * 32,
    identity="uvx mcp-server-git",
)
CORRUPT = "is corrupt; restore it from version control"


def _loads_with_pydantic(path: Path) -> bool:
    """Load the state at `path` in a fresh process; did that import pydantic?"""
    code = (
        "import sys\nfrom pathlib import Path\nfrom aidokit.reconcile.state import load_state\n"
        f"load_state(Path({str(path)!r}))\nprint('pydantic' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=os.environ
    )
    return out.stdout.strip() == "True"


def _plant(raw: bytes, folder: Path) -> None:
    """Put a memo key for `raw` read as a State into `folder`, as an attacker would."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / str(Memo(folder, None).key(State, raw))).touch()


def _damaged(tmp_path: Path) -> tuple[Path, bytes]:
    """A project state file whose record has a number for its name."""
    path = tmp_path / "proj" / ".aido" / "state.json"
    path.parent.mkdir(parents=True)
    data = {"version": 1, "records": [{**json.loads(json.dumps(RECORD.__dict__)), "name": 7}]}
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    return path, raw


def test_a_state_aido_wrote_is_read_back_without_pydantic(tmp_path: Path) -> None:
    """save_state remembers the bytes it wrote: reading them back builds the state directly."""
    path = tmp_path / "proj" / ".aido" / "state.json"
    save_state(path, State(records=(RECORD,)))
    assert not _loads_with_pydantic(path)
    assert load_state(path) == State(records=(RECORD,))


def test_a_state_read_once_is_read_again_without_pydantic(tmp_path: Path) -> None:
    """A state written elsewhere (a clone) is validated once, then known by its bytes."""
    path = tmp_path / "proj" / ".aido" / "state.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, "records": [RECORD.__dict__]}, indent=3))
    assert _loads_with_pydantic(path)
    assert not _loads_with_pydantic(path)


def test_an_edited_state_is_validated_again(tmp_path: Path) -> None:
    """The memo is keyed by the bytes: one changed byte of a known file means pydantic again."""
    path = tmp_path / "proj" / ".aido" / "state.json"
    save_state(path, State(records=(RECORD,)))
    path.write_bytes(path.read_bytes().replace(b'"name": "git"', b'"name": 7'))
    with pytest.raises(StateError, match=CORRUPT):
        load_state(path)


def test_a_planted_key_in_a_memo_inside_the_project_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """XDG_STATE_HOME pointing into the repository: its memo is neither trusted nor written."""
    path, raw = _damaged(tmp_path)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "proj" / ".state"))
    _plant(raw, memo_folder())
    with pytest.raises(StateError, match=CORRUPT):
        load_state(path)


def test_a_memo_others_can_write_is_ignored(tmp_path: Path) -> None:
    """A memo folder group or others can write is not trusted."""
    path, raw = _damaged(tmp_path)
    _plant(raw, memo_folder())
    memo_folder().chmod(0o777)
    with pytest.raises(StateError, match=CORRUPT):
        load_state(path)
