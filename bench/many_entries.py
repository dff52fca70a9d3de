"""Scale: `aido apply` of 10, 100 and 1000 owned entries into one file (claude-code .mcp.json).

In-process, like `plan_scale`: a synthetic catalog of N always-on entries, a fresh
project each time, build_plan + apply_plan timed together (best of 3). Linear growth
means 1000 entries cost about 10x what 100 do (target: at most 12x).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from aidokit.catalog import entries
from aidokit.reconcile.plan import engine
from aidokit.reconcile.read import world
from aidokit.reconcile.write.apply import apply_plan
from bench._scale import SIZES, plain_entry, scale_rows, synthetic

REPEATS = 3
AIDO_TOML = 'adapters = ["claude-code"]\n'


def _catalog(size: int) -> tuple[Any, ...]:
    """`size` always-on copies of a plain stdio entry that claude-code installs."""
    return synthetic(plain_entry("claude-code"), size)


def _time_apply(root: Path, size: int) -> float:
    """Best-of wall time of plan + apply of `size` new entries into one file."""
    original = entries.MCP_CATALOG
    entries.MCP_CATALOG = _catalog(size)  # type: ignore[misc]
    try:
        best = float("inf")
        for run in range(REPEATS):
            project = root / f"p{size}-{run}"
            (project / ".git").mkdir(parents=True)
            (project / "aido.toml").write_text(AIDO_TOML)
            started = time.perf_counter()
            inputs = world.gather(project, scope="project", only=None)
            plan = engine.build_plan(world.read_world(inputs))
            apply_plan(plan)
            best = min(best, time.perf_counter() - started)
            written = (project / ".mcp.json").read_text()
            assert written.count('"synthetic-') == size
        return best
    finally:
        entries.MCP_CATALOG = original  # type: ignore[misc]


def run() -> list[dict[str, Any]]:
    """One row per size; the baseline column is the 100-entry time."""
    with tempfile.TemporaryDirectory(prefix="aido-bench-") as tmp:
        times = {size: _time_apply(Path(tmp), size) for size in SIZES}
    note = f"best of {REPEATS}; plan + apply in-process, fresh project; ratio to 100 entries"
    return scale_rows(times, "apply {size} entries into one file", note)
