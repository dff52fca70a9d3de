"""Read config files safely and replace them atomically, compare-and-swap (SPEC §6)."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from aidokit.reconcile.core.errors import DocumentError, StaleError
from aidokit.reconcile.core.format import ABSENT, SMALL, Pieces, sha256
from aidokit.reconcile.core.osfile import (
    CREATE_FLAGS,
    READ_FLAGS,
    copy_mode,
    fsync_directory,
    process_alive,
)

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
        import hashlib

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
