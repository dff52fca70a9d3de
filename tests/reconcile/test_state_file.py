"""The state file reader: aido's own format, read strictly, so damage is an error not a guess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.reconcile.core.errors import StateError
from aidokit.reconcile.read.state import Record, State, load_state, parse_state, save_state

RECORD = {
    "adapter": "codex",
    "path": ".codex/config.toml",
    "name": "git",
    "id": "git",
    "digest": "ab" * 32,
    "identity": "uvx mcp-server-git",
}


def test_round_trip(tmp_path: Path) -> None:
    """What save_state writes, load_state reads back equal, optional fields included."""
    state = State(
        records=(
            Record(**RECORD),
            Record(**{**RECORD, "name": "oc", "roles": ("implementer",), "map_path": ("tools",)}),
            Record(**{**RECORD, "name": "p", "identity": None, "pending": True}),
        )
    )
    path = tmp_path / ".aido" / "state.json"
    save_state(path, state)
    assert load_state(path) == state
    assert json.loads(path.read_text())["records"][1]["map_path"] == ["tools"]


def test_missing_file_and_minimal_documents_are_empty(tmp_path: Path) -> None:
    """No file, `{}` and `{"version": 1}` are all an empty state."""
    assert load_state(tmp_path / "none.json") == State()
    assert parse_state(b"{}", tmp_path) == State()
    assert parse_state(b'{"version": 1}', tmp_path) == State()


@pytest.mark.parametrize(
    "document",
    [
        [],
        {"version": "1"},
        {"version": True},
        {"version": 1, "records": {}},
        {"version": 1, "records": [RECORD], "extra": 1},
        {"version": 1, "records": [{**RECORD, "colour": "red"}]},
        {"version": 1, "records": [{k: v for k, v in RECORD.items() if k != "digest"}]},
        {"version": 1, "records": [{**RECORD, "name": 7}]},
        {"version": 1, "records": [{**RECORD, "identity": 7}]},
        {"version": 1, "records": [{**RECORD, "roles": "implementer"}]},
        {"version": 1, "records": [{**RECORD, "map_path": [1]}]},
        {"version": 1, "records": [{**RECORD, "pending": "yes"}]},
        {"version": 1, "records": ["git"]},
    ],
    ids=repr,
)
def test_damaged_documents_are_errors(document: object, tmp_path: Path) -> None:
    """Every wrong shape or type is the one 'corrupt' error, never a partial state."""
    with pytest.raises(StateError, match="is corrupt; restore it from version control"):
        parse_state(json.dumps(document).encode(), tmp_path / "state.json")
