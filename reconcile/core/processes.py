"""Run a program so that nothing it starts outlives it (SPEC §7, issue 48 item 6).

A program aido runs (git for baselines, a harness CLI asked its version) may
start children of its own (`git-remote-https`, a shell, a package manager). It
runs in its own process group: when it ends, or its deadline passes, the whole
group is killed, so no child is left running and no pipe a child still holds
keeps aido waiting.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

_POSIX = os.name == "posix"


def run_group(
    command: Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    timeout: float,
    cwd: Path | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """`command` with stdin closed and its output captured, in its own process group; raises
    `subprocess.TimeoutExpired` after `timeout` seconds, its whole group killed."""
    with subprocess.Popen(
        list(command), env=None if env is None else dict(env), cwd=cwd,
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        start_new_session=_POSIX,
    ) as process:  # fmt: skip
        try:
            out, err = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _end_group(process)
            process.communicate()
            raise
        finally:
            _end_group(process)
    return subprocess.CompletedProcess(list(command), process.returncode, out, err)


def _end_group(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL every process still in `process`'s group (the process itself on Windows)."""
    if not _POSIX:
        with contextlib.suppress(OSError):
            process.kill()
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
