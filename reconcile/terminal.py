"""The interactive terminal, for confirmations that only a person may give (SPEC §7).

Prompts are written to and read from `/dev/tty`, never stdin: piped input,
`--yes` and environment variables cannot answer them. Both stdin and stdout
must also be terminals, so `echo id | aido apply` in a terminal still refuses.
"""

from __future__ import annotations

import contextlib
import os
import sys

MAX_ANSWER = 4096


class Terminal:
    """An open controlling terminal."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def write(self, text: str) -> None:
        """Show `text` on the terminal."""
        data = text.encode("utf-8", "replace")
        while data:
            data = data[os.write(self.fd, data) :]

    def ask(self, prompt: str) -> str:
        """Show `prompt` and return the line typed, stripped ('' on end of input)."""
        sys.stdout.flush()
        self._discard_typeahead()
        self.write(prompt)
        answer = b""
        while not answer.endswith(b"\n") and len(answer) < MAX_ANSWER:
            chunk = os.read(self.fd, 1024)
            if not chunk:
                break
            answer += chunk
        return answer.decode("utf-8", "replace").strip()

    def _discard_typeahead(self) -> None:
        """Drop input typed before the question was shown: it cannot be an answer to it."""
        with contextlib.suppress(ImportError, OSError):
            import termios

            termios.tcflush(self.fd, termios.TCIFLUSH)

    def close(self) -> None:
        """Close the terminal."""
        os.close(self.fd)


def open_terminal() -> Terminal | None:
    """The controlling terminal when stdin and stdout are both terminals, else None."""
    try:
        if not (os.isatty(sys.stdin.fileno()) and os.isatty(sys.stdout.fileno())):
            return None
    except (AttributeError, OSError, ValueError):
        return None  # replaced or closed streams (e.g. under a test runner)
    try:
        fd = os.open("/dev/tty", os.O_RDWR | getattr(os, "O_NOCTTY", 0))
    except OSError:
        return None
    return Terminal(fd)
