"""`aido confirm ID`: confirm a security-sensitive entry at a terminal, ahead of apply."""

from __future__ import annotations

import argparse

from aidokit.reconcile.cli.plan_apply import compute_plan
from aidokit.reconcile.core.errors import ConfigError, SecurityError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `confirm`'s own options."""
    parser.add_argument("id", help="the entry to confirm, e.g. my-api")


def run(args: argparse.Namespace) -> int:
    """Run `aido confirm`."""
    import os
    from pathlib import Path

    from aidokit.reconcile.core.terminal import open_terminal
    from aidokit.reconcile.gate.confirmations import ConfirmationStore
    from aidokit.reconcile.gate.gate import ask_for, sensitive_targets

    plan = compute_plan(args)
    targets = sensitive_targets(plan).get(args.id)
    if not targets:
        raise ConfigError(
            f"the current plan writes no security-sensitive entry '{args.id}' (only entries "
            "aido would create or change need one); check `aido plan`"
        )
    terminal = open_terminal()
    if terminal is None:
        raise SecurityError(
            f"aido confirm {args.id} must be run in an interactive terminal (stdin and stdout "
            "a TTY); nothing was confirmed"
        )
    store = ConfirmationStore.load(os.environ, Path(plan.project))
    try:
        if not ask_for(terminal, args.id, targets):
            raise SecurityError(f"'{args.id}' was not confirmed; nothing was stored")
    finally:
        terminal.close()
    store.confirm(targets).save()
    print(f"Confirmed '{args.id}' for {len(targets)} file(s); run aido apply to write it.")
    return 0
