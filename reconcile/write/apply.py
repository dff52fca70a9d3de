"""Apply a plan (SPEC §6): re-read, check the hash, minimal edit, atomic write, record state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import ITEMS, Host, Scope
from aidokit.adapters.common import identity_of
from aidokit.reconcile.checks import hardening
from aidokit.reconcile.core import paths
from aidokit.reconcile.core.atomic import (
    MapOrigin,
    Pieces,
    current_digest,
    remove_file,
    replace_file,
)
from aidokit.reconcile.core.errors import SecurityError, StaleError
from aidokit.reconcile.core.lock import lock_file
from aidokit.reconcile.documents import Document, read_document
from aidokit.reconcile.gate.confirmations import stored_confirmations
from aidokit.reconcile.gate.gate import refusal
from aidokit.reconcile.plan.model import Action, Change, FileChange, Plan, Reason
from aidokit.reconcile.read.ownership import (
    DELETING,
    Record,
    entry_digest,
    load_state,
    save_state,
    written_fields,
)
from aidokit.reconcile.write.journal import FileEntry
from aidokit.reconcile.write.ownfiles import Extra, not_among
from aidokit.reconcile.write.settings import check_settings
from aidokit.reconcile.write.transaction import journal_entry, lock_all, transaction


@dataclass(frozen=True)
class Applied:
    """What one file's apply did."""

    file: FileChange
    written: bool


def check_targets(plan: Plan) -> None:
    """Refuse the whole plan if a project file now leads through a link it may not, or to
    another file than the one planned (a link retargeted since the plan)."""
    host = Host.current(Path(plan.project))
    for file in plan.files:
        path = Path(file.abs_path)
        inside = file.scope == Scope.LOCAL.value and path.is_relative_to(host.project)
        if not file.actionable or (file.scope != Scope.PROJECT.value and not inside):
            continue
        problem = paths.judge(path, host).problem
        if problem is None and not inside and paths.record_key(path, host) != file.record_path:
            problem = f"{file.path} now leads to another file than planned; run aido plan again"
        if problem:
            raise SecurityError(f"{problem}; aido wrote nothing")


def check_fresh(plan: Plan, *, saved: bool = True) -> None:
    """Refuse the whole plan if any file, or `aido.lock`, changed since it was planned
    (`saved`: the plan came from a file, else it was made by this run a moment ago).

    A saved plan is checked over every file it covers, changes or not (SPEC §6): it
    stands for the state of all of them when it was made. A plan of this run checks the
    files it writes."""
    lock = plan.lock
    if lock is not None and current_digest(Path(lock.path)) != lock.digest:
        # The files were planned from that lock: stale too, so refuse before the first write.
        raise StaleError(f"{lock.path} changed since the plan was made; run aido plan again")
    for file in plan.files:
        if not saved and not file.actionable and not file.forget:
            continue
        # Hash the bytes only: parsing a 20 MB ~/.claude.json twice would be waste.
        if current_digest(Path(file.abs_path)) == file.digest:
            continue
        if saved:
            raise StaleError(
                f"saved plan is stale: {file.path} changed since the plan was made; "
                "run aido plan again"
            )
        raise StaleError(
            f"{file.path} changed since aido read it, while aido was planning (another "
            "program, such as a running harness or another aido, is writing it); nothing was "
            "written: run aido apply again, or quit that program first"
        )


def check_gates(plan: Plan, confirmed: Callable[[FileChange, Change], bool]) -> None:
    """Refuse before any write if a security-sensitive entry lacks confirmation."""
    missing = sorted(
        {
            change.name
            for file in plan.files
            for change in file.actionable
            if change.needs_confirmation and not confirmed(file, change)
        }
    )
    if missing:
        raise refusal(missing, plan.scope)


def check_values(plan: Plan) -> None:
    """Refuse before any write if a name or value to write could inject keys or controls."""
    for file in plan.files:
        for change in file.actionable:
            # A companion (role scoping) is a `<server>_*` tool glob under agent names; an
            # array item's name is its value, whose problems are looked for below.
            name = change.name.removesuffix("_*") if change.map_path else change.name
            keys = [n for n in (*change.map_path, name) if n != ITEMS]
            if ITEMS in change.map_path:
                keys.remove(name)
            problems = [hardening.entry_name_problem(n) for n in keys]
            if change.action is not Action.DELETE:
                problems += hardening.value_problems(change.after, change.name)
            problem = next((p for p in problems if p), None)
            if problem:
                raise SecurityError(
                    f"{file.path}: {problem}; aido wrote nothing (check aido.toml and the catalog)"
                )


