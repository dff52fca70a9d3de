"""`aido apply`: converge the harness config files (or apply a saved plan exactly)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from aidokit.reconcile.commands.common import compute_plan, want_colour
from aidokit.reconcile.errors import AidoError

if TYPE_CHECKING:
    from aidokit.reconcile.plan import Plan

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
    from aidokit.reconcile.apply import apply_plan
    from aidokit.reconcile.render_text import render_plan
    from aidokit.reconcile.saved_plan import load_plan

    plan: Plan = load_plan(Path(args.planfile)) if args.planfile else compute_plan(args)[1]
    print(render_plan(plan, colour=want_colour(args)), end="")
    summary = plan.summary
    if summary.error:
        raise AidoError("the plan has errors (see above); nothing was written")
    if not summary.has_changes:
        return 0
    if not args.planfile and not args.yes and not _confirm():
        print("Apply cancelled; nothing was written.")
        return 1
    applied = apply_plan(plan)
    print(f"Apply complete: {len(applied)} file(s) written. {summary.line()[6:]}")
    return 0


def _confirm() -> bool:
    if not sys.stdin.isatty():
        raise AidoError(
            "aido apply needs confirmation but stdin is not a terminal; "
            "review `aido plan` and run `aido apply --yes`"
        )
    answer = input("Apply these changes? Only 'yes' is accepted: ")
    return answer.strip() == "yes"
