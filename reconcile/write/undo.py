"""`aido undo`: put the files of one journaled apply back as they were (issue 18).

The plan is one `Restore` per file of the transaction: a file still holding
exactly what that apply wrote is restored (its ownership records too); one
already as before is left; one changed since is a conflict, never
overwritten. The restore runs as a transaction of its own (kind "undo"), so
it is all or nothing, and can itself be undone by naming it.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from aidokit.catalog.errors import printable
from aidokit.reconcile.core.atomic import current_digest, file_digest, read_bytes, replace_file
from aidokit.reconcile.core.errors import AidoError, ConfigError, StaleError
from aidokit.reconcile.write import journal
from aidokit.reconcile.write.journal import FileEntry, Tx
from aidokit.reconcile.write.journal_checks import check_restores, check_root
from aidokit.reconcile.write.transaction import (
    journal_entry,
    lock_all,
    remove_file,
    set_records,
    transaction,
)

UNDO = "undo"
CONTEXT = 3  # lines of context around each change in a restore's diff


class Step(Enum):
    """What undo does to one file; the value is its symbol."""

    RESTORE = "<"
    SAME = "="
    CONFLICT = "!"


@dataclass(frozen=True)
class Restore:
    """One file of the transaction: its bytes now, and those the undo writes back."""

    entry: FileEntry
    step: Step
    now: bytes | None
    before: bytes | None


def pick(project: str, scope: str, prefix: str | None) -> tuple[Path, Tx]:
    """The transaction to undo: the named one, or the last apply of this project and scope.

    The journal must be one aido trusts, and the transaction may restore only
    files apply writes here (`trust.py`); a damaged record where the one to undo
    would be is an error naming it, never skipped.
    """
    root = journal.journal_root()
    check_root(root, Path(project))
    if prefix:
        found = journal.find(root, prefix)
        if found is None:
            raise ConfigError(
                f"no transaction '{prefix}' in aido's journal {root};"
                " list them with aido undo --list"
            )
    else:
        found = _last(root, project, scope)
    check_restores(found[1], Path(project), scope)
    return _undoable(found)


def _last(root: Path, project: str, scope: str) -> tuple[Path, Tx]:
    """The newest apply of this project and scope; a damaged record at least as new is an
    error (it may be that apply)."""
    good, damaged = journal.scan(journal.group_dir(root, project, scope))
    applies = [(f, tx) for f, tx in good if tx.kind != UNDO]
    newest = applies[0][1].started_ns // 1_000_000_000 * 1_000_000_000 if applies else 0
    for folder, problem in damaged:
        stamp = journal.stamp_of(folder.name)
        if stamp is None or stamp >= newest:
            raise journal.damaged_error(folder, problem)
    if not applies:
        raise ConfigError(
            f"nothing to undo: aido's journal {root} holds no apply of {project} at scope {scope}"
        )
    return applies[0]


def _undoable(found: tuple[Path, Tx]) -> tuple[Path, Tx]:
    """Refuse a transaction that did not complete or was undone already."""
    folder, tx = found
    if tx.status != journal.COMMITTED:
        raise AidoError(f"transaction {tx.id} was {tx.status}: it changed nothing to undo")
    by = undone_by(journal.transactions(folder.parent), tx.id)
    if by is not None:
        raise AidoError(
            f"transaction {tx.id} was already undone by {by.id} ({by.started}); "
            f"to redo it run aido undo {by.id}, or pick another one from aido undo --list"
        )
    return found


def undone_by(txs: list[tuple[Path, Tx]], tx_id: str) -> Tx | None:
    """The committed undo of `tx_id` still in effect (not itself undone), if any."""
    for _, tx in txs:
        if tx.undoes == tx_id and tx.status == journal.COMMITTED and not undone_by(txs, tx.id):
            return tx
    return None


def plan_restores(folder: Path, tx: Tx) -> list[Restore]:
    """What undoing `tx` would do to each of its files (compare-and-swap per file)."""
    restores = []
    for entry in tx.files:
        now = read_bytes(Path(entry.abs_path))
        digest = file_digest(now)
        if entry.records_only:  # only its records changed: back, if the file is as it left it
            step = Step.RESTORE if digest == entry.after else Step.CONFLICT
            restores.append(Restore(entry, step, now, now))
        elif digest == entry.before:
            restores.append(Restore(entry, Step.SAME, now, now))
        elif digest == entry.after:
            restores.append(
                Restore(entry, Step.RESTORE, now, journal.load_blob(folder, entry.before))
            )
        else:
            restores.append(Restore(entry, Step.CONFLICT, now, None))
    return restores


def undo(folder: Path, tx: Tx, restores: list[Restore]) -> list[Restore]:
    """Restore the files (and their records) as one transaction; return those restored.

    A state file that ends up as it was before `tx` gets those exact bytes back.
    """
    states = {state.path: state.before for state in tx.states}
    todo = [r for r in restores if r.step is Step.RESTORE]
    with lock_all(r.entry.abs_path for r in todo):
        for item in todo:
            if current_digest(Path(item.entry.abs_path)) != item.entry.after:
                raise StaleError(f"{item.entry.path} changed since; run aido undo again")
        files = [(_inverse(r), None if r.entry.records_only else r.now) for r in todo]
        with transaction(
            project=tx.project, scope=tx.scope, kind=UNDO, files=files, undoes=tx.id
        ) as undoing:
            for item, entry in zip(todo, undoing.tx.files, strict=True):
                _write_back(item, tx.scope)
                if entry.state_path:  # aido's own files have no records
                    before = states[entry.state_path]
                    records = item.entry.records
                    set_records(Path(entry.state_path), [(entry, records)], folder, before)
    return todo


def _inverse(item: Restore) -> FileEntry:
    """The undo's own journal entry for a file: from what it holds now back to before."""
    flip = {"+": "-", "-": "+"}
    entries = tuple(flip.get(e[:1], e[:1]) + e[1:] for e in item.entry.entries)
    return journal_entry(
        adapter=item.entry.adapter,
        path=item.entry.path,
        abs_path=item.entry.abs_path,
        state_path=item.entry.state_path,
        record_path=item.entry.record_path,
        before=item.now,
        after=item.before,
        entries=entries,
        records_only=item.entry.records_only,
    )


