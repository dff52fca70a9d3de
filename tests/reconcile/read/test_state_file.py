"""The state file reader: aido's own format, read strictly, so damage is an error not a guess."""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.reconcile.core.errors import StateError
from aidokit.reconcile.read.ownership import (
    Record,
    State,
    load_state,
    parse_state,
    render_state,
    save_state,
)
from tests.fuzz import fuzz_settings

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
            Record(**{**RECORD, "name": "oc", "map_path": ("tools",), "source": "custom"}),
            Record(**{**RECORD, "name": "p", "identity": None, "pending": True}),
            Record(**{**RECORD, "name": "q", "created": True, "map_made": 0, "fields": ("url",)}),
        )
    )
    path = tmp_path / ".aido" / "state.json"
    save_state(path, state)
    assert load_state(path) == state
    assert json.loads(path.read_text())["records"][1]["map_path"] == ["tools"]


_FLAGS = {
    "roles": st.lists(st.sampled_from(["implementer", "researcher"]), max_size=2).map(tuple),
    "confirmed": st.booleans(),
    "map_path": st.sampled_from([(), ("tools",)]),
    "pending": st.booleans(),
    "source": st.sampled_from(["catalog", "custom", "imported"]),
    "created": st.booleans(),
    "map_made": st.sampled_from([None, 0, 1]),
    "map_open": st.booleans(),
    "map_flow": st.sampled_from([None, "{ }"]),
    "fields": st.sampled_from([None, (), ("args", "command")]),
    "identity": st.sampled_from([None, "uvx mcp-server-git"]),
}


@fuzz_settings(100)
@given(st.lists(st.fixed_dictionaries({}, optional=_FLAGS), max_size=6))
def test_the_state_file_keeps_only_what_ownership_needs(flags: list[dict[str, Any]]) -> None:
    """Issue 54 §6, a committed state a reviewer can read: one line per record, no field at
    its default, nothing that looks like vouching (`confirmed`) or that aido.toml says
    (`roles`); a state file of the old form (every field, indented, sorted) still reads,
    and both read back as the same ownership."""
    records = tuple(Record(**{**RECORD, "name": f"e{i}", **extra}) for i, extra in enumerate(flags))
    old = json.dumps(asdict(State(records=records)), indent=2, sort_keys=True) + "\n"
    from_old = parse_state(old.encode(), Path("/p/.aido/state.json"))
    assert from_old == State(records=records)
    text = render_state(from_old)
    assert text.count("\n") == (len(records) + 5 if records else 4)
    written = json.loads(text)["records"]
    kept = State(records=tuple(replace(r, roles=(), confirmed=False) for r in records))
    assert parse_state(text.encode(), Path("/p/.aido/state.json")) == kept
    for record, data in zip(records, written, strict=True):
        assert "roles" not in data and "confirmed" not in data
        assert list(data)[:5] == ["path", "name", "adapter", "id", "identity"]
        assert list(data)[-1] == "digest"
        for key, value in data.items():
            assert (value is not False and value not in ([], "catalog")) or key == "fields", key
            assert value is not None or key == "identity", key
        assert data.get("source", "catalog") == record.source


def test_an_applied_project_state_is_a_line_per_entry(fixture_project: Any) -> None:
    """The demo project's state after apply: a line per record, none of it at its default
    (it was 611 lines, 14785 bytes for its 24 records; now 29 lines, 6501 bytes)."""
    from tests.helpers import aido

    project = fixture_project("demo-project")
    code = aido(project, "apply", "--yes")
    state = project / ".aido" / "state.json"
    assert code == 0, code
    text = state.read_text()
    records = json.loads(text)["records"]
    assert len(records) >= 10
    assert text.count("\n") == len(records) + 5
    assert len(text.encode()) < 300 * len(records)
    assert '"confirmed"' not in text and '"roles"' not in text and "false" not in text


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
