"""`aido undo [--list] [TX]`: restore the files of the last (or a named) apply."""

from __future__ import annotations

import argparse

from aidokit.reconcile.cli.console import ask_yes_no
from aidokit.reconcile.cli.plan_apply import finish_interrupted, project_dir


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `undo`'s own options."""
    parser.add_argument("tx", nargs="?", help="a transaction id (or its start) from --list")
    parser.add_argument(
        "--list", action="store_true", help="show the journal: when, which files, which entries"
    )
    parser.add_argument("--json", action="store_true", help="with --list: the journal as JSON")
    parser.add_argument(
        "--yes", "-y", action="store_true", help="skip the routine confirmation prompt"
    )


def run(args: argparse.Namespace) -> int:
    """Run `aido undo`."""
    from aidokit.reconcile.core.errors import AidoError, ConfigError
    from aidokit.reconcile.write.undo import (
        Step,
        list_json,
        pick,
        plan_restores,
        render_list,
        render_undo,
        undo,
    )

    finish_interrupted(args)
    project = str(project_dir(args))
    if args.list and args.json:
        from aidokit.reconcile.show.json_output import dumps

        print(dumps(list_json(project, args.scope)), end="")
        return 0
    if args.list:
        print(render_list(project, args.scope), end="")
        return 0
    if args.json:
        raise ConfigError("--json is for aido undo --list; undo itself prints its plan as text")
    folder, tx = pick(project, args.scope, args.tx)
    restores = plan_restores(folder, tx)
    print(render_undo(tx, restores), end="")
    if not any(r.step is Step.RESTORE for r in restores):
        if all(r.step is Step.SAME for r in restores):
            raise AidoError(f"nothing to undo: every file of {tx.id} already holds what it held")
        raise AidoError(
            f"nothing can be undone: every file {tx.id} wrote changed since; see the plan above"
        )
    if not args.yes and not ask_yes_no("Restore these files?"):
        print("Cancelled; nothing was written.")
        return 1
    done = undo(folder, tx, restores)
    conflicts = sum(r.step is Step.CONFLICT for r in restores)
    restored = "1 file" if len(done) == 1 else f"{len(done)} files"
    left = f"; {conflicts} left alone (changed since)" if conflicts else ""
    print(f"Undo complete! {restored} restored{left}.")
    return 0
