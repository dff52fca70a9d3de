"""`aido remove ID`: delete the entries of one id that aido owns, everywhere."""

from __future__ import annotations

import argparse

from aidokit.reconcile.commands.common import (
    apply_and_report,
    finish_interrupted,
    gather_inputs,
    want_colour,
)

NAME = "remove"
HELP = "delete the entries of one catalog id that aido owns, in every targeted file"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `remove`'s own options."""
    parser.add_argument("id", help="catalog id, e.g. context7")
    parser.add_argument("--yes", "-y", action="store_true", help="skip the confirmation prompt")


def run(args: argparse.Namespace) -> int:
    """Run `aido remove`."""
    finish_interrupted()
    from aidokit.reconcile.engine import build_plan
    from aidokit.reconcile.world import read_world

    plan = build_plan(read_world(gather_inputs(args)), remove={args.id})
    return apply_and_report(plan, yes=args.yes, colour=want_colour(args))
