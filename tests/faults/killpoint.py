"""Run `aido ARGV` and SIGKILL it at a chosen durable step: the fault-injection hook.

A durable step is a rename or an unlink (every file aido, its state and its
journal write lands by one). `--kill-at N` kills the process just before its
N-th step; `--count FILE` writes how many steps a run took instead;
`recover` (as the command) runs only the recovery the next command starts with;
`--fail-write K` makes the K-th harness file write fail with ENOSPC (so the
steps after it are the roll-back's). No timers: the kill point is exact.

Run as a script it is a fresh interpreter; `fork` runs the same hooked aido in
a forked child of the test process, a real process that a real SIGKILL ends,
without paying for interpreter start-up and imports on every kill.
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import sys
import tempfile
import traceback
from collections.abc import Mapping, Sequence
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
    return hooked(args.argv, kill_at=args.kill_at, count=args.count, fail_write=args.fail_write)


def hooked(argv: Sequence[str], *, kill_at: int = 0, count: str = "", fail_write: int = 0) -> int:
    """Patch the hooks in this process, run aido (or only the recovery), write the count."""
    steps = _count_steps(kill_at)
    if fail_write:
        _fail_write(fail_write, steps)
    from aidokit.reconcile.cli.main import main as aido
    from aidokit.reconcile.write.transaction import recover

    code = aido(list(argv)) if argv[0] != "recover" else len(recover()) * 0
    if count:
        Path(count).write_text(f"{steps['n']} {steps.get('failed_at', 0)}")
    return code


def fork(
    argv: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    kill_at: int = 0,
    count: str = "",
    fail_write: int = 0,
) -> tuple[int, str]:
    """`hooked` in a forked child; its exit code as subprocess reports it (-9: SIGKILL), stderr.

    The child's stdin and stdout are /dev/null and its stderr a file, as a
    captured subprocess's would be (not a tty); it leaves by os._exit or the kill.
    """
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as err:
        pid = os.fork()
        if pid == 0:  # pragma: no cover (the child never returns)
            _child(argv, cwd, env, err, kill_at=kill_at, count=count, fail_write=fail_write)
        _, status = os.waitpid(pid, 0)
        err.seek(0)
        return os.waitstatus_to_exitcode(status), err.read()


def _child(argv: Sequence[str], cwd: Path, env: Mapping[str, str], err: Any, **hook: Any) -> None:
    code = 70
    try:
        null = os.open(os.devnull, os.O_RDWR)
        for fd, target in ((0, null), (1, null), (2, err.fileno())):
            os.dup2(target, fd)
        sys.stdin, sys.stdout = open(0, closefd=False), open(1, "w", closefd=False)  # noqa: SIM115
        sys.stderr = err
        os.environ.clear()
        os.environ.update(env)
        os.chdir(cwd)
        code = hooked(argv, **hook)
    except BaseException:
        traceback.print_exc(file=err)
    finally:
        err.flush()
        os._exit(code)


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
    from aidokit.reconcile.core import atomic

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
