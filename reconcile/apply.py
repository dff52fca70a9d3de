"""Apply a plan (SPEC §6): re-read, check the hash, minimal edit, atomic write, record state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from aidokit.adapters.registry import ADAPTERS
from aidokit.reconcile import hardening
from aidokit.reconcile.confirmations import stored_confirmations
from aidokit.reconcile.documents import (
    Document,
    Format,
    lock_file,
    read_document,
    write_document,
)
from aidokit.reconcile.documents.atomic import current_digest, replace_file
from aidokit.reconcile.errors import SecurityError, StaleError
from aidokit.reconcile.plan import Action, Change, FileChange, Plan
from aidokit.reconcile.state import (
    DELETING,
    Record,
    State,
    entry_digest,
    load_state,
    parse_state,
    save_state,
)


@dataclass(frozen=True)
class Applied:
    """What one file's apply did."""

    file: FileChange
    written: bool


def check_fresh(plan: Plan) -> None:
    """Refuse the whole plan if any file changed since it was planned."""
    for file in plan.files:
        if not file.actionable:
            continue
        # Hash the bytes only: parsing a 20 MB ~/.claude.json twice would be waste.
        if current_digest(Path(file.abs_path)) != file.digest:
            raise StaleError(
                f"saved plan is stale: {file.path} changed since the plan was made; "
                "run aido plan again"
            )


def check_gates(plan: Plan, confirmed: Callable[[FileChange, Change], bool]) -> None:
    """Refuse before any write if a security-sensitive entry lacks confirmation."""
    missing = sorted(
        {
            change.name
            for file in plan.files
            for change in file.actionable
            if change.sensitive
            and change.action is not Action.DELETE
            and not confirmed(file, change)
        }
    )
    if missing:
        from aidokit.reconcile.gate import refusal

        raise refusal(missing, plan.scope)


def check_values(plan: Plan) -> None:
    """Refuse before any write if a name or value to write could inject keys or controls."""
    for file in plan.files:
        for change in file.actionable:
            # A companion (role scoping) is a `<server>_*` tool glob under agent names.
            name = change.name.removesuffix("_*") if change.map_path else change.name
            problems = [hardening.entry_name_problem(n) for n in (*change.map_path, name)]
            if change.action is not Action.DELETE:
                problems += hardening.value_problems(change.after, change.name)
            problem = next((p for p in problems if p), None)
            if problem:
                raise SecurityError(
                    f"{file.path}: {problem}; aido wrote nothing (check aido.toml and the catalog)"
                )


def apply_plan(plan: Plan, *, on_file: Callable[[FileChange], None] | None = None) -> list[Applied]:
    """Write every file of `plan` that has changes; state is saved after each file.

    `on_file` is called before each file is locked and written (progress).
    """
    if any(f.error for f in plan.files):
        raise StaleError("the plan has files with errors; fix them and run aido plan again")
    check_fresh(plan)
    check_values(plan)
    check_gates(plan, stored_confirmations(plan))
    applied = []
    for file in plan.files:
        if file.actionable:
            if on_file is not None:
                on_file(file)
            applied.append(_apply_file(file))
    return applied


def _apply_file(file: FileChange) -> Applied:
    path = Path(file.abs_path)
    with lock_file(path):
        document = read_document(path, Format(file.fmt))
        if document.digest != file.digest:
            raise StaleError(f"{file.path} changed since it was planned; run aido plan again")
        present = _present(document, file)
        for change in file.actionable:
            map_path = change.map_path or file.map_path
            if change.action is Action.DELETE:
                document.delete_entry(map_path, change.name)
                present.discard((change.map_path, change.name))
            else:
                document.set_entry(map_path, change.name, change.after)
                present.add((change.map_path, change.name))
        previous = _record_intent(file)
        try:
            project = file.scope == "project"
            write_document(document, create_parents=project, new_mode=0o666 if project else 0o600)
        except BaseException:
            _drop_intent(file, previous)
            raise
        _record(file, present)
    return Applied(file, written=True)


Key = tuple[tuple[str, ...], str]  # (companion map path or (), entry name)


def _present(document: Document, file: FileChange) -> set[Key]:
    """Every (map, name) the file holds before the edit, for the maps the plan touches."""
    maps = {c.map_path for c in file.changes} | {()}
    return {
        (map_path, name)
        for map_path in maps
        for name in document.get_map(map_path or file.map_path) or {}
    }


def _record_intent(file: FileChange) -> bytes | None:
    """Save what this write will change as pending records, before the file is written.

    SPEC §6 writes the file first and state second; a run killed between the two
    would otherwise leave a written entry unrecorded or a deleted one claimed.
    `state.settle` resolves pending records against the file on the next run.
    Returns the state file's previous bytes (None if it did not exist).
    """
    state_path = Path(file.state_path)
    identity = ADAPTERS[file.adapter].identity
    with lock_file(state_path):
        previous = state_path.read_bytes() if state_path.exists() else None
        state = load_state(state_path)
        records = [r for r in state.for_file(file.adapter, file.record_path) if not r.pending]
        for change in file.actionable:
            if change.id is None:
                continue
            deleting = change.action is Action.DELETE
            records.append(
                Record(
                    adapter=file.adapter,
                    path=file.record_path,
                    name=change.name,
                    id=change.id,
                    digest=DELETING if deleting else entry_digest(change.after),
                    identity=None if deleting or change.map_path else identity(change.after),
                    roles=change.roles,
                    map_path=change.map_path,
                    pending=True,
                )
            )
        save_state(state_path, state.replace(file.adapter, file.record_path, records))
    return previous


def _drop_intent(file: FileChange, previous: bytes | None) -> None:
    """Take back this file's pending records after its write failed: nothing was written.

    When no other run touched the state meanwhile, its bytes are put back exactly
    (or the file removed if it did not exist); otherwise only this file's pending
    records are dropped, keeping what the other runs recorded.
    """
    state_path = Path(file.state_path)
    with lock_file(state_path):
        state = load_state(state_path)
        kept = [r for r in state.for_file(file.adapter, file.record_path) if not r.pending]
        state = state.replace(file.adapter, file.record_path, kept)
        before = State() if previous is None else parse_state(previous, state_path)
        if before != state:
            save_state(state_path, state)
        elif previous is None:
            state_path.unlink(missing_ok=True)
        else:
            replace_file(state_path, previous, current_digest(state_path), create_parents=False)


def _record(file: FileChange, present: set[Key]) -> None:
    """Rewrite this file's state records from the changes just written."""
    state_path = Path(file.state_path)
    # One state file holds the records of many files: runs editing different files take
    # turns on it, or one would save over the other's records.
    with lock_file(state_path):
        _update_state(file, state_path, present)


def _update_state(file: FileChange, state_path: Path, present: set[Key]) -> None:
    state = load_state(state_path)
    identity = ADAPTERS[file.adapter].identity
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
            records[key] = Record(
                adapter=file.adapter,
                path=file.record_path,
                name=change.name,
                id=change.id,
                digest=entry_digest(change.after),
                identity=None if change.map_path else identity(change.after),
                roles=change.roles,
                map_path=change.map_path,
            )
    kept = [r for key, r in records.items() if key in present]
    save_state(state_path, state.replace(file.adapter, file.record_path, kept))
