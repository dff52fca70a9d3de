"""Small helpers shared by test modules."""

from __future__ import annotations

from pathlib import Path

from aidokit.reconcile.cli import main


def aido(project: Path, *argv: str) -> int:
    """Run `aido ARGV --project PROJECT` in-process and return its exit code."""
    return main([*argv, "--project", str(project)])


# Only `context7` is desired, whatever else the catalog suggests for an empty project.
ONLY_CONTEXT7 = 'adapters = ["claude-code"]\n[mcp]\nskip = ["sequential-thinking"]\n'


def new_project(tmp_path: Path, aido_toml: str | None = None) -> Path:
    """An empty project folder `tmp_path/proj`, with that `aido.toml` when one is given."""
    root = tmp_path / "proj"
    root.mkdir(exist_ok=True)
    if aido_toml is not None:
        (root / "aido.toml").write_text(aido_toml, encoding="utf-8")
    return root
