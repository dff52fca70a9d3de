"""The apply intent (pending records): settled against files, taken back when a write fails."""

from __future__ import annotations

from pathlib import Path

from aidokit.reconcile.apply import _drop_intent
from aidokit.reconcile.plan import FileChange
from aidokit.reconcile.state import (
    DELETING,
    Record,
    State,
    entry_digest,
    load_state,
    save_state,
    settle,
)


def _record(path: str, name: str, *, digest: str = "d", pending: bool = False) -> Record:
    return Record(
        adapter="claude-code", path=path, name=name, id=name, digest=digest, identity="x",
        pending=pending,
    )  # fmt: skip


def _file(state_path: Path) -> FileChange:
    return FileChange(
        adapter="claude-code", scope="project", path=".mcp.json", abs_path="/p/.mcp.json",
        fmt="json", map_path=("mcpServers",), state_path=str(state_path),
        record_path=".mcp.json", digest="",
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


def test_failed_write_restores_untouched_state_bytes(tmp_path: Path) -> None:
    """With no other run in between, the state file is put back byte for byte."""
    state_path = tmp_path / "state.json"
    kept = _record(".mcp.json", "a")
    save_state(state_path, State(records=(kept,)))
    previous = state_path.read_bytes()
    save_state(state_path, State(records=(kept, _record(".mcp.json", "b", pending=True))))
    _drop_intent(_file(state_path), previous)
    assert state_path.read_bytes() == previous


def test_failed_write_keeps_another_runs_records(tmp_path: Path) -> None:
    """A record another run saved meanwhile survives; only this file's intent goes."""
    state_path = tmp_path / "state.json"
    previous = None  # no state before this run
    others = _record(".vscode/mcp.json", "c")
    mine = _record(".mcp.json", "b", pending=True)
    save_state(state_path, State(records=(others, mine)))
    _drop_intent(_file(state_path), previous)
    assert load_state(state_path).records == (others,)


def test_failed_write_removes_a_state_file_it_created(tmp_path: Path) -> None:
    """A state file that did not exist before the intent is removed again."""
    state_path = tmp_path / "state.json"
    save_state(state_path, State(records=(_record(".mcp.json", "b", pending=True),)))
    _drop_intent(_file(state_path), None)
    assert not state_path.exists()
