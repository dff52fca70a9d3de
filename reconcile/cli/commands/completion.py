"""`aido completion SHELL`: print a completion script for bash, zsh or fish."""

from __future__ import annotations

import argparse

SHELLS = ("bash", "zsh", "fish")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `completion`'s own arguments."""
    parser.add_argument("shell", choices=SHELLS, help="the shell to complete in")


def run(args: argparse.Namespace) -> int:
    """Run `aido completion`."""
    from aidokit.reconcile.cli.completion_scripts import render

    print(render(args.shell, args.root_parser), end="")
    return 0
