"""The one decoder of aido's own files: pydantic decides, a memo of known bytes skips it."""

from __future__ import annotations

import json
from dataclasses import asdict
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from aidokit.catalog.models import RemoteSpec, StdioSpec
from aidokit.catalog.validation import validate_json
from aidokit.reconcile.core.errors import StateError
from aidokit.reconcile.gate.confirmations import _StoreFile
from aidokit.reconcile.plan.model import Change, FieldDiff, FileChange, Plan
from aidokit.reconcile.read import decode
from aidokit.reconcile.read.choices.config import ProjectConfig
from aidokit.reconcile.read.choices.lockfile import CompactLockFile, InstallRow, LockEntry, LockFile
from aidokit.reconcile.read.decode import Memo, build, memo_folder
from aidokit.reconcile.read.ownership import Record, State, load_state, save_state
from aidokit.reconcile.write.journal import Tx
from tests.fuzz import fuzz_settings
from tests.helpers import load_state_by_memo, loads_pydantic

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
    """Load the state at `path` in a fresh process, by the memo only; did that import pydantic?"""
    return loads_pydantic(load_state_by_memo, path)


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


# Every model `decode` reads, with instances as aido builds them: strings without lone
# surrogates (strict JSON has no encoding of them), JSON values where a field is `Any`.
_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=6)
_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | _text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=8,
)
_diffs = st.builds(FieldDiff, path=_text, before=_json, after=_json)
_changes = st.builds(
    Change,
    name=_text,
    before=_json,
    after=_json,
    diff=st.lists(_diffs, max_size=2).map(tuple),
)
_files = st.builds(FileChange, path=_text, changes=st.lists(_changes, max_size=3).map(tuple))
_specs = st.builds(StdioSpec, command=st.text(min_size=1, max_size=6)) | st.builds(
    RemoteSpec, url=st.sampled_from(["https://mcp.example.com/mcp", "http://127.0.0.1:9/x"])
)
_rows = st.builds(InstallRow, spec=_specs)
_entries = st.builds(LockEntry, install=st.lists(_rows, min_size=1, max_size=2).map(tuple))
_MODELS: dict[type[Any], st.SearchStrategy[Any]] = {
    LockFile: st.builds(LockFile, entries=st.dictionaries(_text, _entries, max_size=2)),
    State: st.builds(State),
    Tx: st.builds(Tx),
    _StoreFile: st.builds(_StoreFile),
    Plan: st.builds(Plan, files=st.lists(_files, max_size=2).map(tuple)),
}
PROPS = fuzz_settings(60, HealthCheck.too_slow, HealthCheck.data_too_large)


def _written(value: object) -> bytes:
    """`value` as aido writes its files: its dataclass fields as sorted JSON."""

    def name(item: object) -> object:
        if isinstance(item, Enum):
            return item.name
        raise TypeError(type(item).__name__)

    return json.dumps(asdict(value), indent=1, sort_keys=True, default=name).encode()  # type: ignore[call-overload]


@pytest.mark.parametrize("model", list(_MODELS), ids=lambda m: m.__name__)
@PROPS
@given(data=st.data())
def test_memo_path_equals_pydantic_path(model: type[Any], data: st.DataObject) -> None:
    """For every model, what aido writes is what pydantic reads and what the builder builds."""
    value = data.draw(_MODELS[model])
    raw = _written(value)
    assert validate_json(model, raw) == value
    assert build(model, json.loads(raw)) == value


def test_every_decoded_model_has_annotations_that_resolve() -> None:
    """decode builds values from each model's resolved annotations (typing.get_type_hints):
    every model a file is decoded as, and every model inside one, resolves."""
    models = _models_within((*_MODELS, CompactLockFile, ProjectConfig))
    assert len(models) > 20
    for cls in models:
        assert decode._hints(cls), cls


def _models_within(roots: tuple[type[Any], ...]) -> set[type]:
    """The dataclasses among `roots` and inside their fields' types, through unions,
    tuples, dicts and Annotated."""
    import dataclasses
    import typing

    found: set[type] = set()
    todo: list[Any] = list(roots)
    while todo:
        kind = todo.pop()
        if isinstance(kind, type) and dataclasses.is_dataclass(kind):
            if kind not in found:
                found.add(kind)
                todo += typing.get_type_hints(kind, include_extras=True).values()
            continue
        todo += typing.get_args(kind)
    return found
