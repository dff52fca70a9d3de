"""`aido apply`: converge the harness config files (or apply a saved plan exactly)."""

from __future__ import annotations

import argparse
from pathlib import Path

from aidokit.reconcile.commands.common import apply_and_report, compute_plan, want_colour

NAME = "apply"
HELP = "write the planned changes (or exactly those of a saved plan file)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `apply`'s own options."""
    parser.add_argument("planfile", nargs="?", help="a plan saved by `aido plan --out FILE`")
    parser.add_argument(
        "--yes", "-y", action="store_true", help="skip the routine confirmation prompt"
    )


def run(args: argparse.Namespace) -> int:
    """Run `aido apply`."""
    if args.planfile:
        from aidokit.reconcile.saved_plan import load_plan

        plan = load_plan(Path(args.planfile))
        return apply_and_report(plan, yes=True, colour=want_colour(args), saved=True)
    return apply_and_report(compute_plan(args), yes=args.yes, colour=want_colour(args))
