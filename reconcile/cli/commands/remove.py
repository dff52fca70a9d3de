"""`aido remove ID [--local]`: record a skip in the right layer, delete what aido owns of it."""

from __future__ import annotations

import argparse

from aidokit.reconcile.cli.console import want_colour
from aidokit.reconcile.cli.plan_apply import apply_and_report, finish_interrupted, gather_inputs
from aidokit.reconcile.core.errors import ConfigError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `remove`'s own options."""
    parser.add_argument("id", help="catalog id, e.g. context7")
    parser.add_argument(
        "--local",
        action="store_true",
        help="record the skip in aido.local.toml (only for you) instead of aido.toml",
    )
    parser.add_argument("--yes", "-y", action="store_true", help="skip the confirmation prompt")


def run(args: argparse.Namespace) -> int:
    """Run `aido remove`."""
    from dataclasses import replace

    from aidokit.adapters.base import Scope, display
    from aidokit.catalog.entries import MCP_CATALOG
    from aidokit.catalog.spelling import maybe
    from aidokit.reconcile.plan.engine import build_plan
    from aidokit.reconcile.read.choices.config import LOCAL_CONFIG_NAME
    from aidokit.reconcile.read.choices.layers import layer_paths
    from aidokit.reconcile.read.world import read_world
    from aidokit.reconcile.write.config_edit import record_skip
    from aidokit.reconcile.write.ownfiles import Collector, Extra

    finish_interrupted(args)
    if args.local and args.scope == Scope.USER.value:
        raise ConfigError(
            "--local is for project files; --scope user records the skip in your user config"
        )
    if args.local:  # SPEC §4: the person's own files only, never the team's (issue 49 §2)
        args = argparse.Namespace(**{**vars(args), "scope": Scope.LOCAL.value})
    inputs = gather_inputs(args)
    known = {entry.id for entry in MCP_CATALOG} | set(inputs.loaded.config.custom)
    if args.id not in known:
        raise ConfigError(
            f"'{args.id}' is not a catalog id or a custom server{maybe(args.id, known)}; run "
            "`aido catalog list` to see the ids"
        )
    path = layer_paths(inputs.host, inputs.scope)[-1 if args.local else 0]
    if args.local:
        path = inputs.host.project / LOCAL_CONFIG_NAME
    config = inputs.loaded.config
    skipped = replace(config, mcp=replace(config.mcp, skip=(*config.mcp.skip, args.id)))
    origin = {**inputs.loaded.origin, f"skip:{args.id}": display(path, inputs.host)}
    inputs = inputs._replace(loaded=inputs.loaded._replace(config=skipped, origin=origin))
    # Locally, the team's server is switched off in the person's own files: the whole
    # local plan (read/personal.py); for the team, only the deletion of what aido owns.
    world = read_world(inputs)
    plan = build_plan(world) if args.local else build_plan(world, remove={args.id})

    def said() -> None:
        print(f"Recorded '{args.id}' under `skip` in {display(path, inputs.host)}.")
        if path.name == LOCAL_CONFIG_NAME:
            from aidokit.reconcile.write.git_exclude import keep_out_of_git

            keep_out_of_git(inputs.host.project, path)  # a person's file: out of git status

    def record() -> Extra | None:
        collected = Collector(lambda p: display(p, inputs.host), f"skip {args.id}")
        if not record_skip(path, args.id, write=collected):
            return None
        return Extra(writes=tuple(collected.writes), after=said)  # undone with the files

    return apply_and_report(
        plan, yes=args.yes, colour=want_colour(args), before_write=record, kind="remove"
    )
