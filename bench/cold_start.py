"""Cold start: `aido --version` and `aido plan` on the demo project vs `python -c pass`.

Plans run on the demo project once applied (converged), with one entry edited by
hand (drifted: the diff is rendered with deepdiff), and right after an aido.toml
edit (the memo is dropped, so pydantic validates the file).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from aidokit.reconcile.config_memo import memo_folder
from bench._proc import interleaved, sandbox_env, wall

RUNS = 15
AIDO = str(Path(sys.executable).with_name("aido"))
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def run() -> list[dict[str, Any]]:
    """Median wall time of each command as a fresh process, interleaved."""
    sys.path.insert(0, str(FIXTURES))
    from projects import materialize

    with tempfile.TemporaryDirectory(prefix="aido-bench-") as tmp:
        env = sandbox_env(Path(tmp) / "home")
        project = _applied(materialize("demo-project", Path(tmp) / "demo"), env)
        drifted = _applied(materialize("demo-project", Path(tmp) / "drifted"), env)
        mcp = drifted / ".mcp.json"
        data = json.loads(mcp.read_text())
        data["mcpServers"]["git"]["env"] = {"DRIFT": "1"}
        mcp.write_text(json.dumps(data, indent=2) + "\n")
        memo = memo_folder(env)

        def first_plan() -> float:
            # As after an edit of aido.toml: pydantic validates it (and the memo learns it).
            shutil.rmtree(memo, ignore_errors=True)
            return wall([AIDO, "plan"], cwd=project, env=env)

        jobs = {
            "python": lambda: wall([sys.executable, "-c", "pass"], cwd=project, env=env),
            "version": lambda: wall([AIDO, "--version"], cwd=project, env=env),
            "plan": lambda: wall([AIDO, "plan"], cwd=project, env=env),
            "drifted": lambda: wall([AIDO, "plan"], cwd=drifted, env=env),
            "first plan": first_plan,
        }
        med = interleaved(jobs, RUNS)
    return _rows(med)


def _applied(project: Path, env: dict[str, str]) -> Path:
    """Apply aido.toml once, so the project's plan is converged."""
    subprocess.run([AIDO, "apply", "--yes"], cwd=project, env=env, check=True, capture_output=True)
    return project


def _rows(med: dict[str, float]) -> list[dict[str, Any]]:
    """One row per target, each with its ratio and verdict."""
    base, plan = med["python"], med["plan"]
    how = f"median of {RUNS}, interleaved"
    targets = [
        ("aido --version", "version", base, f"<= 2x + 100 ms = {2 * base + 0.1:.3f} s"),
        (
            "converged aido plan (demo, applied)",
            "plan",
            base,
            f"<= python + 45 ms = {base + 0.045:.3f} s",
        ),
        (
            "drifted aido plan (1 entry edited)",
            "drifted",
            plan,
            f"<= 1.5x converged = {1.5 * plan:.3f} s",
        ),
        (
            "first aido plan after an aido.toml edit",
            "first plan",
            plan,
            f"<= 1.5x converged = {1.5 * plan:.3f} s",
        ),
    ]
    limits = {
        "version": 2 * base + 0.1,
        "plan": base + 0.045,
        "drifted": 1.5 * plan,
        "first plan": 1.5 * plan,
    }
    rows = []
    for label, key, baseline, target in targets:
        verdict = "met" if med[key] <= limits[key] else "MISSED"
        against = "`python -c pass`" if baseline is base else "the converged plan"
        rows.append(
            {
                "name": f"cold start: {label}",
                "aido": med[key],
                "baseline": baseline,
                "ratio": med[key] / baseline,
                "unit": "s",
                "note": f"{how}; baseline {against}; target {target}: {verdict}",
            }
        )
    return rows
