"""The interactive terminal, for confirmations that only a person may give (SPEC §7).

Prompts are written to and read from the console device, never stdin: `/dev/tty`
on Linux and macOS, `CONIN$`/`CONOUT$` on Windows. Piped input, `--yes` and
environment variables cannot answer them. Both stdin and stdout must also be
terminals, so `echo id | aido apply` in a terminal still refuses.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

MAX_ANSWER = 4096
Opener = Callable[[str, int], int]


class Device(Protocol):
    """One unbuffered end of the console (an `io.FileIO`, or a test's stand-in)."""

    def read(self, size: int = -1, /) -> bytes | None: ...
    def write(self, data: bytes, /) -> int | None: ...
    def fileno(self) -> int: ...
    def close(self) -> None: ...


class Console(NamedTuple):
    """The device names of the console: one for reading answers, one for showing prompts."""

    reader: str
    writer: str

    def open(self) -> Terminal | None:
        """Both devices opened unbuffered, or None when there is no console."""
        try:
            reader = open(self.reader, "rb", buffering=0, opener=_opener(self.reader))  # noqa: SIM115
        except OSError:
            return None
        try:
            writer = open(self.writer, "wb", buffering=0, opener=_opener(self.writer))  # noqa: SIM115
        except OSError:
            reader.close()
            return None
        return Terminal(reader, writer)


POSIX_CONSOLE = Console("/dev/tty", "/dev/tty")
WINDOWS_CONSOLE = Console("CONIN$", "CONOUT$")
# Chosen once; the simulated-Windows tests swap it for WINDOWS_CONSOLE.
CONSOLE = WINDOWS_CONSOLE if os.name == "nt" else POSIX_CONSOLE


def _opener(name: str) -> Opener | None:
    """None for Windows console names (Python opens them as console I/O itself).

    Elsewhere: open the device read-write and without making it the controlling
    terminal, never with the O_CREAT/O_TRUNC that mode "wb" would ask for.
    """
    if name in (WINDOWS_CONSOLE.reader, WINDOWS_CONSOLE.writer):
        return None
    flags = os.O_RDWR | getattr(os, "O_NOCTTY", 0)
    return lambda path, _flags: os.open(path, flags)


class Terminal:
    """An open console: answers are read from `reader`, prompts written to `writer`."""

    def __init__(self, reader: Device, writer: Device) -> None:
        self.reader = reader
        self.writer = writer

    def write(self, text: str) -> None:
        """Show `text` on the terminal."""
        data = text.encode("utf-8", "replace")
        while data:
            data = data[self.writer.write(data) or 0 :]

    def ask(self, prompt: str) -> str:
        """Show `prompt` and return the line typed, stripped ('' on end of input)."""
        sys.stdout.flush()
        self._discard_typeahead()
        self.write(prompt)
        answer = b""
        while not answer.endswith(b"\n") and len(answer) < MAX_ANSWER:
            chunk = self.reader.read(1024)
            if not chunk:
                break
            answer += chunk
        return answer.decode("utf-8", "replace").strip()

    def _discard_typeahead(self) -> None:
        """Drop input typed before the question was shown: it cannot be an answer to it."""
        with contextlib.suppress(ImportError, OSError, ValueError):
            import termios  # noqa: PLC0415 (POSIX only)

            termios.tcflush(self.reader.fileno(), termios.TCIFLUSH)
            return
        with contextlib.suppress(ImportError, OSError):
            msvcrt: Any = importlib.import_module("msvcrt")  # Windows: drop keys waiting
            while msvcrt.kbhit():
                msvcrt.getwch()

    def close(self) -> None:
        """Close the terminal."""
        self.reader.close()
        self.writer.close()


def open_terminal(console: Console | None = None) -> Terminal | None:
    """The console when stdin and stdout are both terminals, else None."""
    try:
        if not (os.isatty(sys.stdin.fileno()) and os.isatty(sys.stdout.fileno())):
            return None
    except (AttributeError, OSError, ValueError):
        return None  # replaced or closed streams (e.g. under a test runner)
    return (console or CONSOLE).open()
