"""Read config files safely and replace them atomically, compare-and-swap (SPEC §6).

Below the writes: the OS calls they stand on (open flags, fsync, file locks) and the
file formats, digests and byte offsets every layer above shares.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from aidokit.reconcile.core.errors import DocumentError, StaleError

# ======================================================================================
# What file handling needs from the operating system, on POSIX and on Windows.
#
# Everything here differs between Linux/macOS and Windows: open flags, the
# per-file lock, syncing a directory, copying a file's mode and owner, and
# telling whether a process still runs. Each choice is made from what the
# running Python offers (`fcntl` or `msvcrt`, `os.O_*` names), never from the
# platform name, so tests drive the Windows branches on Linux by hiding `fcntl`
# and supplying a stand-in `msvcrt` (tests/simwindows.py).
# ======================================================================================

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
        import fcntl  # noqa: PLC0415 (POSIX only)
    except ImportError:
        return _try_lock_windows(fd)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _msvcrt() -> Any:
    """Windows' C runtime module (typed Any: its stubs exist only for win32)."""
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
        import fcntl  # noqa: PLC0415 (POSIX only)
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
        import ctypes  # noqa: PLC0415 (Windows only here)

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
    import ctypes  # noqa: PLC0415 (Windows only here)

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


# ======================================================================================
# File formats, content digests and byte-offset locations for error messages.
# ======================================================================================

ABSENT = "absent"  # digest of a file that does not exist
BOM = b"\xef\xbb\xbf"
Pieces = tuple[bytes | memoryview, ...]  # a file's bytes in pieces, written in turn


class MapOrigin(NamedTuple):
    """What a map looked like before aido's first entry went in, so that its last entry
    leaving gives back those bytes (aido keeps it in its state records)."""

    made: int | None = None  # aido created the map: how many keys of its path were there
    # The object that first entry went into was empty and written open (`{`, a line
    # break, `}` on the `{` line's indentation), not `{}`: it stays open once emptied.
    open: bool = False
    # YAML: how an empty flow map the user wrote read from its key's `:` on, when that
    # is not ` {}` (`   {}`, `{ }`): an emptied map is written back so.
    flow: str | None = None


class Hash(Protocol):
    """A sha256 in progress, as hashlib's objects are."""

    def update(self, data: bytes | memoryview, /) -> None: ...
    def digest(self) -> bytes: ...
    def hexdigest(self) -> str: ...


SMALL = 1 << 20  # bytes: a file up to here is read whole to be hashed (atomic.py)


def sha256(data: bytes | memoryview = b"") -> Hash:
    """`hashlib.sha256(data)`, importing hashlib only when something is hashed."""
    import hashlib  # noqa: PLC0415 (heavy for start-up (OpenSSL); a converged plan hashes nothing)

    return hashlib.sha256(data)


def file_digest(raw: bytes | Pieces | None) -> str:
    """Return the sha256 hex of a file's bytes (or of its pieces, in turn), or ABSENT for
    a missing file."""
    if raw is None:
        return ABSENT
    if not isinstance(raw, tuple):
        return sha256(raw).hexdigest()
    digest = sha256()
    for piece in raw:
        digest.update(piece)
    return digest.hexdigest()


def decode_text(path: Path, raw: bytes) -> tuple[bool, str]:
    """Whether the file starts with a BOM, and its text after it; an error naming the line
    when it is not UTF-8."""
    bom = raw.startswith(BOM)
    try:
        return bom, raw[len(BOM) if bom else 0 :].decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise DocumentError(
            f"{path}:{line}: {path.name} is not UTF-8 text;"
            " fix it by hand, aido will not edit this file"
        ) from None


def first_newline(text: str) -> str:
    """The line break the file's first line ends with: CRLF, else LF."""
    first = text.find("\n")
    return "\r\n" if first > 0 and text[first - 1] == "\r" else "\n"


def where(path: Path, raw: bytes, offset: int) -> str:
    """Return `path:line:column` for a byte offset (column counts characters, from 1)."""
    offset = max(0, min(offset, len(raw)))
    line_start = raw.rfind(b"\n", 0, offset) + 1
    if line_start == 0 and raw.startswith(BOM):
        line_start = min(len(BOM), offset)
    line = raw.count(b"\n", 0, offset) + 1
    column = len(raw[line_start:offset].decode("utf-8", "replace")) + 1
    return f"{path}:{line}:{column}"


