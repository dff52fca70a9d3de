"""`aido plan`: show what apply would change, terraform-style."""

from __future__ import annotations

import argparse
from pathlib import Path

from aidokit.reconcile.cli.console import output_width, want_colour
from aidokit.reconcile.cli.plan_apply import check_frozen, compute_plan
from aidokit.reconcile.core.errors import ConfigError

EXIT_CHANGES = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `plan`'s own options."""
    parser.add_argument("--json", action="store_true", help="print the plan as JSON")
    parser.add_argument(
        "--frozen",
        action="store_true",
        help="fail when aido.lock would change (CI: the committed lock is the truth)",
    )
    parser.add_argument("--out", metavar="FILE", help="save the plan for `aido apply FILE`")
    parser.add_argument(
        "--summary",
        action="store_true",
        help="print only the drifted files, the counts and the fix (the full plan too with -v)",
    )
    parser.add_argument(
        "--detailed-exitcode",
        action="store_true",
        help="exit 2 when there are changes or conflicts, 0 when there are none, 1 on errors "
        "(and when no file is targeted at all)",
    )


def run(args: argparse.Namespace) -> int:
    """Run `aido plan`."""
    from aidokit.reconcile.show.plan_text import render_plan

    plan = compute_plan(args)
    if args.detailed_exitcode and not plan.files:
        # SPEC §8: a drift check that checks nothing must not pass.
        from aidokit.reconcile.show.plan_text import untargeted

        fix = "set `adapters` in aido.toml or pass --adapter NAME"
        why = untargeted(plan)
        if "aido init --scope user" in why:
            fix = "start the user layer with `aido init --scope user`"
        elif " is not installed (" in why or " is no project" in why:  # the real reason
            fix = why.split(": ", 1)[1].rstrip(".")
        raise ConfigError(
            f"aido plan --detailed-exitcode targets no harness config file, so it checks "
            f"nothing; {fix}"
        )
    if args.frozen:
        check_frozen(plan)
    width = output_width()
    if args.json:
        from aidokit.reconcile.show.plan_json import render_plan_json

        print(render_plan_json(plan), end="")
    elif args.summary:
        from aidokit.reconcile.show.summary import render_summary

        if args.verbose > 0:
            print(render_plan(plan, colour=want_colour(args), verbose=True, width=width))
        print(render_summary(plan, width=width), end="")
    else:
        verbose, quiet = args.verbose > 0, args.quiet > 0
        text = render_plan(
            plan, colour=want_colour(args), verbose=verbose, width=width, quiet=quiet
        )
        print(text, end="")
    if args.out:
        from aidokit.reconcile.core.atomic import current_digest, replace_file
        from aidokit.reconcile.write.saved_plan import dump_plan

        # 0600: a plan names the user's files and what aido will write into them.
        out, data = Path(args.out), dump_plan(plan).encode("utf-8")
        replace_file(out, data, current_digest(out), create_parents=True, mode=0o600)
    summary = plan.summary
    if summary.error:
        return 1
    if args.detailed_exitcode and summary.pending:
        return EXIT_CHANGES
    return 0
