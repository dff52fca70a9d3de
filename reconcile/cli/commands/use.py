"""`aido use PROFILE` / `aido use --none`: switch a named set of servers on for this project,
in the person's own files only (SPEC §8, issue 49 §3).

`[profiles.NAME] enable = [...]` (in `aido.local.toml`, the user layer's own projects, or
`aido.toml` as the team's suggestion) names exactly the servers on while the profile is
active; every other server of the project is off for that person. The choice is kept per
person and per project in the user state folder (read/personal.py), and compiled by the
local-scope plan into each harness's own per-person switch (Claude Code:
`disabledMcpjsonServers` in `.claude/settings.local.json`); a harness with no such place
gets one line saying so. The team's files and `aido.lock` are never touched.
"""

from __future__ import annotations

import argparse

from aidokit.reconcile.cli.console import say, want_colour
from aidokit.reconcile.cli.plan_apply import apply_and_report, finish_interrupted, project_dir
from aidokit.reconcile.core.errors import ConfigError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `use`'s own options."""
    parser.add_argument(
        "profile", nargs="?", help="a [profiles.NAME] of aido.toml or aido.local.toml"
    )
    parser.add_argument(
        "--none", action="store_true", help="end the active profile: every server on again"
    )
    parser.add_argument(
        "--yes",
        "-y",
        action="store_true",
        help="accepted for symmetry: switching writes only your own files and never asks "
        "(a security-sensitive server still needs its typed confirmation)",
    )


def run(args: argparse.Namespace) -> int:
    """Run `aido use`."""
    from aidokit.reconcile.core.paths import user_state_dir
    from aidokit.reconcile.plan.engine import build_plan
    from aidokit.reconcile.read.personal import active_profile, save_profile
    from aidokit.reconcile.read.world import gather, read_world

    if args.scope != "project" and args.scope != "local":
        raise ConfigError("aido use switches servers of a project; drop --scope user")
    if bool(args.profile) == bool(args.none):
        raise ConfigError("name one profile (`aido use NAME`), or end it with `aido use --none`")
    finish_interrupted(args)
    project = project_dir(args)
    inputs = gather(project, scope="local", only=args.adapters)
    profiles = inputs.loaded.config.profiles
    if args.profile and args.profile not in profiles:
        from aidokit.catalog.spelling import maybe

        known = ", ".join(sorted(profiles)) or "none"
        raise ConfigError(
            f"no [profiles.{args.profile}] in aido.toml or aido.local.toml"
            f"{maybe(args.profile, profiles)} (defined: {known}); add it to aido.local.toml "
            'as [profiles.NAME] enable = ["id", ...]'
        )
    state = user_state_dir(inputs.host.environ)
    before = active_profile(state, inputs.host.project)
    name = None if args.none else args.profile
    save_profile(state, inputs.host.project, name)
    try:
        plan = build_plan(read_world(gather(project, scope="local", only=args.adapters)))
        if name is None:
            say(f"No profile is active for this project{f' (was {before})' if before else ''}.")
        else:
            on = ", ".join(profiles[name].enable) or "none"
            say(f"Profile '{name}' is active for this project: on for you: {on}; the rest off.")
        return apply_and_report(plan, yes=True, colour=want_colour(args), kind="use")
    except BaseException:
        save_profile(state, inputs.host.project, before)  # nothing switched: as it was
        raise
