"""A program run on a pseudo-terminal, as a person at a terminal would run it (POSIX only):
what the prompts, the multiselect and ctrl-c tests share."""

from __future__ import annotations

import os
import pty
import select
import signal
import time
from collections.abc import Sequence
from pathlib import Path


def on_a_pty(
    argv: list[str],
    env: dict[str, str],
    steps: Sequence[tuple[bytes, bytes]] = (),
    *,
    cwd: Path | None = None,
    winsize: tuple[int, int] | None = None,
    pause: float = 0.0,
    timeout: float = 60,
) -> tuple[int, str]:
    """Run `argv` with a new pty as its stdin, stdout and controlling terminal; at each
    step wait for its text to appear (after the previous step's), `pause` seconds, then
    type its keys. Gives the exit code and everything it wrote; killed after `timeout`."""
    pid, fd = pty.fork()
    if pid == 0:  # the child
        try:
            if cwd is not None:
                os.chdir(cwd)
            if winsize is not None:
                import fcntl
                import struct
                import termios

                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", *winsize, 0, 0))
            os.execve(argv[0], argv, env)  # noqa: S606  (a fixed argv, no shell)
        finally:
            os._exit(127)
    output, todo, seen = b"", list(steps), 0
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if todo and todo[0][0] in output[seen:]:
            seen = output.index(todo[0][0], seen) + len(todo[0][0])
            time.sleep(pause)
            os.write(fd, todo.pop(0)[1])
        ready, _, _ = select.select([fd], [], [], 0.2)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        output += chunk
    else:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), output.decode("utf-8", "replace")
