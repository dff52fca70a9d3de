"""`aido apply`."""

from __future__ import annotations

import argparse

NAME = "apply"
HELP = "apply"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `apply`'s own options."""


def run(args: argparse.Namespace) -> int:
    """Run `aido apply`."""
    raise NotImplementedError
