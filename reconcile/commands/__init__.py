"""The subcommands, one module each, listed here in help order.

Each module provides NAME, HELP, add_arguments(parser) and run(args) -> int,
and imports its heavy dependencies inside `run` to keep start-up fast.
"""

from __future__ import annotations

import argparse
from typing import Protocol

from aidokit.reconcile.commands import (
    adapters,
    adopt,
    apply,
    catalog,
    completion,
    confirm,
    confirmations,
    destroy,
    doctor,
    imports,
    init,
    mcp,
    outdated,
    plan,
    remove,
    report,
    schema,
    status,
    suggest,
    undo,
    upgrade,
)


class Command(Protocol):
    """What a command module provides."""

    NAME: str
    HELP: str

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


COMMANDS: tuple[Command, ...] = (
    init,
    plan,
    apply,
    undo,
    upgrade,
    outdated,
    status,
    suggest,
    catalog,
    adapters,
    adopt,
    imports,
    remove,
    destroy,
    schema,
    mcp,
    confirm,
    confirmations,
    doctor,
    report,
    completion,
)
