"""Apply as a transaction (issue 18): journal first, then the files; all of them or none.

`Transaction.begin` saves what every file holds and the ownership records
of each before the first file is touched (`journal.py`). If a write fails,
`roll_back` puts back each file that still holds exactly what aido wrote and
the records of those files; a file changed since is left and reported. A
run killed midway leaves its marker unlocked: `recover`, at the start of
the next command that writes, finishes the roll-back.
"""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from aidokit.reconcile.core.atomic import (
    ABSENT,
    Pieces,
    current_digest,
    file_digest,
    fsync_directory,
    replace_file,
)
from aidokit.reconcile.core.errors import AidoError, StaleError
from aidokit.reconcile.core.lock import lock_file, lock_path
from aidokit.reconcile.read.ownership import Record, State, load_state, parse_state, save_state
from aidokit.reconcile.write import journal, markers
from aidokit.reconcile.write.journal import FileEntry, StateEntry, Tx
from aidokit.reconcile.write.journal_checks import check_restores, check_root
from aidokit.reconcile.write.markers import Marker

RESTORED = "put back"
UNCHANGED = "untouched"
KEPT = "left as it is: another program changed it meanwhile, check it by hand"
FAILED = "could not be put back"


class RolledBackError(AidoError):
    """A write failed (or was interrupted) and the files already written were put back.

    It keeps the exit code and the JSON `code` of what failed ("interrupted": Ctrl-C).
    """

    def __init__(self, message: str, *, exit_code: int, code: str) -> None:
        super().__init__(message)
        self.exit_code = exit_code
        self.code = code


@dataclass(frozen=True)
class Outcome:
    """What a roll-back did to one file."""

    path: str
    kind: str
    detail: str = ""

    @property
    def line(self) -> str:
        """`.mcp.json put back`, or why not."""
        return f"{self.path} {self.kind}" + (f" ({self.detail})" if self.detail else "")


@contextlib.contextmanager
def lock_all(paths: Iterable[str | Path]) -> Iterator[None]:
    """Hold the locks of every file, taken in one global order so runs never deadlock."""
    unique = {lock_path(Path(p)): Path(p) for p in paths}
    with contextlib.ExitStack() as stack:
        for key in sorted(unique):
            stack.enter_context(lock_file(unique[key]))
        yield


class Transaction:
    """A journaled set of file writes: committed whole, or rolled back."""

    def __init__(self, folder: Path, tx: Tx, marker: Marker) -> None:
        self.folder = folder
        self.tx = tx
        self.marker = marker

    @classmethod
    def begin(
        cls,
        *,
        project: str,
        scope: str,
        kind: str,
        files: Sequence[tuple[FileEntry, bytes | None]],
        undoes: str | None = None,
    ) -> Transaction:
        """Journal the files' bytes and records durably, before any of them is written."""
        root = journal.journal_root()
        check_root(root, Path(project))  # before the journal's first byte: nothing written
        journal.private_dir(root)
        check_root(root, Path(project))
        tx_id, now = journal.new_id()
        folder = journal.group_dir(root, project, scope) / tx_id
        marker = markers.hold_marker(root, tx_id, folder)
        try:
            journal.private_dir(folder.parent)
            journal.private_dir(folder)
            for entry, before in files:
                if before is not None:
                    journal.save_blob(folder, before, entry.before)
            entries, states = _snapshot_states(folder, [entry for entry, _ in files])
            tx = Tx(
                id=tx_id,
                kind=kind,
                project=project,
                scope=scope,
                started_ns=now,
                files=entries,
                states=states,
                undoes=undoes,
            )
            journal.save_record(folder, tx)
        except BaseException:
            journal.remove_tree(folder)
            marker.release()
            raise
        return cls(folder, tx, marker)

    def commit(self) -> None:
        """Mark the transaction done (a failure here still rolls back)."""
        journal.save_record(self.folder, journal.with_status(self.tx, journal.COMMITTED))

    def close(self) -> None:
        """Drop the marker of a committed transaction and apply the retention."""
        self.marker.release()
        keep, max_bytes = journal.settings()
        with contextlib.suppress(OSError):
            journal.prune(self.folder.parent, keep=keep, max_bytes=max_bytes)
            journal.prune_gone(self.folder.parent.parent)

    def roll_back(self) -> list[Outcome]:
        """Put back every file still holding what aido wrote, and their records; report each."""
        files = list(reversed(self.tx.files))
        outcomes = [restore_file(self.folder, entry) for entry in files]
        try:
            # Every file gets its records from before, even one left as it is: the
            # state is as before the transaction, and ownership never exceeds it.
            restore_states(self.folder, self.tx, files)
        except AidoError as exc:
            outcomes.append(Outcome("aido's state", FAILED, str(exc)))
        clean = all(o.kind in (RESTORED, UNCHANGED) for o in outcomes)
        status = journal.ROLLED_BACK if clean else journal.INCOMPLETE
        lines = tuple(o.line for o in outcomes)
        with contextlib.suppress(AidoError):
            journal.save_record(self.folder, journal.with_status(self.tx, status, lines))
        if any(o.kind == FAILED for o in outcomes):
            self.marker.close()  # the next run tries again
        else:
            self.marker.release()
        return outcomes


