"""`aido upgrade [ID...]`: move `aido.lock` to the running catalog's pins, as a plan."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from aidokit.reconcile.cli.console import want_colour
from aidokit.reconcile.cli.plan_apply import (
    apply_and_report,
    check_frozen,
    finish_interrupted,
    gather_inputs,
)

if TYPE_CHECKING:
    from aidokit.reconcile.read.choices.lockfile import Lock


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `upgrade`'s own options."""
    from aidokit.reconcile.cli.commands.doctor import _count, _seconds

    parser.add_argument(
        "ids", nargs="*", metavar="ID",
        help="catalog ids (default: all locked); with --tools, the entries to probe",
    )  # fmt: skip
    parser.add_argument("--yes", "-y", action="store_true", help="skip the confirmation prompt")
    parser.add_argument(
        "--frozen", action="store_true", help="fail when aido.lock would change, writing nothing"
    )
    parser.add_argument(
        "--baseline",
        action="store_true",
        help="fetch each baseline of extends and move its pin in aido.lock to the ref's "
        "newest commit (network)",
    )
    parser.add_argument(
        "--tools",
        action="store_true",
        help="probe each server (or the ids named) as aido doctor --probe does, show each tool "
        "added, removed or changed, and move its tool pin in aido.lock (runs third-party code)",
    )
    parser.add_argument("--json", action="store_true", help="with --tools: print JSON")
    parser.add_argument(
        "--timeout", type=_seconds, default=20.0, metavar="SECONDS",
        help="with --tools: how long each server gets to answer (default 20)",
    )  # fmt: skip
    parser.add_argument(
        "--jobs", type=_count, default=4, metavar="N",
        help="with --tools: how many servers to probe at once (default 4)",
    )  # fmt: skip
    parser.set_defaults(offline=False)


def run(args: argparse.Namespace) -> int:
    """Run `aido upgrade`."""
    from aidokit.catalog.spelling import maybe
    from aidokit.reconcile.core.errors import ConfigError
    from aidokit.reconcile.plan.engine import build_plan
    from aidokit.reconcile.read.choices.lockfile import lock_path
    from aidokit.reconcile.read.world import read_world

    if args.tools:
        from aidokit.reconcile.cli.tool_pins import run_tool_pins

        return run_tool_pins(args)
    finish_interrupted(args)
    if args.baseline:
        return _baselines(args)
    world = read_world(gather_inputs(args))
    path = lock_path(world.inputs.host.project)
    lock = world.lock
    if lock is None:
        raise ConfigError(
            f"{path} does not exist, so there is nothing to upgrade; "
            "run aido apply to write it from this aido's catalog"
        )
    unknown = sorted(set(args.ids) - set(lock.entries))
    if unknown:
        raise ConfigError(
            f"{path} has no entry {', '.join(repr(i) for i in unknown)}"
            f"{maybe(unknown[0], lock.entries)}; "
            f"name ids it locks: {', '.join(sorted(lock.entries)) or 'none'}"
        )
    asked = list(args.ids or sorted(lock.entries))
    current = _current(lock, asked)
    if current:
        print(_why_not(current, every=not args.ids and len(current) == len(asked)))
    plan = build_plan(world, upgrade=set(asked))
    if args.frozen:
        check_frozen(plan)
    return apply_and_report(plan, yes=args.yes, colour=want_colour(args), kind="upgrade")


def _current(lock: Lock, asked: list[str]) -> list[str]:
    """The catalog entries of `asked` whose lock already holds this aido's catalog pins."""
    from aidokit.adapters import resolved
    from aidokit.catalog import entries
    from aidokit.reconcile.read.choices.outdated import find_outdated

    behind = {row.id for row in find_outdated(lock, resolved(entries.MCP_CATALOG), registry=False)}
    return [
        i for i in asked if i not in behind and lock.entries[i].source == "catalog"
    ]  # fmt: skip


def _why_not(current: list[str], *, every: bool) -> str:
    """Why `aido upgrade` leaves these entries where they are, and what would move them."""
    them = "every locked entry" if every else ", ".join(current)
    return (
        f"aido.lock already holds this aido's catalog pins for {them}: upgrade moves the lock "
        "only to the pins this aido's catalog reviewed. A newer release on npm or PyPI "
        "(`aido outdated --registry`) comes with a newer aido (pip install -U aidokit), or "
        f"run it as your own server with [custom.{current[0]}] in aido.toml."
    )


def _baselines(args: argparse.Namespace) -> int:
    """`aido upgrade --baseline`: fetch, then move the pins (only those) in one lock write."""
    from aidokit.adapters.base import Host, Scope
    from aidokit.reconcile.cli.plan_apply import project_dir
    from aidokit.reconcile.core.errors import ConfigError
    from aidokit.reconcile.read.baselines.moves import read_layers, upgrade_pins

    if args.ids:
        raise ConfigError("name no ids with --baseline: it moves the baselines only")
    found = read_layers(Host.current(project_dir(args)), Scope(args.scope))
    _pins, lines = upgrade_pins(found, frozen=args.frozen)
    for line in lines:
        print(line)
    if lines:
        print(
            f"{found.lock_name}: {len(lines)} baseline pin(s) moved; `aido plan` shows what "
            "they change"
        )
    else:
        print(f"{found.lock_name}: every baseline is at its ref's newest commit; nothing moved")
    return 0
