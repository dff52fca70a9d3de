"""aido's own files in a transaction (issue 38 §3): undo is a whole undo.

`import`, `adopt`, `mcp add` and `apply` change more than harness files: the
config layer (`aido.toml`, `aido.local.toml` or the user layer), `aido.lock`,
the ownership records of entries they adopt as they stand, and the store of
typed confirmations. Each of those goes into the same journal transaction as
the harness files, so a roll-back or an `aido undo` puts all of it back.

A journal entry of one of aido's own files carries the adapter name `OWN` and
no state file (it has no ownership records); an entry whose file the
transaction leaves as it is, but whose records it changes, is `records_only`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from aidokit.reconcile.core.atomic import current_digest, file_digest, read_bytes, replace_file
from aidokit.reconcile.write.journal import OWN, FileEntry
from aidokit.reconcile.write.transaction import lock_all, transaction


@dataclass(frozen=True)
class OwnWrite:
    """One of aido's own files, its bytes before and the bytes the transaction leaves.

    `private`: a file in the user's state dir (the confirmations), mode 0600.
    """

    path: Path
    shown: str
    before: bytes | None
    after: bytes
    what: str = ""  # "+ context7": what changed, for undo --list
    private: bool = False

    @property
    def changes(self) -> bool:
        """Whether the bytes differ at all."""
        return self.before != self.after

    def entry(self) -> FileEntry:
        """Its journal entry."""
        return FileEntry(
            adapter=OWN,
            path=self.shown,
            abs_path=str(self.path),
            state_path="",
            record_path=self.shown,
            before=file_digest(self.before),
            after=file_digest(self.after),
            entries=(self.what,) if self.what else (),
        )

    def write(self) -> None:
        """Write the new bytes, unless the file holds them already (written before the
        transaction began, as a confirmation typed at the prompt is)."""
        if current_digest(self.path) == file_digest(self.after):
            return
        replace_file(
            self.path,
            self.after,
            file_digest(self.before),
            create_parents=True,
            new_mode=0o600 if self.private else 0o666,
        )


def own_write(path: Path, shown: str, after: bytes, what: str = "") -> OwnWrite:
    """The write of `after` into `path`, from what it holds now."""
    return OwnWrite(path, shown, read_bytes(path), after, what)


@dataclass(frozen=True)
class Extra:
    """What a transaction changes besides the plan's harness files.

    `records` are journal entries (`records_entry`) of the files whose ownership
    records `record` changes without writing them.
    """

    writes: tuple[OwnWrite, ...] = ()
    late: tuple[OwnWrite, ...] = ()  # written after the harness files (`aido.lock`)
    records: tuple[FileEntry, ...] = ()
    record: Callable[[], None] | None = None
    after: Callable[[], None] | None = None  # runs once the transaction committed

    def with_writes(self, *writes: OwnWrite, late: bool = False) -> Extra:
        """This extra with more of aido's own files (those that change)."""
        more = tuple(w for w in writes if w.changes)
        if late:
            return replace(self, late=(*self.late, *more))
        return replace(self, writes=(*self.writes, *more))

    @property
    def every_write(self) -> tuple[OwnWrite, ...]:
        """The own files it writes, first and last."""
        return (*self.writes, *self.late)

    @property
    def empty(self) -> bool:
        """Whether it changes nothing at all."""
        return not self.every_write and self.record is None

    def run(self) -> None:
        """Write the own files, then the records (inside the transaction, first)."""
        for write in self.writes:
            write.write()
        if self.record is not None:
            self.record()

    def finish(self) -> None:
        """Write the late files (inside the transaction, after the harness files)."""
        for write in self.late:
            write.write()


def records_entry(
    *,
    adapter: str,
    path: str,
    abs_path: str,
    state_path: str,
    record_path: str,
    names: Sequence[str],
) -> FileEntry:
    """The journal entry of a file whose records change while its bytes stay."""
    digest = current_digest(Path(abs_path))
    return FileEntry(
        adapter=adapter,
        path=path,
        abs_path=abs_path,
        state_path=state_path,
        record_path=record_path,
        before=digest,
        after=digest,
        entries=tuple(f"adopt {name}" for name in names),
        records_only=True,
    )


def not_among(extra: Sequence[FileEntry], files: Sequence[FileEntry]) -> list[FileEntry]:
    """The `extra` entries whose file is not among the plan's `files` (an entry there
    keeps its records in the journal already)."""
    keys = {(e.abs_path, e.adapter, e.record_path) for e in files}
    return [e for e in extra if (e.abs_path, e.adapter, e.record_path) not in keys]


@dataclass(frozen=True)
class Snapshot:
    """What one of aido's own files held before a step that writes it outside the
    transaction (the confirmation store, saved as each id is typed)."""

    path: Path
    shown: str
    before: bytes | None

    @classmethod
    def of(cls, path: Path, shown: str) -> Snapshot:
        """The file as it is now."""
        return cls(path, shown, read_bytes(path))

    def write(self) -> OwnWrite | None:
        """The change since, as a write the transaction journals (None: none)."""
        now = read_bytes(self.path)
        if now is None or now == self.before:
            return None
        return OwnWrite(self.path, self.shown, self.before, now, "confirmations", private=True)


class Collector:
    """A config writer (`choices.config_edit.Writer`) that keeps each edit as an
    `OwnWrite` for the transaction instead of writing it."""

    def __init__(self, shown: Callable[[Path], str], what: str = "") -> None:
        self.shown = shown
        self.what = what
        self.writes: list[OwnWrite] = []

    def __call__(self, path: Path, text: str, raw: bytes | None) -> None:
        self.writes.append(OwnWrite(path, self.shown(path), raw, text.encode("utf-8"), self.what))


def write_journaled(*, project: str, scope: str, kind: str, extra: Extra) -> None:
    """Write aido's own files and records as a transaction of their own, when no harness
    file changes (`aido mcp add`, `aido adopt` of an entry as it stands)."""
    if not extra.empty:
        with lock_all(write.path for write in extra.every_write):
            files = [(write.entry(), write.before) for write in extra.every_write]
            files += [(entry, None) for entry in extra.records]
            with transaction(project=project, scope=scope, kind=kind, files=files):
                extra.run()
                extra.finish()
    if extra.after is not None:
        extra.after()
