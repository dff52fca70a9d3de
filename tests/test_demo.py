"""`make demo` works: plan, apply, clean plan, drift, heal, clean plan."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_demo_runs_clean() -> None:
    """The demo script exits 0 and shows a create, a heal and a converged plan."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "fixtures" / "run_demo.py")],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "+ context7" in result.stdout
    assert "\n  ^ " in result.stdout  # the hand-edited entry is healed
    assert result.stdout.count("No changes.") == 2
