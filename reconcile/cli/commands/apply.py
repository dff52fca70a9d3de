"""`aido apply`: converge the harness config files (or apply a saved plan exactly)."""

from __future__ import annotations

import argparse
from pathlib import Path

from aidokit.reconcile.cli.console import want_colour
from aidokit.reconcile.cli.plan_apply import (
    apply_and_report,
    check_frozen,
    check_lock_derived,
    check_lock_location,
    compute_plan,
    finish_interrupted,
    project_dir,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `apply`'s own options."""
    parser.add_argument("planfile", nargs="?", help="a plan saved by `aido plan --out FILE`")
    parser.add_argument(
        "--yes", "-y", action="store_true", help="skip the routine confirmation prompt"
    )
    parser.add_argument(
        "--frozen",
        action="store_true",
        help="fail when aido.lock would change (CI: the committed lock is the truth)",
    )


def run(args: argparse.Namespace) -> int:
    """Run `aido apply`."""
    finish_interrupted(args)
    if args.planfile:
        from aidokit.adapters import resolved
        from aidokit.catalog import entries
        from aidokit.reconcile.gate.provenance import check_saved, derived_items, mark_sensitive
        from aidokit.reconcile.write.saved_plan import load_plan

        plan = load_plan(Path(args.planfile), project_dir(args))
        derived = derived_items(lambda: compute_plan(args))  # planned only for array items
        plan = check_saved(plan, Path(args.planfile), project_dir(args), args.scope, derived)
        check_lock_location(plan, Path(args.planfile))
        check_lock_derived(plan, Path(args.planfile), args)
        if args.frozen:
            check_frozen(plan)
        plan = mark_sensitive(plan, resolved(entries.MCP_CATALOG), derived)
        return apply_and_report(
            plan, yes=True, colour=want_colour(args), saved=True, quiet=args.quiet > 0
        )
    plan = compute_plan(args)
    if args.frozen:
        check_frozen(plan)
    verbose = args.verbose > 0
    return apply_and_report(
        plan, yes=args.yes, colour=want_colour(args), verbose=verbose, quiet=args.quiet > 0
    )
