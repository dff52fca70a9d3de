"""What the commands share between reading the project and writing it: the project
folder, the plan, applying it and reporting (journaled with aido.lock and the
confirmations), and the checks of a saved plan's lock."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from aidokit.catalog.errors import excerpt
from aidokit.reconcile.cli.console import ask_yes_no, output_width
from aidokit.reconcile.core.atomic import current_digest, file_digest
from aidokit.reconcile.core.errors import AidoError, ConfigError, SecurityError, StaleError
from aidokit.reconcile.core.paths import user_state_dir
from aidokit.reconcile.plan import engine
from aidokit.reconcile.read.choices.lockfile import (
    CompactLockFile,
    lock_path,
    parse_lock,
    write_lock,
)
from aidokit.reconcile.read.decode import remember
from aidokit.reconcile.read.personal import personal_lock_path
from aidokit.reconcile.read.project_root import find_root
from aidokit.reconcile.read.world import gather, read_world
from aidokit.reconcile.show.plan_text import errors, render_plan

if TYPE_CHECKING:
    from aidokit.reconcile.plan.model import Plan
    from aidokit.reconcile.read.world import Inputs
    from aidokit.reconcile.write.apply import Applied
    from aidokit.reconcile.write.ownfiles import Extra, OwnWrite, Snapshot


def project_dir(args: argparse.Namespace) -> Path:
    """The project folder from `--project`, else found by walking up (project_root.py)."""
    if not args.project:
        return find_root(Path.cwd())
    path = Path(args.project)
    if not path.is_dir():
        raise ConfigError(f"project folder {path} does not exist; pass an existing --project DIR")
    return path.resolve()


def gather_inputs(args: argparse.Namespace) -> Inputs:
    """Inputs for the CLI's project, scope and adapters."""
    return gather(project_dir(args), scope=args.scope, only=args.adapters)


def compute_plan(args: argparse.Namespace) -> Plan:
    """Gather inputs and plan."""
    plan = engine.build_plan(read_world(gather_inputs(args)))
    return _note_interrupted(plan)


def _note_interrupted(plan: Plan) -> Plan:
    """Say when a killed apply of this project awaits its roll-back (plan never writes)."""
    open_dir = user_state_dir(os.environ) / "journal" / "open"
    if not open_dir.is_dir() or not any(n[:1] != "." for n in os.listdir(open_dir)):
        return plan  # the usual case: no import, no lock

    from aidokit.reconcile.write.markers import interrupted  # noqa: PLC0415 (off a converged plan's path)

    notes = [
        f"an {tx.kind} of this project was interrupted (transaction {tx.id}); the next "
        "aido apply (or aido undo --list) rolls it back first, so this plan may change"
        for tx in interrupted(open_dir.parent)
        if tx.project == plan.project and tx.scope == plan.scope
    ]
    return replace(plan, notes=(*plan.notes, *notes)) if notes else plan


def finish_interrupted(args: argparse.Namespace) -> None:
    """Finish the roll-back of an apply whose run was killed, and say so (issue 18)."""
    from aidokit.reconcile.write.transaction import recover  # noqa: PLC0415 (off a converged plan's path)

    for line in recover(project_dir(args)):
        print(f"aido: {line}", file=sys.stderr)


