"""`aido plan`."""

from __future__ import annotations

import argparse

NAME = "plan"
HELP = "plan"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `plan`'s own options."""


def run(args: argparse.Namespace) -> int:
    """Run `aido plan`."""
    raise NotImplementedError