TEMP_PREFIX = ".aido-tmp-"  # leftovers of a killed run: `.aido-tmp-<pid>-<random>-<name>`
_KINDS = {stat.S_IFDIR: "a directory", stat.S_IFIFO: "a FIFO", stat.S_IFSOCK: "a socket"}


def _open_regular(path: Path) -> int | None:
    """Open `path` for reading if it is a regular file; None when it does not exist."""
    if path.is_symlink() and not path.exists():
        raise DocumentError(
            f"{path} is a symbolic link to {path.readlink()}, which does not exist;"
            " fix or remove the link"
        )
    try:
        # READ_FLAGS has O_NONBLOCK: opening a FIFO must not hang; it is refused just below.
        fd = os.open(path, READ_FLAGS)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise DocumentError(f"cannot read {path}: {exc.strerror}; fix its permissions") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
        raise DocumentError(f"{path} is {kind}, not a config file; move it out of the way")
    return fd


# SPEC §7: every read is capped. A ~/.claude.json of tens of MB is real; a harness
# file of a quarter GiB is not, and reading it whole would only exhaust memory.
MAX_HARNESS_BYTES = 256 << 20


def read_bytes(path: Path) -> bytes | None:
    """Return the bytes of `path`, or None when it does not exist."""
    return read_stamped(path)[0]


def read_stamped(path: Path) -> tuple[bytes | None, Stamp]:
    """Return the bytes of `path` and the stamp of the inode they came from (None, None
    when it does not exist)."""
    fd = _open_regular(path)
    if fd is None:
        return None, None
    try:
        info = os.fstat(fd)
        if info.st_size > MAX_HARNESS_BYTES:
            os.close(fd)
            raise DocumentError(
                f"{path} is {info.st_size >> 20} MiB, more than the {MAX_HARNESS_BYTES >> 20} MiB "
                "aido reads in a harness file; shrink it by hand, aido will not edit this file"
            )
        stamp = _stamp_of(info)
        with os.fdopen(fd, "rb") as handle:
            return handle.read(MAX_HARNESS_BYTES + 1), stamp
    except OSError as exc:
        raise DocumentError(f"cannot read {path}: {exc.strerror}") from None


# Digests of files this process read, by real path: a file whose stamp has not changed
# since is not hashed again (a 20 MB ~/.claude.json costs a tenth of a second each time).
_DIGESTS: dict[str, tuple[Stamp, str]] = {}


def remember_digest(path: Path, stamp: Stamp, digest: str) -> None:
    """Note the digest of the bytes read from `path` when it had `stamp`."""
    if stamp is not None:
        _DIGESTS[os.path.realpath(path)] = (stamp, digest)


def current_digest(path: Path) -> str:
    """Return the sha256 of the file now on disk (streamed), or ABSENT."""
    return _digest_and_stamp(path)[0]


Stamp = tuple[int, int, int, int, int] | None


def _digest_and_stamp(path: Path) -> tuple[str, Stamp]:
    """Return the file's digest and the stamp of the inode it was read from (before reading)."""
    fd = _open_regular(path)
    if fd is None:
        return ABSENT, None
    found = os.fstat(fd)
    stamp = _stamp_of(found)
    known = _DIGESTS.get(os.path.realpath(path))
    with os.fdopen(fd, "rb") as handle:
        if known is not None and known[0] == stamp:
            return known[1], stamp
        if found.st_size < SMALL:  # read whole and hashed
            return sha256(handle.read()).hexdigest(), stamp
        import hashlib  # noqa: PLC0415 (heavy for start-up (OpenSSL); a converged plan hashes nothing)

        return hashlib.file_digest(handle, "sha256").hexdigest(), stamp


def _stamp_of(st: os.stat_result) -> Stamp:
    """What changes whenever a file is replaced or written to: inode, size, times."""
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def file_stamp(path: Path) -> Stamp:
    """Return the stamp of `path` now; None when it cannot be seen."""
    try:
        return _stamp_of(os.stat(path))
    except OSError:
        return None


