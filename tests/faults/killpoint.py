"""Run `aido ARGV` and SIGKILL it at a chosen durable step: the fault-injection hook.

A durable step is a rename or an unlink (every file aido, its state and its
journal write lands by one). `--kill-at N` kills the process just before its
N-th step; `--count FILE` writes how many steps a run took instead;
`recover` (as the command) runs only the recovery the next command starts with;
`--fail-write K` makes the K-th harness file write fail with ENOSPC (so the
steps after it are the roll-back's). No timers: the kill point is exact.
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import sys
from pathlib import Path
from typing import Any


def main() -> int:
    """Patch the hooks, run aido, report."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--kill-at", type=int, default=0)
    parser.add_argument("--count", default="")
    parser.add_argument("--fail-write", type=int, default=0)
    parser.add_argument("argv", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    steps = _count_steps(args.kill_at)
    if args.fail_write:
        _fail_write(args.fail_write, steps)
    from aidokit.reconcile.cli import main as aido
    from aidokit.reconcile.transaction import recover

    code = aido(args.argv) if args.argv[0] != "recover" else len(recover()) * 0
    if args.count:
        Path(args.count).write_text(f"{steps['n']} {steps.get('failed_at', 0)}")
    return code


def _count_steps(kill_at: int) -> dict[str, int]:
    steps = {"n": 0}
    for name in ("replace", "unlink"):
        real = getattr(os, name)

        def step(*a: object, _real: object = real, **kw: object) -> object:
            steps["n"] += 1
            if steps["n"] == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return _real(*a, **kw)  # type: ignore[operator]

        setattr(os, name, step)
    return steps


def _fail_write(k: int, steps: dict[str, int]) -> None:
    from aidokit.reconcile.documents import atomic

    real = atomic._write_temp
    seen = []

    def failing(temp: Path, *args: Any) -> None:
        if not temp.name.endswith("state.json"):
            seen.append(temp)
            if len(seen) == k:
                steps["failed_at"] = steps["n"]
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(temp, *args)

    atomic._write_temp = failing  # type: ignore[assignment]


if __name__ == "__main__":
    sys.exit(main())