def _write_back(item: Restore, scope: str) -> None:
    path = Path(item.entry.abs_path)
    if item.entry.records_only:
        return
    if item.before is None:
        remove_file(path, item.entry.after)
        return
    project = scope == "project"
    replace_file(
        path,
        item.before,
        item.entry.after,
        create_parents=project,
        new_mode=0o666 if project else 0o600,
    )


# --- rendering ---------------------------------------------------------------------


def render_undo(tx: Tx, restores: list[Restore]) -> str:
    """The undo plan: each file's restore as a diff, conflicts named, a closing count."""
    what = f"undo of {tx.undoes}" if tx.undoes else tx.kind
    out = [f"Undo {tx.id} ({what} of {tx.started}, {tx.project}, scope {tx.scope}):"]
    for item in restores:
        out += ["", f"# {printable(item.entry.path)} ({item.entry.adapter})"]
        if item.entry.entries:
            out.append(printable(f"  that {tx.kind} made: {', '.join(item.entry.entries)}"))
        if item.step is Step.RESTORE and item.entry.records_only:
            out.append("  < aido stops owning what that " + tx.kind + " adopted; the file stays")
        elif item.step is Step.RESTORE:
            out.append("  < restore: as it was before that " + tx.kind)
            out += diff_lines(item.now, item.before, item.entry.path)
        elif item.step is Step.SAME:
            out.append("  = already as it was before; nothing to do")
        else:
            out.append("  ! conflict: changed since that apply; left alone (undo never overwrites)")
    counts = {step: sum(r.step is step for r in restores) for step in Step}
    out += [
        "",
        f"Undo: {counts[Step.RESTORE]} to restore, {counts[Step.CONFLICT]} "
        f"{'conflict' if counts[Step.CONFLICT] == 1 else 'conflicts'}.",
    ]
    return "\n".join(out) + "\n"


