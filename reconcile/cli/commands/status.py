"""`aido status`: every MCP entry in every targeted file, and whether aido manages it."""

from __future__ import annotations

import argparse

from aidokit.reconcile.cli.commands import gather_inputs, output_width, want_colour


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `status`'s own options."""
    parser.add_argument("--json", action="store_true", help="print the status as JSON")


def run(args: argparse.Namespace) -> int:
    """Run `aido status`; exit 1 when a file cannot be read."""
    from aidokit.reconcile.plan.engine import build_plan
    from aidokit.reconcile.read.world import read_world
    from aidokit.reconcile.show.status import plan_status
    from aidokit.reconcile.show.status_text import render_status, render_status_json

    world = read_world(gather_inputs(args))
    plan = build_plan(world)
    files = plan_status(plan, world)
    if args.json:
        print(render_status_json(files, project=plan.project, scope=plan.scope), end="")
    else:
        nothing = ""
        if not files:  # the plan's sentence: how to target a file (issue 38 points 6, 10)
            from aidokit.reconcile.show.plan_text import untargeted

            nothing = untargeted(plan)
        colour, width = want_colour(args), output_width()
        print(render_status(files, colour=colour, nothing=nothing, width=width), end="")
    return 1 if any(file.error for file in files) else 0
