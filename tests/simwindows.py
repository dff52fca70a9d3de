"""A pytest plugin that makes Linux look like Windows to aido: `pytest -p tests.simwindows`.

`fcntl` and `termios` cannot be imported, `os` has no `pread`, `msvcrt` is a
stand-in whose byte locks are real (flock underneath, so other processes still see them), and the
console is `CONIN$`/`CONOUT$`, which do not exist here: no terminal, as for a
Windows run under CI.
"""

from __future__ import annotations

import fcntl
import os
import sys
import types

import pytest

LK_UNLCK, LK_NBLCK = 0, 2  # msvcrt's values


def fake_msvcrt() -> types.ModuleType:
    """A module with msvcrt's `locking`, `kbhit` and `getwch`, enough for aido."""
    module = types.ModuleType("msvcrt")

    def locking(fd: int, mode: int, nbytes: int) -> None:
        assert nbytes == 1 and os.lseek(fd, 0, os.SEEK_CUR) == 0, "aido locks byte 0"
        try:
            fcntl.flock(fd, fcntl.LOCK_UN if mode == LK_UNLCK else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise PermissionError(13, "Permission denied") from None  # what msvcrt raises

    module.__dict__.update(
        LK_UNLCK=LK_UNLCK, LK_NBLCK=LK_NBLCK, locking=locking, kbhit=lambda: False, getwch=str
    )
    return module


def hide_posix(monkeypatch: pytest.MonkeyPatch) -> None:
    """Within one test: no fcntl/termios, a fake msvcrt, and the Windows console names."""
    from aidokit.reconcile.core import terminal

    monkeypatch.setitem(sys.modules, "fcntl", None)
    monkeypatch.setitem(sys.modules, "termios", None)
    monkeypatch.setitem(sys.modules, "msvcrt", fake_msvcrt())
    monkeypatch.setattr(terminal, "CONSOLE", terminal.WINDOWS_CONSOLE)
    monkeypatch.delattr(os, "pread", raising=False)  # Windows' os has none


def pytest_configure(config: pytest.Config) -> None:
    """For the whole run: the same as `hide_posix`, before any aido module is imported."""
    import pty  # noqa: F401  (test helpers drive pseudo-terminals; aido itself must not)

    from aidokit.reconcile.core import terminal

    sys.modules["fcntl"] = None  # type: ignore[assignment]
    sys.modules["termios"] = None  # type: ignore[assignment]
    sys.modules["msvcrt"] = fake_msvcrt()
    terminal.CONSOLE = terminal.WINDOWS_CONSOLE
    if hasattr(os, "pread"):
        del os.pread  # Windows' os has none