def apply_plan(
    plan: Plan,
    *,
    kind: str = "apply",
    saved: bool = True,
    on_file: Callable[[FileChange], None] | None = None,
    extra: Extra | None = None,
) -> list[Applied]:
    """Write every file of `plan` that has changes, as one transaction (`transaction.py`)
    recorded as made by command `kind` (apply, destroy, remove, ...).

    Every file is locked, read, checked and edited in memory first; the journal
    saves what each holds; then the files are written one by one, state after
    each. A failed write rolls back the files already written.
    `on_file` is called before each file is written (progress); `saved=False` says the
    plan was made by this run (only the words of a stale file's error differ). `extra`:
    aido's own files and records the same transaction changes first (`ownfiles.py`).
    """
    if any(f.error for f in plan.files):
        raise StaleError("the plan has files with errors; fix them and run aido plan again")
    check_settings()
    check_targets(plan)
    check_fresh(plan, saved=saved)
    check_values(plan)
    check_gates(plan, stored_confirmations(plan))
    forgotten = [_forget_records(f) for f in plan.files if f.forget and not f.actionable]
    files = [file for file in plan.files if file.actionable]
    if not files and (extra is None or extra.empty):
        return forgotten
    extra = extra or Extra()
    own = [write.path for write in extra.every_write]
    with lock_all([*(file.abs_path for file in files), *own]):
        edits = [_edit(file) for file in files]
        journaled = [(w.entry(), w.before) for w in extra.every_write]
        kept = not_among(extra.records, [edit.entry for edit in edits])
        journaled += [(entry, None) for entry in kept]
        journaled += [(edit.entry, edit.document.original) for edit in edits]
        with transaction(project=plan.project, scope=plan.scope, kind=kind, files=journaled):
            extra.run()
            for edit in edits:
                if on_file is not None:
                    on_file(edit.file)
                _write(edit)
            extra.finish()
    return [*forgotten, *(Applied(file, written=True) for file in files)]


def _forget_records(file: FileChange) -> Applied:
    """Drop the records of a file that no longer exists (nothing else to write there)."""
    path = Path(file.abs_path)
    state_path = Path(file.state_path)
    with lock_file(path), lock_file(state_path):
        if current_digest(path) != file.digest:
            raise StaleError(f"{file.path} changed since it was planned; run aido plan again")
        state = load_state(state_path)
        save_state(state_path, state.replace(file.adapter, file.record_path, []))
    return Applied(file, written=False)


@dataclass(frozen=True)
class Edit:
    """One file edited in memory, ready to write."""

    file: FileChange
    document: Document
    present: set[Key]
    data: Pieces | None  # the new bytes, in pieces (None: no file: not created, or removed)
    changed: bool  # whether the edits changed any byte
    entry: FileEntry
    created: bool  # aido created the file (now, or on an earlier apply)
    origins: Origins  # per map the plan touches: what it held before aido's first entry


def _edit(file: FileChange) -> Edit:
    """Read the file (refusing it if it changed since the plan) and make the plan's edits."""
    document = read_document(Path(file.abs_path), file.fmt)
    if document.digest != file.digest:
        raise StaleError(f"{file.path} changed since it was planned; run aido plan again")
    present = _present(document, file)
    records = load_state(Path(file.state_path)).for_file(file.adapter, file.record_path)
    origins = _origins(document, file, records, present)
    for map_path, origin in origins.items():
        document.restore(map_path or file.map_path, origin)
    for change in file.actionable:
        map_path = change.map_path or file.map_path
        if change.action is Action.DELETE:
            # A hand-written entry renamed to its catalog id: its comments stay (issue 50).
            renamed = change.why is Reason.RENAMED
            document.delete_entry(map_path, change.name, keep_comments=renamed)
            present.discard((change.map_path, change.name))
        else:
            document.update_entry(map_path, change.name, change.after, change.kept)
            present.add((change.map_path, change.name))
    changed = document.changed
    data = document.pieces() if changed else _whole(document.original)
    created = document.original is None or any(record.created for record in records)
    if created and data is not None and _holds_nothing_else(document, file.map_path):
        data = None  # SPEC §6: a file aido created and that holds nothing else goes again
    entry = journal_entry(
        adapter=file.adapter,
        path=file.path,
        abs_path=file.abs_path,
        state_path=file.state_path,
        record_path=file.record_path,
        before=document.original,
        after=data,
        digest_before=document.digest,
        entries=tuple(f"{c.action.value} {c.label}" for c in file.actionable),
    )
    return Edit(file, document, present, data, changed, entry, created, origins)


def _whole(raw: bytes | None) -> Pieces | None:
    return None if raw is None else (raw,)


def _origins(
    document: Document, file: FileChange, records: list[Record], present: set[Key]
) -> Origins:
    """What each map the plan edits held before aido's first entry went in: as the
    records of aido's entries still in it say, else as the file shows it now."""
    result: Origins = {}
    for map_path in {change.map_path for change in file.changes}:
        mine = [
            r for r in records if not r.pending and r.map_path == map_path and r.key[2:] in present
        ]
        result[map_path] = mine[0].origin if mine else document.origin(map_path or file.map_path)
    return result


