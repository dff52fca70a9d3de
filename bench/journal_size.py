"""A person's journal does not slow an apply: `aido apply` with the undo journals of 300
other projects beside it, against an apply with none.

Every apply sweeps the journal for projects whose folder is gone (reconcile/write/journal.py
`prune_gone`). The journal keeps up to 20 transactions of every project aido ever ran in;
reading each of their records made every apply slower the more aido was used (300
projects of 3 transactions: about +500 ms an apply). The CPU time (wait4) of whole
processes, interleaved, the median of RUNS; the target: at most 1.5x.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

from bench._proc import sandbox_env, verdict, wall_and_cpu
from bench.state_size import AIDO
from fixtures.projects import materialize

PROJECTS = 300
RUNS = 7
LIMIT = 1.5


def _home(root: Path, name: str, others: int) -> tuple[Path, dict[str, str]]:
    """A project applied once under a new HOME whose journal holds `others` more projects'
    groups of three transactions each (copies of one, under other names: the same bytes)."""
    home = root / f"home-{name}"
    home.mkdir()
    env = sandbox_env(home)
    first = materialize("demo-project", root / f"first-{name}")
    for command in ("apply", "destroy", "apply"):
        wall_and_cpu([AIDO, command, "--yes"], cwd=first, env=env)
    journal = home / ".local" / "state" / "aido" / "journal"
    group = next(g for g in journal.iterdir() if g.name != "open")
    for index in range(others):
        shutil.copytree(group, journal / f"{group.name[:-12]}{index:012d}")
    return materialize("demo-project", root / f"project-{name}"), env


def run() -> list[dict[str, Any]]:
    """One row: apply (after a destroy) with PROJECTS other journals, against none."""
    with tempfile.TemporaryDirectory(prefix="aido-bench-") as tmp:
        root = Path(tmp)
        cases = {"none": _home(root, "none", 0), "many": _home(root, "many", PROJECTS)}
        cpu: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(RUNS):
            for name, (project, env) in cases.items():
                wall_and_cpu([AIDO, "destroy", "--yes"], cwd=project, env=env)
                cpu[name].append(wall_and_cpu([AIDO, "apply", "--yes"], cwd=project, env=env)[1])
    many, none = statistics.median(cpu["many"]), statistics.median(cpu["none"])
    ratio = many / none
    return [
        {
            "name": f"apply beside {PROJECTS} other projects' journals",
            "aido": many * 1000,
            "baseline": none * 1000,
            "ratio": ratio,
            "unit": "ms CPU",
            "target": f"<= {LIMIT}x an apply with no journal",
            "verdict": verdict(ratio, LIMIT),
            "note": f"median of {RUNS}, interleaved; baseline: the same apply, empty journal",
        }
    ]