def _snapshot_states(
    folder: Path, entries: list[FileEntry]
) -> tuple[tuple[FileEntry, ...], tuple[StateEntry, ...]]:
    """Save each state file's bytes and fill in each file's records before the transaction."""
    states: list[StateEntry] = []
    filled = [e for e in entries if not e.state_path]  # aido's own files: no records
    for state_path in dict.fromkeys(e.state_path for e in entries if e.state_path):
        path = Path(state_path)
        with lock_file(path):
            raw = path.read_bytes() if path.exists() else None
            state = State() if raw is None else parse_state(raw, path)
        digest = ABSENT if raw is None else journal.save_blob(folder, raw)
        states.append(StateEntry(path=state_path, before=digest))
        for entry in (e for e in entries if e.state_path == state_path):
            records = tuple(state.for_file(entry.adapter, entry.record_path))
            filled.append(replace(entry, records=records))
    return _in_order(entries, filled), tuple(states)


def _in_order(entries: list[FileEntry], filled: list[FileEntry]) -> tuple[FileEntry, ...]:
    """`filled` in the order of `entries` (matched by file and adapter)."""
    by_key = {(e.abs_path, e.adapter, e.record_path): e for e in filled}
    return tuple(by_key[(e.abs_path, e.adapter, e.record_path)] for e in entries)


def restore_file(folder: Path, entry: FileEntry) -> Outcome:
    """Put one file back from the journal if it holds exactly what aido wrote."""
    path = Path(entry.abs_path)
    try:
        current = current_digest(path)
        if current == entry.before:
            return Outcome(entry.path, UNCHANGED)
        if current != entry.after:
            return Outcome(entry.path, KEPT)
        data = journal.load_blob(folder, entry.before)
        if data is None:
            remove_file(path, entry.after)
        else:
            replace_file(path, data, entry.after, create_parents=False)
    except AidoError as exc:
        return Outcome(entry.path, FAILED, str(exc))
    except OSError as exc:
        return Outcome(entry.path, FAILED, exc.strerror or str(exc))
    return Outcome(entry.path, RESTORED)


def remove_file(path: Path, expected: str) -> None:
    """Remove a file aido created, if it still holds exactly `expected`."""
    if current_digest(path) != expected:
        raise StaleError(f"{path} changed since it was read; run aido plan again")
    path.unlink()
    fsync_directory(path.parent)


def restore_states(folder: Path, tx: Tx, entries: Sequence[FileEntry]) -> None:
    """Give `entries` their records from before `tx`; a state file nobody else changed
    gets its old bytes back exactly (or is removed when it did not exist)."""
    for state in tx.states:
        mine = [e for e in entries if e.state_path == state.path]
        if mine:
            set_records(Path(state.path), [(e, e.records) for e in mine], folder, state.before)


def set_records(
    path: Path,
    changes: Sequence[tuple[FileEntry, Sequence[Record]]],
    folder: Path | None = None,
    before: str = ABSENT,
) -> None:
    """Swap the records of some files in one state file (under its lock).

    With `folder`, the state's bytes from before the transaction are put back
    exactly when the result equals them.
    """
    with lock_file(path):
        state = load_state(path)
        for entry, records in changes:
            state = state.replace(entry.adapter, entry.record_path, list(records))
        raw = journal.load_blob(folder, before) if folder is not None else None
        if folder is None or state != (State() if raw is None else parse_state(raw, path)):
            save_state(path, state)
        elif raw is None:
            path.unlink(missing_ok=True)
        elif current_digest(path) != file_digest(raw):
            replace_file(path, raw, current_digest(path), create_parents=False)


# The transactions committed in this process, each with when (time.monotonic_ns), for the
# line Ctrl-C ends a command with (SPEC §8).
_COMMITTED: list[tuple[int, Tx]] = []


