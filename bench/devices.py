"""What each start-up device buys: a converged `aido plan` with it and without it (issue 52).

A device stays only while it buys at least 10 ms of CPU on a path users hit. Each
row runs the same plan of the applied demo project as two fresh processes, alike
but for the device, interleaved; the gain is the difference of their median CPU
times (wait4), since the machine may be shared.

- memo + builder (reconcile/read/decode.py): without it, pydantic validates every
  file each run. The run without it sees a memo folder it cannot use (a plain file
  where the folder would be), so nothing is learned either.
- teardown skip (`entry` in reconcile/cli/main.py): without it, `sys.exit(main())`
  with the garbage collector on and Python's shutdown.
- lazy logger proxy (catalog/errors.py): without it, structlog is imported at start.
- one-command parser (`parse` in reconcile/cli/main.py): without it, the whole tree
  (`build_parser()`, every command's module) parses the command line. Timed alone,
  with the CLI module already imported.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench._proc import interleaved, sandbox_env, wall_and_cpu
from bench.cold_start import FIXTURES, _applied

RUNS = 15
GAIN = 0.010  # seconds of CPU a device must buy to stay
ENTRY = "import sys; sys.argv = ['aido', 'plan']; from aidokit.reconcile.cli.main import entry; "
# (row label, the code with the device, the code without it, the environment's name for each)
DEVICES: list[tuple[str, list[str], list[str], str, str]] = [
    (
        "memo + builder beside pydantic (read/decode.py)",
        ["-c", ENTRY + "entry()"],
        ["-c", ENTRY + "entry()"],
        "memo",
        "no memo",
    ),
    (
        "teardown skip (cli/main.py entry)",
        ["-c", ENTRY + "entry()"],
        ["-c", "import sys; from aidokit.reconcile.cli.main import main; sys.exit(main(['plan']))"],
        "memo",
        "memo",
    ),
    (
        "lazy structlog proxy (catalog/errors.py)",
        ["-c", ENTRY + "entry()"],
        ["-c", "import structlog; " + ENTRY + "entry()"],
        "memo",
        "memo",
    ),
]
# The parser row's code prints its own CPU time: argument parsing alone, not the plan.
PARSERS = {
    "with": "parse(['plan'])",
    "without": "build_parser().parse_args(['plan'])",
}
PARSE = """
import time
from aidokit.reconcile.cli.main import build_parser, parse
started = time.process_time()
{call}
print(time.process_time() - started)
"""


def run() -> list[dict[str, Any]]:
    """One row per device: the plan's median CPU time with it and without it."""
    sys.path.insert(0, str(FIXTURES))
    from projects import materialize  # noqa: PLC0415 (found once fixtures/ is on sys.path)

    rows = []
    with tempfile.TemporaryDirectory(prefix="aido-bench-") as name:
        tmp = Path(name)
        env = sandbox_env(tmp / "home")
        project = _applied(materialize("demo-project", tmp / "demo"), env)
        envs = {"memo": env, "no memo": _unusable_memo(env, tmp / "no-memo")}
        for label, with_it, without, env_with, env_without in DEVICES:
            wall, cpu = _paired(project, (with_it, envs[env_with]), (without, envs[env_without]))
            rows.append(_row(label, wall, cpu))
        rows.append(_parser_row(project, env))
    return rows


Run = tuple[list[str], dict[str, str]]  # python's arguments, the environment


def _paired(project: Path, with_it: Run, without: Run) -> tuple[dict[str, float], dict[str, float]]:
    """Median wall and CPU times of the two runs, interleaved, keyed "with" and "without"."""
    cpu: dict[str, list[float]] = {"with": [], "without": []}

    def job(key: str, run: Run) -> Callable[[], float]:
        def timed() -> float:
            took, used = wall_and_cpu([sys.executable, *run[0]], cwd=project, env=run[1])
            cpu[key].append(used)
            return took

        return timed

    wall = interleaved({"with": job("with", with_it), "without": job("without", without)}, RUNS)
    return wall, {key: statistics.median(values) for key, values in cpu.items()}


def _unusable_memo(env: dict[str, str], folder: Path) -> dict[str, str]:
    """`env` with a copy of its state folder where the memo is a plain file: no memo."""
    shutil.copytree(Path(env["XDG_STATE_HOME"]), folder)
    for memo in folder.rglob("validated"):
        shutil.rmtree(memo)
        memo.write_text("not a folder: aido can neither read nor write its memo here\n")
    return {**env, "XDG_STATE_HOME": str(folder)}


def _parser_row(project: Path, env: dict[str, str]) -> dict[str, Any]:
    """The one-command parser against the whole tree, each timed inside its process."""
    times: dict[str, list[float]] = {"with": [], "without": []}
    for _ in range(RUNS):
        for key, call in PARSERS.items():
            argv = [sys.executable, "-c", PARSE.format(call=call)]
            done = subprocess.run(argv, cwd=project, env=env, capture_output=True, text=True)
            done.check_returncode()
            times[key].append(float(done.stdout.split()[-1]))
    cpu = {key: statistics.median(values) for key, values in times.items()}
    return _row("one-command parser (cli/main.py parse)", None, cpu)


def _row(label: str, wall: dict[str, float] | None, cpu: dict[str, float]) -> dict[str, Any]:
    gain = cpu["without"] - cpu["with"]
    how = (
        "CPU of parsing `plan` in-process (the CLI module imported), median of "
        f"{RUNS}; without: the whole tree"
        if wall is None
        else f"CPU of a converged plan, median of {RUNS}, interleaved; wall "
        f"{wall['with'] * 1e3:.0f} vs {wall['without'] * 1e3:.0f} ms"
    )
    return {
        "name": f"start-up device: {label}",
        "aido": cpu["with"] * 1e3,
        "baseline": cpu["without"] * 1e3,
        "ratio": cpu["with"] / cpu["without"],
        "unit": "ms",
        "target": f"buys >= {GAIN * 1e3:.0f} ms",
        "verdict": f"{'keep' if gain >= GAIN else 'REMOVE'}: buys {gain * 1e3:.0f} ms",
        "note": f"aido: with the device, baseline: without; {how}",
    }
