"""Shared helpers: time a command as a fresh process, interleaving candidates."""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path


def sandbox_env(home: Path) -> dict[str, str]:
    """Environment with HOME and XDG folders under `home`, no colour, no telemetry."""
    env = dict(os.environ)
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        XDG_CACHE_HOME=str(home / ".cache"),
        NO_COLOR="1",
        CI="1",
        DO_NOT_TRACK="1",
    )
    # Measure what users run: an installed aido has its bytecode cached, so the
    # bench must not inherit a shell's PYTHONDONTWRITEBYTECODE (every run would
    # recompile aido's modules from source).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def wall(argv: Sequence[str], *, cwd: Path, env: dict[str, str]) -> float:
    """Run `argv` once; return its wall time; fail loudly on a non-zero exit."""
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    took = time.perf_counter() - started
    if done.returncode not in (0, 2):
        raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return took


def wall_and_cpu(argv: Sequence[str], *, cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Run `argv` once; its wall time and CPU time (user + system, from wait4).

    CPU time says what the run costs even when other work shares the machine,
    where wall time mostly measures the load.
    """
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        child = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        took = time.perf_counter() - started
        code = child.returncode = os.waitstatus_to_exitcode(status)
        if code not in (0, 2):
            err.seek(0)
            tail = err.read().decode(errors="replace")[-2000:]
            raise RuntimeError(f"{' '.join(argv)} failed ({code}):\n{tail}")
    return took, usage.ru_utime + usage.ru_stime


def verdict(value: float, limit: float) -> str:
    """`met` when `value` is within `limit`, else `MISSED` (what a target row prints)."""
    return "met" if value <= limit else "MISSED"


def interleaved(jobs: dict[str, Callable[[], float]], runs: int) -> dict[str, float]:
    """Run each job `runs` times, round-robin so machine noise hits all alike; medians."""
    times: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(runs):
        for name, job in jobs.items():
            times[name].append(job())
    return {name: statistics.median(values) for name, values in times.items()}
