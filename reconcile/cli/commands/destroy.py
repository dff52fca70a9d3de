"""`aido destroy`: delete every entry aido owns and leave everything else."""

from __future__ import annotations

import argparse

from aidokit.reconcile.cli.console import want_colour
from aidokit.reconcile.cli.plan_apply import apply_and_report, finish_interrupted, gather_inputs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `destroy`'s own options."""
    parser.add_argument("--yes", "-y", action="store_true", help="skip the confirmation prompt")


def run(args: argparse.Namespace) -> int:
    """Run `aido destroy`."""
    finish_interrupted(args)
    from aidokit.reconcile.plan.engine import build_plan
    from aidokit.reconcile.read.world import read_world

    world = read_world(gather_inputs(args))
    plan = build_plan(world, remove=world.owned_ids(), removed_by="aido destroy")
    return apply_and_report(plan, yes=args.yes, colour=want_colour(args), kind="destroy")