def _stamp(path: Path) -> Stamp:
    """Return the stamp of `path` now, or None when it does not exist."""
    try:
        return _stamp_of(os.stat(path))
    except FileNotFoundError:
        return None


def target_of(path: Path) -> Path:
    """Return the file a (possibly symlinked) config path really names."""
    return Path(os.path.realpath(path))


def replace_file(
    path: Path,
    data: bytes | Pieces,
    expected: str,
    *,
    create_parents: bool,
    new_mode: int = 0o666,
    mode: int | None = None,
) -> None:
    """Replace `path`'s target with `data` if its digest is still `expected`.

    The one writer of every file aido writes. A file that does not exist yet
    is created with `new_mode` (less the umask); an existing one keeps its
    mode, unless `mode` sets it exactly (aido's private files: 0600).
    """
    target = target_of(path)
    digest, stamp = _digest_and_stamp(target)
    stale = StaleError(f"{path} changed since it was read; run aido plan again")
    if digest != expected:
        raise stale
    _prepare_directory(path, target.parent, create_parents=create_parents)
    old = target.stat() if target.exists() else None
    if old is not None and not old.st_mode & 0o222:
        raise DocumentError(f"{path} is read-only; make it writable (chmod u+w) or leave it out")
    _clean_leftovers(target.parent)
    # os.urandom is what secrets.token_hex reads, without importing secrets (and random).
    temp = target.parent / f"{TEMP_PREFIX}{os.getpid()}-{os.urandom(4).hex()}-{target.name}"
    try:
        _write_temp(temp, data, old, new_mode, mode)
        # Checked again after the (slow, fsynced) temp write, by stamp so a large file is
        # not hashed twice: a harness that wrote meanwhile keeps its change. What is left
        # is the gap between this stat and the rename, a few microseconds.
        if _stamp(target) != stamp:
            raise stale
        temp.replace(target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise DocumentError(f"cannot write {path}: {exc.strerror}; nothing was changed") from None
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    fsync_directory(target.parent)  # make the rename durable


def remove_file(path: Path, expected: str) -> None:
    """Remove the file aido created at `path` if its digest is still `expected`."""
    if current_digest(path) != expected:
        raise StaleError(f"{path} changed since it was read; run aido plan again")
    try:
        path.unlink()
    except OSError as exc:
        raise DocumentError(f"cannot remove {path}: {exc.strerror}; nothing was changed") from None
    fsync_directory(path.parent)


def _prepare_directory(path: Path, directory: Path, *, create_parents: bool) -> None:
    """Make sure the directory exists (creating it only when allowed) and is writable."""
    if not directory.is_dir():
        if not create_parents:
            raise DocumentError(
                f"cannot write {path}: {directory} does not exist; run the harness once or"
                " create the directory"
            )
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DocumentError(f"cannot create {directory}: {exc.strerror}") from None
    # Checked by mode bits, not os.access: root may write anywhere, but a directory made
    # read-only on purpose still means "hands off".
    if not directory.stat().st_mode & 0o222:
        raise DocumentError(f"cannot write {path}: {directory} is read-only; make it writable")


def _write_temp(
    temp: Path, data: bytes | Pieces, old: os.stat_result | None, new_mode: int, mode: int | None
) -> None:
    """Write and fsync the temp file, with the original's mode and (as root) owner."""
    fd = os.open(temp, CREATE_FLAGS, 0o600 if old or mode is not None else new_mode)
    with os.fdopen(fd, "wb") as handle:
        for piece in data if isinstance(data, tuple) else (data,):
            handle.write(piece)
        handle.flush()
        if old is not None:
            copy_mode(fd, temp, old)
        if mode is not None:
            os.chmod(temp, mode)
        os.fsync(fd)


def _clean_leftovers(directory: Path) -> None:
    """Remove temp files left by aido runs that were killed (their process is gone)."""
    with contextlib.suppress(OSError), os.scandir(directory) as entries:
        for entry in entries:
            if entry.name.startswith(TEMP_PREFIX) and not _alive(entry.name):
                with contextlib.suppress(OSError):
                    Path(entry.path).unlink()


def _alive(name: str) -> bool:
    """Tell whether the process that made temp file `name` still runs."""
    pid = name[len(TEMP_PREFIX) :].split("-", 1)[0]
    return pid.isdigit() and process_alive(int(pid))
