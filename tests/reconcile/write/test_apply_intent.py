"""The apply intent (pending records): settled against files, put back when a write fails."""

from __future__ import annotations

from pathlib import Path

from aidokit.reconcile.core.atomic import ABSENT
from aidokit.reconcile.read.ownership import (
    DELETING,
    Record,
    State,
    entry_digest,
    load_state,
    save_state,
    settle,
)
from aidokit.reconcile.write import journal
from aidokit.reconcile.write.transaction import journal_entry, set_records


def _record(path: str, name: str, *, digest: str = "d", pending: bool = False) -> Record:
    return Record(
        adapter="claude-code", path=path, name=name, id=name, digest=digest, identity="x",
        pending=pending,
    )  # fmt: skip


def test_pending_write_counts_only_when_it_landed() -> None:
    """A pending record replaces the old one only if the file holds its exact digest."""
    entry = {"command": "npx"}
    old = _record(".mcp.json", "a", digest="old")
    new = _record(".mcp.json", "a", digest=entry_digest(entry), pending=True)
    landed = settle([old, new], lambda _: {"a": entry})
    assert [(r.digest, r.pending) for r in landed] == [(entry_digest(entry), False)]
    missed = settle([old, new], lambda _: {"a": {"command": "other"}})
    assert missed == [old]


def test_pending_deletion_drops_the_claim_once_the_entry_is_gone() -> None:
    """A kill after deleting an entry leaves no record claiming it."""
    old = _record(".mcp.json", "a")
    gone = _record(".mcp.json", "a", digest=DELETING, pending=True)
    assert settle([old, gone], lambda _: {}) == []
    assert settle([old, gone], lambda _: {"a": {}}) == [old]


def _put_back(state_path: Path, previous: bytes | None, records: tuple[Record, ...]) -> None:
    """What a roll-back does to one file's records: those from before, old bytes if untouched."""
    folder = state_path.parent / "tx"
    folder.mkdir(exist_ok=True)
    digest = ABSENT if previous is None else journal.save_blob(folder, previous)
    entry = journal_entry(
        adapter="claude-code", path=".mcp.json", abs_path="/p/.mcp.json",
        state_path=str(state_path), record_path=".mcp.json", before=None, after=None,
    )  # fmt: skip
    set_records(state_path, [(entry, records)], folder, digest)


def test_failed_write_restores_untouched_state_bytes(tmp_path: Path) -> None:
    """With no other run in between, the state file is put back byte for byte."""
    state_path = tmp_path / "state.json"
    kept = _record(".mcp.json", "a")
    save_state(state_path, State(records=(kept,)))
    previous = state_path.read_bytes()
    save_state(state_path, State(records=(kept, _record(".mcp.json", "b", pending=True))))
    _put_back(state_path, previous, (kept,))
    assert state_path.read_bytes() == previous


def test_failed_write_keeps_another_runs_records(tmp_path: Path) -> None:
    """A record another run saved meanwhile survives; only this file's intent goes."""
    state_path = tmp_path / "state.json"
    previous = None  # no state before this run
    others = _record(".vscode/mcp.json", "c")
    mine = _record(".mcp.json", "b", pending=True)
    save_state(state_path, State(records=(others, mine)))
    _put_back(state_path, previous, ())
    assert load_state(state_path).records == (others,)


def test_failed_write_removes_a_state_file_it_created(tmp_path: Path) -> None:
    """A state file that did not exist before the intent is removed again."""
    state_path = tmp_path / "state.json"
    save_state(state_path, State(records=(_record(".mcp.json", "b", pending=True),)))
    _put_back(state_path, None, ())
    assert not state_path.exists()
