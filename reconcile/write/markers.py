"""The open markers of the journal: which transactions are running, and whose run died.

`open/<id>` names the transaction's folder; `open/<id>.lock` is locked by the run
that owns it for as long as it runs. The lock file is never renamed or removed
while held (Windows forbids both), so a run that takes the lock knows the owner
has finished (the marker is gone) or died (the marker is still there).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from aidokit.reconcile.core.atomic import LOCK_FLAGS, fsync_directory, try_lock, unlock
from aidokit.reconcile.core.errors import StateError
from aidokit.reconcile.write.journal import (
    OPEN,
    RUNNING,
    Tx,
    load_record,
    private_dir,
    write_private,
)


@dataclass
class Marker:
    """A transaction's `open/<id>` marker and the lock that says its run is alive."""

    path: Path
    fd: int
    released: bool = field(default=False)

    def release(self) -> None:
        """Remove the marker (the transaction is finished) and drop the lock."""
        if not self.released:
            with contextlib.suppress(OSError):
                self.path.unlink()
                fsync_directory(self.path.parent)
            self.close()
            with contextlib.suppress(OSError):
                _lock_of(self.path).unlink()

    def close(self) -> None:
        """Drop the lock, keeping the marker (the next run finishes the transaction)."""
        if not self.released:
            self.released = True
            with contextlib.suppress(OSError):
                unlock(self.fd)
            os.close(self.fd)


def _lock_of(marker: Path) -> Path:
    return marker.with_name(marker.name + ".lock")


def _take(marker: Path) -> int | None:
    """Open and lock `marker`'s lock file; None when another run holds it."""
    try:
        fd = os.open(_lock_of(marker), LOCK_FLAGS, 0o600)
    except OSError:
        return None
    if try_lock(fd):
        return fd
    os.close(fd)
    return None


def hold_marker(root: Path, tx_id: str, folder: Path) -> Marker:
    """Lock `open/<id>.lock`, then write `open/<id>` naming the folder, durably."""
    open_dir = private_dir(root / OPEN)
    marker = open_dir / tx_id
    fd = _take(marker)
    if fd is None:
        raise StateError(f"cannot lock aido's journal {open_dir}; check its permissions")
    try:
        write_private(marker, str(folder.relative_to(root)).encode("utf-8", "surrogateescape"))
    except BaseException:
        Marker(marker, fd).release()
        raise
    return Marker(marker, fd)


def dead_markers(root: Path) -> Iterator[tuple[Marker, Path | None]]:
    """Markers whose run has died, each locked by us, with the folder it names.

    A marker whose lock is held belongs to a live run and is skipped; one its
    run removed meanwhile is skipped too; a lock file without a marker (a run
    killed before it wrote one) is removed.
    """
    open_dir = root / OPEN
    names = sorted(os.listdir(open_dir)) if open_dir.is_dir() else []
    for name in dict.fromkeys(n.removesuffix(".lock") for n in names if not n.startswith(".")):
        marker = open_dir / name
        fd = _take(marker)
        if fd is None:
            continue
        held = Marker(marker, fd)
        try:
            rel = marker.read_bytes().decode("utf-8", "surrogateescape")
        except OSError:
            held.release()  # finished meanwhile, or never begun
            continue
        with marker_guard(held):
            yield held, (root / rel if rel else None)


def interrupted(root: Path) -> list[Tx]:
    """Transactions whose run died before finishing, left for the next writing run."""
    found = []
    for marker, folder in dead_markers(root):
        tx = load_record(folder) if folder is not None else None
        if tx is not None and tx.status == RUNNING:
            found.append(tx)
        marker.close()
    return found


@contextlib.contextmanager
def marker_guard(marker: Marker) -> Iterator[None]:
    """Drop the lock when done with a marker, whatever happened."""
    try:
        yield
    finally:
        marker.close()
