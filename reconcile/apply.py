"""Apply a plan (SPEC §6): re-read, check the hash, minimal edit, atomic write, record state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from aidokit.adapters.registry import ADAPTERS
from aidokit.reconcile.documents import Format, lock_file, read_document, write_document
from aidokit.reconcile.errors import SecurityError, StaleError
from aidokit.reconcile.plan import Action, Change, FileChange, Plan
from aidokit.reconcile.state import Record, entry_digest, load_state, save_state


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
        document = read_document(Path(file.abs_path), Format(file.fmt))
        if document.digest != file.digest:
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
        raise SecurityError(
            f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} security-sensitive "
            "and need a confirmation typed at a terminal; aido wrote nothing"
        )


def _unconfirmed(file: FileChange, change: Change) -> bool:
    return False


def apply_plan(plan: Plan) -> list[Applied]:
    """Write every file of `plan` that has changes; state is saved after each file."""
    if any(f.error for f in plan.files):
        raise StaleError("the plan has files with errors; fix them and run aido plan again")
    check_fresh(plan)
    check_gates(plan, _unconfirmed)
    return [_apply_file(file) for file in plan.files if file.actionable]


def _apply_file(file: FileChange) -> Applied:
    path = Path(file.abs_path)
    with lock_file(path):
        document = read_document(path, Format(file.fmt))
        if document.digest != file.digest:
            raise StaleError(f"{file.path} changed since it was planned; run aido plan again")
        present = set(document.get_map(file.map_path) or {})
        for change in file.actionable:
            if change.action is Action.DELETE:
                document.delete_entry(file.map_path, change.name)
                present.discard(change.name)
            else:
                document.set_entry(file.map_path, change.name, change.after)
                present.add(change.name)
        write_document(document, create_parents=file.scope == "project")
        _record(file, present)
    return Applied(file, written=True)


def _record(file: FileChange, present: set[str]) -> None:
    """Rewrite this file's state records from the changes just written."""
    state_path = Path(file.state_path)
    # One state file holds the records of many files: runs editing different files take
    # turns on it, or one would save over the other's records.
    with lock_file(state_path):
        _update_state(file, state_path, present)


def _update_state(file: FileChange, state_path: Path, present: set[str]) -> None:
    state = load_state(state_path)
    identity = ADAPTERS[file.adapter].identity
    records = {r.name: r for r in state.for_file(file.adapter, file.record_path)}
    for change in file.changes:
        if change.action is Action.DELETE:
            records.pop(change.name, None)
        elif change.action is not Action.CONFLICT and change.id is not None:
            records[change.name] = Record(
                adapter=file.adapter,
                path=file.record_path,
                name=change.name,
                id=change.id,
                digest=entry_digest(change.after),
                identity=identity(change.after),
                roles=change.roles,
            )
    kept = [r for name, r in records.items() if name in present]
    save_state(state_path, state.replace(file.adapter, file.record_path, kept))
