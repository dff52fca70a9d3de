"""`aido schema`: the JSON Schema of `aido.toml`."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`schema` has no options of its own."""


def run(args: argparse.Namespace) -> int:
    """Run `aido schema`."""
    import json

    from aidokit.reconcile.read.choices.config import config_schema

    print(json.dumps(config_schema(), indent=2, sort_keys=True))
    return 0
