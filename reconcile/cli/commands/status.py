"""`aido status`: every MCP entry in every targeted file, and whether aido manages it."""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from aidokit.adapters.base import Host, Scope
from aidokit.reconcile.cli.console import output_width, want_colour
from aidokit.reconcile.cli.plan_apply import gather_inputs


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
    profile = _profile(world.inputs.host)
    if args.json:
        text = render_status_json(files, project=plan.project, scope=plan.scope)
        if world.inputs.scope is not Scope.USER:  # the person's `aido use` (issue 49 §3)
            import json

            doc = json.loads(text)
            doc["profile"] = profile
            text = json.dumps(doc, indent=2, sort_keys=True) + "\n"
        print(text, end="")
    else:
        line = _profile_line(profile, world.inputs.loaded.config.profiles)
        if line and world.inputs.scope is not Scope.USER:
            print(line)
        nothing = ""
        if not files:  # the plan's sentence: how to target a file (issue 38 points 6, 10)
            from aidokit.reconcile.show.plan_text import untargeted

            nothing = untargeted(plan)
        colour, width = want_colour(args), output_width()
        print(render_status(files, colour=colour, nothing=nothing, width=width), end="")
    return 1 if any(file.error for file in files) else 0


def _profile(host: Host) -> str | None:
    """The profile `aido use` made active for this project (issue 49 §3), if any."""
    from aidokit.reconcile.core.paths import user_state_dir
    from aidokit.reconcile.read.personal import active_profile

    return active_profile(user_state_dir(host.environ), host.project)


def _profile_line(profile: str | None, defined: Mapping[str, object]) -> str:
    """`Profile: review (aido use --none ends it)`, or how to start one."""
    if profile is not None:
        return f"Profile: {profile} (your own switch: `aido use --none` ends it)\n"
    if defined:
        names = ", ".join(sorted(defined))
        return f"Profile: none (`aido use NAME` switches to one of: {names})\n"
    return ""  # no profile anywhere: nothing to say