def apply_and_report(
    plan: Plan,
    *,
    verbose: bool = False,
    quiet: bool = False,
    yes: bool,
    colour: bool,
    saved: bool = False,
    before_write: Callable[[], Extra | None] | None = None,
    kind: str = "apply",
    store: Snapshot | None = None,
) -> int:
    """Show `plan` (only its changes and errors when `quiet`: `-q`), confirm unless `yes`
    (or a saved plan), write it, and report.

    `before_write` runs once the changes are confirmed (or when there are none) and
    says what else the transaction changes (`ownfiles.Extra`: aido.toml, records, the
    confirmations), so undo restores all of it; `kind` is the command the journal
    records as having made the transaction. `aido.lock` goes into the same transaction,
    and so do the confirmations typed at the prompt (`store`: the confirmation store
    before an earlier prompt of the same command).
    """
    from aidokit.reconcile.gate.gate import Gate  # noqa: PLC0415 (off a converged plan's path)
    from aidokit.reconcile.write.settings import check_settings  # noqa: PLC0415 (off a converged plan's path)

    summary = plan.summary
    # With errors, the error below is the closing summary: each file's error once, last.
    width = output_width()
    print(
        render_plan(
            plan, colour=colour, verbose=verbose, errors_last=False, width=width, quiet=quiet
        ),
        end="",
    )
    if summary.error:
        raise AidoError(_errors_sentence(plan))
    check_settings()  # issue 30 §3: a bad setting found after a write would exit 1 over it
    if not summary.has_changes:
        if saved:  # SPEC §6: a saved plan checks every file it covers, changes or not
            from aidokit.reconcile.write.apply import check_fresh  # noqa: PLC0415 (off a converged plan's path)

            check_fresh(plan, saved=True)
        _check_lock_text(plan, saved=saved)
        extra = before_write() if before_write is not None else None
        confirmed = store.write() if store is not None else None
        if (extra is None or extra.empty) and confirmed is None:
            _save_lock(plan)
        else:
            _write_all(plan, extra, kind=kind, saved=saved, store=store)
        return 0
    gate = Gate.for_plan(plan)  # SPEC §7: refuses here when a typed confirmation is impossible
    if not saved and not yes and not ask_yes_no("Apply these changes?"):
        print("Cancelled; nothing was written.")
        return 1
    if store is None and gate.pending:
        from aidokit.reconcile.write.ownfiles import Snapshot  # noqa: PLC0415 (off a converged plan's path)

        store = Snapshot.of(gate.store.path, gate.store.path.name)
    gate.ask()
    _check_lock_text(plan, saved=saved)  # before any file is written
    extra = before_write() if before_write is not None else None
    _write_all(plan, extra, kind=kind, saved=saved, store=store)
    print(summary.done_line(kind))
    return 0


def _errors_sentence(plan: Plan) -> str:
    """Why nothing was written: every file error again, as the last thing said (issue 38 §2)."""
    found = [line.removeprefix("Error: ") for line in errors(plan, lambda _code, text: text)]
    if len(found) == 1:
        return f"nothing was written: {found[0]}"
    listed = "; ".join(f"({n}) {error}" for n, error in enumerate(found, 1))
    return f"nothing was written: {len(found)} files have errors: {listed}"


def _write_all(
    plan: Plan, extra: Extra | None, *, kind: str, saved: bool, store: Snapshot | None = None
) -> list[Applied]:
    """The plan's files, `extra`, `aido.lock` and new confirmations, as one transaction."""
    from aidokit.reconcile.show.progress import apply_progress  # noqa: PLC0415 (off a converged plan's path)
    from aidokit.reconcile.write.apply import apply_plan  # noqa: PLC0415 (off a converged plan's path)
    from aidokit.reconcile.write.ownfiles import Extra  # noqa: PLC0415 (off a converged plan's path)

    extra = extra or Extra()
    lock = _lock_write(plan)
    confirmed = store.write() if store is not None else None
    if confirmed is not None:
        extra = extra.with_writes(confirmed)
    if lock is not None:
        extra = extra.with_writes(lock, late=True)  # after the files it pins, as before
    with apply_progress(plan) as on_file:
        applied = apply_plan(plan, kind=kind, saved=saved, on_file=on_file, extra=extra)
    _personal_files_out_of_git(plan, applied)
    if lock is not None:
        _remember_lock(lock)
    if extra.after is not None:
        extra.after()
    return applied


def _personal_files_out_of_git(plan: Plan, applied: list[Applied]) -> None:
    """A person's file aido wrote inside the project never shows in `git status` (SPEC §4):
    `.git/info/exclude` names it unless git ignores it already."""
    project = Path(plan.project)
    mine = [
        Path(a.file.abs_path)
        for a in applied
        if a.written and a.file.scope == "local" and Path(a.file.abs_path).is_relative_to(project)
    ]
    if mine:
        from aidokit.reconcile.write.git_exclude import keep_out_of_git  # noqa: PLC0415 (off a converged plan's path)

        for path in mine:
            if path.exists():
                keep_out_of_git(project, path)