def _holds_nothing_else(document: Document, map_path: tuple[str, ...]) -> bool:
    """Whether the edited file is only the empty server map (and no comment) or empty."""
    value: Any = document.value
    for key in map_path:
        if value == {}:
            return True
        if not isinstance(value, dict) or set(value) != {key}:
            return False
        value = value[key]
    text = document.render().decode("utf-8", "replace")
    return value == {} and not any(mark in text for mark in ("//", "/*", "#"))


def _write(edit: Edit) -> None:
    """Save the intent, write the file (compare-and-swap), record what it now holds."""
    _record_intent(edit.file, edit.origins)
    if edit.data is None and edit.document.original is not None:
        remove_file(edit.document.path, edit.document.digest)
    elif edit.data is not None and edit.changed:
        project = edit.file.scope is Scope.PROJECT  # SPEC §7: new user-level files are 0600
        # A companion file may need its folder: a person's `.claude/settings.local.json`,
        # ~/.claude/settings.json before Claude Code's first run (its ~/.claude.json is there).
        companion = edit.file.companion is not None
        replace_file(
            edit.document.path,
            edit.data,
            edit.document.digest,
            create_parents=project or companion,
            new_mode=0o666 if project else 0o600,
        )
    _record(edit.file, edit.present, edit.origins, created=edit.created)


Key = tuple[tuple[str, ...], str]  # (companion map path or (), entry name)
Origins = dict[tuple[str, ...], MapOrigin]  # companion map path or () -> its origin


def _present(document: Document, file: FileChange) -> set[Key]:
    """Every (map, name) the file holds before the edit, for the maps the plan touches."""
    maps = {c.map_path for c in file.changes} | {()}
    return {
        (map_path, name)
        for map_path in maps
        for name in document.get_map(map_path or file.map_path) or {}
    }


def _record_intent(file: FileChange, origins: Origins) -> None:
    """Save what this write will change as pending records, before the file is written.

    SPEC §6 writes the file first and state second; a run killed between the two
    would otherwise leave a written entry unrecorded or a deleted one claimed.
    `state.settle` resolves pending records against the file on the next run
    (and a roll-back puts the records from before back, from the journal).
    """
    state_path = Path(file.state_path)
    with lock_file(state_path):
        state = load_state(state_path)
        records = [r for r in state.for_file(file.adapter, file.record_path) if not r.pending]
        for change in file.actionable:
            if change.id is None:
                continue
            deleting = change.action is Action.DELETE
            origin = origins[change.map_path]
            records.append(record_of(file, change, origin, pending=True, deleting=deleting))
        save_state(state_path, state.replace(file.adapter, file.record_path, records))


def _record(
    file: FileChange, present: set[Key], origins: Origins, *, created: bool = False
) -> None:
    """Rewrite this file's state records from the changes just written."""
    state_path = Path(file.state_path)
    # One state file holds the records of many files: runs editing different files take
    # turns on it, or one would save over the other's records.
    with lock_file(state_path):
        _update_state(file, state_path, present, origins, created=created)


def _update_state(
    file: FileChange,
    state_path: Path,
    present: set[Key],
    origins: Origins,
    *,
    created: bool = False,
) -> None:
    state = load_state(state_path)
    records = {
        (r.map_path, r.name): r
        for r in state.for_file(file.adapter, file.record_path)
        if not r.pending  # this run's intent, replaced by what it wrote
    }
    for change in file.changes:
        key = (change.map_path, change.name)
        if change.action is Action.DELETE:
            records.pop(key, None)
        elif change.action is not Action.CONFLICT and change.id is not None:
            origin = origins[change.map_path]
            records[key] = record_of(file, change, origin, created=created)
    kept = [r for key, r in records.items() if key in present]
    save_state(state_path, state.replace(file.adapter, file.record_path, kept))


def record_of(
    file: FileChange,
    change: Change,
    origin: MapOrigin | None = None,
    *,
    deleting: bool = False,
    pending: bool = False,
    created: bool = False,
) -> Record:
    """The state record of `change` written into `file`: the one place a Record of aido's
    own write is built (apply's intent and result, adopt). It owns the entry's fields but
    the harness's keys (SPEC §6), a companion (role scoping) whole; `deleting`: the intent
    of a delete, which counts once the entry is gone (DELETING)."""
    adapter = ADAPTERS[file.adapter]
    owned = change.harness(adapter.caps.harness_keys)
    fields = None if deleting or change.map_path else written_fields(change.after, owned)
    plain = deleting or bool(change.map_path)
    return Record(
        adapter=file.adapter,
        path=file.record_path,
        name=change.name,
        id=change.id or change.name,
        digest=DELETING if deleting else entry_digest(change.after, fields),
        fields=fields,
        identity=None if plain else identity_of(adapter, change.after),
        map_path=change.map_path,
        source=change.source,
        map_made=None if origin is None else origin.made,
        map_open=False if origin is None else origin.open,
        map_flow=None if origin is None else origin.flow,
        pending=pending,
        created=created,
    )
