"""Scale: plan and apply of 10, 100 and 1000 owned entries in one Codex `config.toml`.

In-process, like `many_entries` (the JSON rows): a synthetic catalog of N always-on
entries, a fresh project each time whose `.codex/config.toml` already holds a user's
table and comments. Two rows per size: `aido plan` alone (it rehearses every TOML
edit) and plan + apply (best of 3). Linear growth means 1000 entries cost about 10x
what 100 do (target: at most 12x). Timed in CPU time of this process: on a machine
shared with other work, wall time grows with the length of a run by itself.
"""

from __future__ import annotations

import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aidokit.catalog import entries
from aidokit.reconcile.plan import engine
from aidokit.reconcile.read import world
from aidokit.reconcile.write.apply import apply_plan
from bench._scale import SIZES, plain_entry, scale_rows, synthetic

REPEATS = 3
AIDO_TOML = 'adapters = ["codex"]\n'
CONFIG = (
    b'model = "o3"\n\n# my own server\n[mcp_servers.mine]\ncommand = "mine"\n\n'
    b'# profiles\n[profiles.fast]\nmodel = "o4-mini"\n'
)


def _catalog(size: int) -> tuple[Any, ...]:
    """`size` always-on copies of a plain stdio entry that Codex installs."""
    return synthetic(plain_entry("codex"), size)


def _project(root: Path, name: str) -> Path:
    """A fresh git project choosing Codex, with a user's config.toml."""
    project = root / name
    (project / ".git").mkdir(parents=True)
    (project / "aido.toml").write_text(AIDO_TOML)
    (project / ".codex").mkdir()
    (project / ".codex" / "config.toml").write_bytes(CONFIG)
    return project


def _plan(project: Path) -> Any:
    """Gather, read and plan the project."""
    inputs = world.gather(project, scope="project", only=None)
    return engine.build_plan(world.read_world(inputs))


def _best(root: Path, size: int, step: Callable[[Path], None]) -> float:
    """Best-of CPU time of `step` on a fresh project, with `size` entries in the catalog."""
    original = entries.MCP_CATALOG
    entries.MCP_CATALOG = _catalog(size)  # type: ignore[misc]
    try:
        best = float("inf")
        for run in range(REPEATS):
            project = _project(root, f"{step.__name__}{size}-{run}")
            started = time.process_time()
            step(project)
            best = min(best, time.process_time() - started)
        return best
    finally:
        entries.MCP_CATALOG = original  # type: ignore[misc]


def plan(project: Path) -> None:
    """`aido plan`: read, plan and rehearse every edit."""
    built = _plan(project)
    assert sum(len(f.actionable) for f in built.files) > 0


def apply(project: Path) -> None:
    """`aido apply`: plan, then write every entry."""
    apply_plan(_plan(project))
    written = tomllib.loads((project / ".codex" / "config.toml").read_text())
    assert len(written["mcp_servers"]) > 1


def run() -> list[dict[str, Any]]:
    """Per step, one row per size; the baseline column is the 100-entry time."""
    rows = []
    note = f"best of {REPEATS}, CPU time; in-process, fresh project; ratio to 100"
    with tempfile.TemporaryDirectory(prefix="aido-bench-") as tmp:
        for step in (plan, apply):
            times = {size: _best(Path(tmp), size, step) for size in SIZES}
            rows += scale_rows(times, step.__name__ + " {size} entries in one config.toml", note)
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