def _lock_write(plan: Plan) -> OwnWrite | None:
    """`aido.lock`'s write when the plan moves it (journaled with the files it pins)."""
    if plan.lock is None or not plan.lock.changed:
        return None
    from aidokit.reconcile.write.ownfiles import own_write  # noqa: PLC0415 (off a converged plan's path)

    path = Path(plan.lock.path)
    write = own_write(path, path.name, plan.lock.text.encode("utf-8"), "pins")
    if file_digest(write.before) != plan.lock.digest:
        raise StaleError(f"{plan.lock.path} changed since the plan was made; run aido plan again")
    return write


def _remember_lock(write: OwnWrite) -> None:
    remember(CompactLockFile, write.after, project=write.path.parent)


def _save_lock(plan: Plan) -> None:
    """Write `aido.lock` when the plan moves it and nothing else is written."""
    if plan.lock is not None and plan.lock.changed:
        if plan.scope == "local":  # the person's pins: a private folder of the user state
            os.makedirs(Path(plan.lock.path).parent, mode=0o700, exist_ok=True)
        write_lock(Path(plan.lock.path), plan.lock.text, plan.lock.digest)


def check_lock_location(plan: Plan, source: Path) -> None:
    """Refuse a saved plan whose lock is not the project's own `aido.lock`."""
    allowed = {str(lock_path(Path(plan.project)))}
    if plan.scope == "local":  # the person's own pins (read/personal.py)
        allowed.add(str(personal_lock_path(user_state_dir(os.environ), Path(plan.project))))
    if plan.lock is not None and plan.lock.path not in allowed:
        raise SecurityError(
            f"saved plan {source} writes its lock at {excerpt(plan.lock.path)}, where aido would "
            f"not; run aido plan --out {source} again"
        )


def check_lock_derived(plan: Plan, source: Path, args: argparse.Namespace) -> None:
    """Refuse a saved plan whose lock is not the one its inputs give now (issue 30 §1).

    A saved plan's lock text would be written as it stands; a digest is no
    signature, so anyone could have put another lock there. aido plans again
    from this project's `aido.toml` and `aido.lock` and requires the same text.
    """
    if plan.lock is None or not plan.lock.changed:
        return
    if current_digest(Path(plan.lock.path)) != plan.lock.digest:
        raise StaleError(
            f"{plan.lock.path} changed since saved plan {source} was made; "
            f"run aido plan --out {source} again"
        )
    _check_lock_text(plan, saved=True)  # a hand edit is named as such first
    fresh = compute_plan(args).lock
    if fresh is None or fresh.text != plan.lock.text:
        raise SecurityError(
            f"saved plan {source} writes an aido.lock other than the one this project's "
            f"aido.toml and aido.lock give; run aido plan --out {source} again"
        )


def _check_lock_text(plan: Plan, *, saved: bool) -> None:
    """Check a saved plan's lock like a committed one (the file may have been edited).

    A plan made in this run holds the lock aido just rendered: checking it would
    only cost a new lock's first validation (pydantic) on every apply that moves it.
    """
    if saved and plan.lock is not None and plan.lock.changed:
        parse_lock(plan.lock.text.encode("utf-8"), Path(plan.lock.path))


def check_frozen(plan: Plan) -> None:
    """`--frozen`: refuse when the plan would write `aido.lock`."""
    if plan.lock is None:
        raise ConfigError(
            "--frozen needs aido.toml and its aido.lock; run aido init and aido apply first"
        )
    if plan.lock.changed:
        moves = "; ".join(plan.lock.changes)
        raise AidoError(
            f"{plan.lock.path} would change ({moves}) but --frozen was given; run aido apply "
            "(or aido upgrade) without --frozen and commit aido.lock"
        )
