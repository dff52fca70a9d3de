"""`aido outdated [--json] [--registry] [--baseline]`: locked entries the running catalog pins
differently, and baselines behind their refs."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from aidokit.reconcile.cli.plan_apply import gather_inputs

if TYPE_CHECKING:
    from aidokit.reconcile.read.baselines.fetch import Upstream


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `outdated`'s own options."""
    parser.add_argument("--json", action="store_true", help="print the list as JSON")
    parser.add_argument(
        "--registry",
        action="store_true",
        help="also ask npm and PyPI for newer published versions (network)",
    )
    parser.add_argument(
        "--baseline",
        action="store_true",
        help="also compare each baseline's pin with its remote ref (git ls-remote; network)",
    )
    parser.add_argument(
        "--exit-code",
        action="store_true",
        help="exit 2 when something is outdated, 0 when nothing is, 1 on errors "
        "(like plan --detailed-exitcode)",
    )


def run(args: argparse.Namespace) -> int:
    """Run `aido outdated`."""
    from aidokit.adapters import resolved
    from aidokit.catalog import entries
    from aidokit.reconcile.core.errors import ConfigError
    from aidokit.reconcile.read.choices.lockfile import load_lock, lock_path
    from aidokit.reconcile.read.choices.outdated import find_outdated
    from aidokit.reconcile.show.outdated import render_outdated, render_outdated_json

    behind = _baselines(args) if args.baseline else None  # fetches locked copies plan reads
    inputs = gather_inputs(args)
    path = lock_path(inputs.host.project)
    lock = load_lock(path) if inputs.loaded.present else None
    rows = []
    if lock is not None and (lock.entries or behind is None):
        rows = find_outdated(lock, resolved(entries.MCP_CATALOG), registry=args.registry)
    elif behind is None:
        raise ConfigError(f"{path} does not exist; run aido apply to write it, then commit it")
    if args.json:
        print(render_outdated_json(rows, behind), end="")
    else:
        print(render_outdated(rows) if behind is None or rows else "", end="")
        if behind is not None:
            from aidokit.reconcile.show.outdated import render_upstream

            print(render_upstream(behind), end="")
    from aidokit.reconcile.cli.commands.plan import EXIT_CHANGES

    late = [row for row in behind or () if not row.current]
    return EXIT_CHANGES if args.exit_code and (rows or late) else 0


def _baselines(args: argparse.Namespace) -> list[Upstream]:
    from aidokit.adapters.base import Host, Scope
    from aidokit.reconcile.cli.plan_apply import project_dir
    from aidokit.reconcile.read.baselines.moves import outdated_pins, read_layers

    return outdated_pins(read_layers(Host.current(project_dir(args)), Scope(args.scope)))
