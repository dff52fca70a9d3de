"""What file handling needs from the operating system, on POSIX and on Windows.

Everything here differs between Linux/macOS and Windows: open flags, the
per-file lock, syncing a directory, copying a file's mode and owner, and
telling whether a process still runs. Each choice is made from what the
running Python offers (`fcntl` or `msvcrt`, `os.O_*` names), never from the
platform name, so tests drive the Windows branches on Linux by hiding `fcntl`
and supplying a stand-in `msvcrt` (tests/simwindows.py).
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from typing import Any

# O_BINARY: without it Windows reads and writes in text mode (CRLF and ^Z
# rewritten), which would change bytes aido does not own. O_NOINHERIT is
# Windows' name for close-on-exec. O_NONBLOCK keeps a FIFO from hanging the
# open on POSIX; Windows has no FIFOs at file paths.
_BINARY = getattr(os, "O_BINARY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOINHERIT", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)

READ_FLAGS = os.O_RDONLY | _NONBLOCK | _CLOEXEC | _BINARY
CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC | _BINARY
LOCK_FLAGS = os.O_RDWR | os.O_CREAT | _CLOEXEC | _BINARY

_STILL_ACTIVE = 259  # GetExitCodeProcess: the process has not exited
_QUERY_LIMITED = 0x1000  # PROCESS_QUERY_LIMITED_INFORMATION
_ACCESS_DENIED = 5


def try_lock(fd: int) -> bool:
    """Take the exclusive lock on open file `fd` without waiting; False if another holds it."""
    try:
        import fcntl
    except ImportError:
        return _try_lock_windows(fd)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _msvcrt() -> Any:
    """Windows' C runtime module (typed Any: its stubs exist only for win32)."""
    import importlib

    return importlib.import_module("msvcrt")


def _try_lock_windows(fd: int) -> bool:
    """Lock the first byte of the lock file (msvcrt); closing the file releases it."""
    msvcrt = _msvcrt()
    os.lseek(fd, 0, os.SEEK_SET)
    try:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def unlock(fd: int) -> None:
    """Release the lock taken by `try_lock` (closing `fd` releases it too)."""
    try:
        import fcntl
    except ImportError:
        msvcrt = _msvcrt()
        os.lseek(fd, 0, os.SEEK_SET)
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    fcntl.flock(fd, fcntl.LOCK_UN)


def copy_mode(fd: int, path: os.PathLike[str], old: os.stat_result) -> None:
    """Give the new file `fd` (at `path`) the old file's mode and, as root, its owner."""
    mode = stat.S_IMODE(old.st_mode)
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:  # Windows before Python 3.13: chmod sets only the read-only bit
        os.chmod(path, mode)
    if hasattr(os, "geteuid") and hasattr(os, "fchown") and os.geteuid() == 0:
        os.fchown(fd, old.st_uid, old.st_gid)


def fsync_directory(directory: os.PathLike[str]) -> None:
    """Make a rename in `directory` durable; Windows cannot open a directory, nor needs to."""
    flag = getattr(os, "O_DIRECTORY", None)
    if flag is None:
        return
    fd = os.open(directory, os.O_RDONLY | flag)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def process_alive(pid: int) -> bool:
    """Whether process `pid` still runs (on Windows `os.kill` would end it, so never there)."""
    if os.name == "nt":
        import ctypes

        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined,unused-ignore]
        return alive_windows(pid, kernel32, ctypes.get_last_error)  # type: ignore[attr-defined,unused-ignore]
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists but belongs to someone else
    return True


def alive_windows(pid: int, kernel32: Any, last_error: Callable[[], int]) -> bool:
    """Ask Windows whether `pid` has exited: OpenProcess, then GetExitCodeProcess."""
    import ctypes

    handle = kernel32.OpenProcess(_QUERY_LIMITED, False, pid)
    if not handle:
        return last_error() == _ACCESS_DENIED  # it exists but belongs to someone else
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == _STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)