def committed(since: int = 0) -> tuple[Tx, ...]:
    """The transactions committed since `since` (time.monotonic_ns): their files are written."""
    return tuple(tx for when, tx in _COMMITTED if when >= since)


@contextlib.contextmanager
def transaction(
    *,
    project: str,
    scope: str,
    kind: str,
    files: Sequence[tuple[FileEntry, bytes | None]],
    undoes: str | None = None,
) -> Iterator[Transaction]:
    """Run the block's writes as one transaction: commit, or roll back and say what happened."""
    tx = Transaction.begin(project=project, scope=scope, kind=kind, files=files, undoes=undoes)
    try:
        yield tx
        tx.commit()
        _COMMITTED.append((time.monotonic_ns(), tx.tx))
    except BaseException as exc:
        with _uninterrupted():
            outcomes = tx.roll_back()
        error = rolled_back(exc, outcomes)
        if error is exc:
            raise
        raise error from None
    tx.close()


@contextlib.contextmanager
def _uninterrupted() -> Iterator[None]:
    """Ctrl-C ignored for the block: a roll-back cut short would leave files half put back
    while the line Ctrl-C ends with says what was written (it takes milliseconds)."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals go to the main thread anyway
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def rolled_back(exc: BaseException, outcomes: list[Outcome]) -> BaseException:
    """The error to show after a roll-back: the original one, plus what happened per file."""
    if all(o.kind == UNCHANGED for o in outcomes):
        return exc  # nothing had been written: the original error says it all
    summary = "aido rolled the apply back: " + ", ".join(o.line for o in outcomes)
    if isinstance(exc, KeyboardInterrupt):
        return RolledBackError(interrupted(outcomes), exit_code=130, code="interrupted")
    if isinstance(exc, AidoError):
        return RolledBackError(f"{exc}; {summary}", exit_code=exc.exit_code, code=exc.code)
    exc.add_note(summary)
    return exc


def interrupted(outcomes: list[Outcome]) -> str:
    """What Ctrl-C in the middle of the writes left: nothing, when every file is back."""
    if all(o.kind in (RESTORED, UNCHANGED) for o in outcomes):
        back = ", ".join(o.line for o in outcomes if o.kind == RESTORED)
        return f"Interrupted: nothing was written ({back})."
    return "Interrupted; aido rolled the apply back: " + ", ".join(o.line for o in outcomes)


def recover(project: Path | None = None) -> list[str]:
    """Finish the roll-back of every transaction whose run died; one line per transaction.

    The journal must be trusted (`trust.check_root`, against `project` and each record's
    own), and a record is rolled back only where apply would write (`trust.check_restores`).
    """
    root = journal.journal_root()
    if not root.is_dir():
        return []
    check_root(root, project)
    lines: list[str] = []
    for marker, folder in markers.dead_markers(root):
        tx = journal.load_record(folder) if folder is not None else None
        if tx is None and folder is not None and (folder / journal.RECORD).exists():
            lines.append(f"cannot read aido's journal {folder}; move it away to go on")
            continue
        if tx is None or tx.status != journal.RUNNING:
            if tx is None and folder is not None:
                journal.remove_tree(folder)  # died before writing any file
            marker.release()
            continue
        if folder is None:
            raise RuntimeError("aido bug: expected folder is not None")
        try:
            check_root(root, Path(tx.project))
            check_restores(tx, Path(tx.project), tx.scope)
        except AidoError as exc:
            lines.append(f"did not roll back the interrupted {tx.kind} {folder}: {exc}")
            continue
        with lock_all(e.abs_path for e in tx.files):
            outcomes = Transaction(folder, tx, marker).roll_back()
        done = ", ".join(o.line for o in outcomes)
        lines.append(f"an interrupted {tx.kind} ({tx.id}, {tx.project}) was rolled back: {done}")
    return lines


def journal_entry(
    *,
    adapter: str,
    path: str,
    abs_path: str,
    state_path: str,
    record_path: str,
    before: bytes | None,
    after: bytes | Pieces | None,
    entries: tuple[str, ...] = (),
    digest_before: str | None = None,
    records_only: bool = False,
) -> FileEntry:
    """A file's journal entry from its bytes before and after (`digest_before`: the
    digest of `before`, when the caller has it)."""
    return FileEntry(
        adapter=adapter,
        path=path,
        abs_path=abs_path,
        state_path=state_path,
        record_path=record_path,
        before=digest_before or file_digest(before),
        after=file_digest(after),
        entries=entries,
        records_only=records_only,
    )
