"""Small helpers shared by test modules."""

from __future__ import annotations

from pathlib import Path

from aidokit.reconcile.cli import main


def aido(project: Path, *argv: str) -> int:
    """Run `aido ARGV --project PROJECT` in-process and return its exit code."""
    return main([*argv, "--project", str(project)])
