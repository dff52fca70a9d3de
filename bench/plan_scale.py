"""Scale: `build_plan` time with 1..1000 synthetic catalog entries x 16 adapters."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from aidokit.adapters import ADAPTERS, resolved
from aidokit.catalog import entries
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.reconcile.plan import engine
from aidokit.reconcile.read import world
from bench._scale import synthetic

SIZES = (1, 10, 100, 1000)
REPEATS = 3


def _catalog(size: int) -> tuple[Any, ...]:
    """`size` always-on entries, copies of a real one under new ids, for every adapter."""
    base = next(e for e in resolved(MCP_CATALOG) if len(e.install) >= len(ADAPTERS) - 2)
    return synthetic(base, size)


def _time_plan(project: Path, size: int) -> tuple[float, int]:
    """Best-of time of read_world + build_plan with `size` entries; and the number of changes."""
    original = entries.MCP_CATALOG
    entries.MCP_CATALOG = _catalog(size)  # type: ignore[misc]
    try:
        inputs = world.gather(project, scope="project", only=list(ADAPTERS))
        best, changes = float("inf"), 0
        for _ in range(REPEATS):
            started = time.perf_counter()
            plan = engine.build_plan(world.read_world(inputs))
            best = min(best, time.perf_counter() - started)
            changes = sum(len(f.actionable) for f in plan.files)
        return best, changes
    finally:
        entries.MCP_CATALOG = original  # type: ignore[misc]


def run() -> list[dict[str, Any]]:
    """One row per catalog size; the baseline column is the 1-entry time."""
    with tempfile.TemporaryDirectory(prefix="aido-bench-") as tmp:
        project = Path(tmp)
        results = {size: _time_plan(project, size) for size in SIZES}
    first = results[SIZES[0]][0]
    rows = []
    for size, (took, changes) in results.items():
        per = (took - first) / (size - 1) * 1e6 if size > 1 else 0.0
        rows.append(
            {
                "name": f"plan scale: {size} entries x {len(ADAPTERS)} adapters",
                "aido": took * 1000,
                "baseline": first * 1000,
                "ratio": took / first,
                "unit": "ms",
                "note": f"{changes} planned changes; marginal cost {per:.0f} us/entry "
                "(16 files); best of 3",
            }
        )
    return rows
