"""Helpers shared by command modules: project folder, colour, computing the plan."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from aidokit.reconcile.errors import ConfigError

if TYPE_CHECKING:
    from aidokit.reconcile.engine import Inputs
    from aidokit.reconcile.plan import Plan


def project_dir(args: argparse.Namespace) -> Path:
    """The project folder from `--project`, or the current directory."""
    path = Path(args.project) if args.project else Path.cwd()
    if not path.is_dir():
        raise ConfigError(f"project folder {path} does not exist; pass an existing --project DIR")
    return path.resolve()


def want_colour(args: argparse.Namespace) -> bool:
    """Colour only on a TTY, never with NO_COLOR or --no-color."""
    return not args.no_color and "NO_COLOR" not in os.environ and sys.stdout.isatty()


def compute_plan(args: argparse.Namespace) -> tuple[Inputs, Plan]:
    """Gather inputs for the CLI's project, scope and adapters, and plan."""
    from aidokit.reconcile.engine import build_plan, gather

    inputs = gather(project_dir(args), scope=args.scope, only=args.adapters)
    return inputs, build_plan(inputs)
