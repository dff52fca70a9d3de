"""One lock per target file, kept in aido's state dir, so concurrent runs take turns."""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

from aidokit.catalog.errors import excerpt
from aidokit.reconcile.core.atomic import LOCK_FLAGS, sha256, target_of, try_lock, unlock
from aidokit.reconcile.core.errors import LockError

DEFAULT_TIMEOUT = 10.0
_POLL = 0.05
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def lock_dir() -> Path:
    """Return `$XDG_STATE_HOME/aido/locks` (default `~/.local/state/aido/locks`)."""
    state = os.environ.get("XDG_STATE_HOME")
    home = os.environ.get("HOME") or str(Path.home())
    return (Path(state) if state else Path(home) / ".local" / "state") / "aido" / "locks"


def lock_path(path: Path) -> Path:
    """Return the lock file for `path`: one per resolved target, named readably."""
    target = str(target_of(path))
    digest = sha256(target.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return lock_dir() / f"{_UNSAFE.sub('_', Path(target).name)[:40]}-{digest}.lock"


def timeout(environ: Mapping[str, str] | None = None) -> float:
    """Return the lock timeout in seconds (env `AIDO_LOCK_TIMEOUT` overrides)."""
    raw = (os.environ if environ is None else environ).get("AIDO_LOCK_TIMEOUT")
    if raw is None:
        return DEFAULT_TIMEOUT
    try:
        return max(0.0, float(raw))
    except ValueError:
        raise LockError(f"AIDO_LOCK_TIMEOUT={excerpt(raw)} is not a number of seconds") from None


@contextlib.contextmanager
def lock_file(path: Path) -> Iterator[None]:
    """Hold the exclusive lock for `path` (osfile.try_lock), waiting up to the timeout."""
    where = lock_path(path)
    wait = timeout()
    try:
        where.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(where, LOCK_FLAGS, 0o600)
    except OSError as exc:
        raise LockError(f"cannot create the lock {where} for {path}: {exc.strerror}") from None
    try:
        _acquire(fd, path, where, wait)
        try:
            yield
        finally:
            unlock(fd)
    finally:
        os.close(fd)


def _acquire(fd: int, path: Path, where: Path, timeout: float) -> None:
    """Poll for the lock until `timeout` seconds have passed."""
    deadline = time.monotonic() + timeout
    while True:
        if try_lock(fd):
            return
        if time.monotonic() >= deadline:
            raise LockError(
                f"another aido run is editing {path} (lock {where} held for"
                f" {timeout:g}s); wait for it to finish and try again"
            )
        time.sleep(_POLL)