def diff_lines(now: bytes | None, before: bytes | None, name: str) -> list[str]:
    """A unified diff from `now` to `before`, over the changed region only (big files)."""
    old = (now or b"").decode("utf-8", "replace").splitlines()
    new = (before or b"").decode("utf-8", "replace").splitlines()
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    start = max(0, head - CONTEXT)
    old_part = old[start : len(old) - max(0, tail - CONTEXT)]
    new_part = new[start : len(new) - max(0, tail - CONTEXT)]
    lines = difflib.unified_diff(
        old_part, new_part, f"{name} (now)", f"{name} (restored)", n=CONTEXT, lineterm=""
    )
    return ["    " + printable(_shift(line, start)) for line in lines]


def _shift(line: str, offset: int) -> str:
    """Renumber a hunk header of a diff computed on a slice starting at line `offset`."""
    if not line.startswith("@@ ") or not offset:
        return line
    parts = line.split(" ")
    for i in (1, 2):
        sign, numbers = parts[i][0], parts[i][1:].split(",")
        numbers[0] = str(int(numbers[0]) + offset)
        parts[i] = sign + ",".join(numbers)
    return " ".join(parts)


def render_list(project: str, scope: str) -> str:
    """The journal of this project and scope, newest first (damaged records as damaged)."""
    _, txs, damaged = _journal_of(project, scope)
    keep, _ = journal.settings()
    if not txs and not damaged:
        return f"aido's journal holds no transaction of {project} at scope {scope}.\n"
    out = [f"aido's journal of {project} (scope {scope}), newest first, last {keep} kept:"]
    blocks = [(tx.started_ns, _listed(tx, txs)) for _, tx in txs]
    blocks += [(_stamp(folder), _damaged(folder, problem)) for folder, problem in damaged]
    for _, lines in sorted(blocks, key=lambda block: block[0], reverse=True):
        out += ["", *lines]
    return "\n".join(out) + "\n"


LIST_FORMAT_VERSION = 1


def list_json(project: str, scope: str) -> dict[str, object]:
    """`undo --list --json`: the same journal as a document (docs/schemas/undo-list)."""
    root, txs, damaged = _journal_of(project, scope)
    items = [(tx.started_ns, _tx_json(tx, txs)) for _, tx in txs]
    items += [
        (_stamp(folder), {"id": folder.name, "status": "damaged", "problem": problem,
                          "folder": str(folder)})
        for folder, problem in damaged
    ]  # fmt: skip
    ordered = [item for _, item in sorted(items, key=lambda item: item[0], reverse=True)]
    keep, _ = journal.settings()
    return {
        "format_version": LIST_FORMAT_VERSION,
        "project": project,
        "scope": scope,
        "journal": str(root),
        "kept": keep,
        "transactions": ordered,
    }


def _journal_of(
    project: str, scope: str
) -> tuple[Path, list[tuple[Path, Tx]], list[tuple[Path, str]]]:
    root = journal.journal_root()
    check_root(root, Path(project))
    txs, damaged = journal.scan(journal.group_dir(root, project, scope))
    return root, txs, damaged


def _tx_json(tx: Tx, txs: list[tuple[Path, Tx]]) -> dict[str, object]:
    by = undone_by(txs, tx.id)
    return {
        "id": tx.id,
        "command": tx.kind,
        "started": tx.started,
        "status": tx.status,
        "undoes": tx.undoes,
        "undone_by": by.id if by is not None else None,
        "files": [
            {"path": e.path, "adapter": e.adapter, "entries": list(e.entries)} for e in tx.files
        ],
        "outcomes": list(tx.outcomes),
    }


def _listed(tx: Tx, txs: list[tuple[Path, Tx]]) -> list[str]:
    status = tx.status
    by = undone_by(txs, tx.id)
    if by is not None:
        status += f", undone by {by.id}"
    what = f"undo of {tx.undoes}" if tx.undoes else tx.kind
    out = [f"{tx.id}  {tx.started}  {what}  {status}"]
    out += [
        printable(f"  {e.path} ({e.adapter}): {', '.join(e.entries) or 'no entry change'}")
        for e in tx.files
    ]
    return out + [printable(f"  roll-back: {line}") for line in tx.outcomes]


def _damaged(folder: Path, problem: str) -> list[str]:
    return [printable(f"{folder.name}  damaged: {problem}"), printable(f"  {folder}")]


def _stamp(folder: Path) -> int:
    """Where a damaged record sorts: by its folder's name, or first when that is no id."""
    stamp = journal.stamp_of(folder.name)
    return stamp if stamp is not None else 1 << 80
