"""The journal: the bytes every apply is about to replace, kept so it can be undone.

Each transaction (one `apply`, `remove`, `destroy` or `undo` that writes files)
is a folder `<user state dir>/journal/<project>-<scope>-<hash>/<id>/` holding
`record.json` (which files, the digest each held before and the one aido
leaves, their ownership records before) and one zlib blob per distinct
previous content, named by its sha256. The folder is private (0700): the
files it copies may hold tokens. `open/<id>` marks a transaction that has
not finished; the run that owns it holds the lock `open/<id>.lock`, so
another run can tell a live transaction from one whose process died.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from aidokit.catalog.constraints import Strict
from aidokit.catalog.lazyregex import LazyRegex
from aidokit.reconcile.decode import decode, remember
from aidokit.reconcile.documents.format import ABSENT, sha256
from aidokit.reconcile.documents.osfile import LOCK_FLAGS, fsync_directory, try_lock, unlock
from aidokit.reconcile.errors import ConfigError, StateError
from aidokit.reconcile.history.state import Record
from aidokit.reconcile.user_dirs import user_state_dir

JOURNAL_VERSION = 1
DEFAULT_KEEP = 20  # transactions kept per project and scope
DEFAULT_MAX_MB = 200  # and at most this much of them (the newest always stays)
RECORD = "record.json"
OPEN = "open"
_UNSAFE = LazyRegex(r"[^A-Za-z0-9._-]+")

# Transaction statuses.
RUNNING = "open"  # being written, or its process died (the next run rolls it back)
COMMITTED = "committed"
ROLLED_BACK = "rolled-back"
INCOMPLETE = "rollback-incomplete"  # some file could not be put back (see outcomes)


@dataclass(frozen=True, kw_only=True)
class FileEntry(Strict):
    """One file of a transaction: what it held before and what aido leaves in it."""

    adapter: str
    path: str  # as shown to users
    abs_path: str
    state_path: str
    record_path: str
    before: str  # digest of the bytes before (ABSENT: the file did not exist)
    after: str  # digest of the bytes aido writes
    entries: tuple[str, ...] = ()  # "+ context7", "- serena": what changed, for --list
    records: tuple[Record, ...] = ()  # this file's ownership records before
    create_parents: bool = False


@dataclass(frozen=True, kw_only=True)
class StateEntry(Strict):
    """A state file the transaction records into, and its digest before."""

    path: str
    before: str


@dataclass(frozen=True, kw_only=True)
class Tx(Strict):
    """One transaction as its record holds it."""

    id: str
    kind: str  # the command: apply, remove, destroy, adopt, undo
    project: str
    scope: str
    started_ns: int
    files: tuple[FileEntry, ...]
    states: tuple[StateEntry, ...] = ()
    undoes: str | None = None  # an undo: the transaction it restored
    status: str = RUNNING
    outcomes: tuple[str, ...] = ()  # what a roll-back did, file by file
    version: int = JOURNAL_VERSION

    @property
    def started(self) -> str:
        """Start time as users read it (UTC)."""
        return time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(self.started_ns / 1e9))


def journal_root(environ: Mapping[str, str] | None = None) -> Path:
    """`<user state dir>/journal`."""
    return user_state_dir(os.environ if environ is None else environ) / "journal"


def group_dir(root: Path, project: str, scope: str) -> Path:
    """The folder of one project's transactions in one scope."""
    digest = sha256(f"{project}\0{scope}".encode("utf-8", "surrogateescape"))
    name = _UNSAFE.sub("_", Path(project).name)[:40] or "root"
    return root / f"{name}-{scope}-{digest.hexdigest()[:12]}"


def new_id() -> tuple[str, int]:
    """A fresh transaction id (readable, unique) and its start time in ns."""
    now = time.time_ns()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(now / 1e9))
    return f"{stamp}-{os.urandom(3).hex()}", now


def settings(environ: Mapping[str, str] | None = None) -> tuple[int, int]:
    """Retention: how many transactions and how many bytes to keep per project and scope."""
    env = os.environ if environ is None else environ
    keep = _positive(env, "AIDO_JOURNAL_KEEP", DEFAULT_KEEP)
    return keep, _positive(env, "AIDO_JOURNAL_MAX_MB", DEFAULT_MAX_MB) * 1024 * 1024


def _positive(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name)
    if raw is None:
        return default
    if not raw.strip().isdigit() or int(raw) < 1:
        raise ConfigError(f"{name}={raw!r} is not a whole number of at least 1; fix or unset it")
    return int(raw)


# --- storage -------------------------------------------------------------------------


def private_dir(path: Path) -> Path:
    """Create `path` (and parents) readable by the user only."""
    try:
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
        if path.stat().st_mode & 0o077:
            path.chmod(0o700)
    except OSError as exc:
        raise StateError(
            f"cannot create aido's journal folder {path}: {exc.strerror};"
            " make the user state dir writable; nothing was changed"
        ) from None
    return path


def write_private(path: Path, data: bytes) -> None:
    """Write `path` atomically and durably (temp, fsync, rename, fsync dir), mode 0600."""
    temp = path.with_name(f".tmp-{os.getpid()}-{path.name}")
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)
        fd = os.open(temp, flags | getattr(os, "O_CLOEXEC", 0), 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        temp.replace(path)
        fsync_directory(path.parent)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise StateError(
            f"cannot write aido's journal {path}: {exc.strerror}; nothing was changed"
        ) from None


def save_blob(folder: Path, data: bytes, digest: str | None = None) -> str:
    """Store `data` compressed under its digest in a transaction folder; return the digest.

    `digest` is the sha256 of `data` when the caller has it (a big file is hashed once)."""
    digest = digest or sha256(data).hexdigest()
    path = folder / f"{digest}.z"
    if not path.exists():
        write_private(path, zlib.compress(data, 1))
    return digest


def load_blob(folder: Path, digest: str) -> bytes | None:
    """The bytes stored under `digest` (None for ABSENT); StateError when lost or damaged."""
    if digest == ABSENT:
        return None
    path = folder / f"{digest}.z"
    try:
        data = zlib.decompress(path.read_bytes())
    except (OSError, zlib.error):
        data = b""
    if sha256(data).hexdigest() != digest:
        raise StateError(
            f"aido's journal copy {path} is missing or damaged; that file cannot be restored"
            " from it (restore it from a backup)"
        )
    return data


def save_record(folder: Path, tx: Tx) -> None:
    """Write the transaction's record (atomic, fsynced)."""
    raw = (json.dumps(asdict(tx), indent=1, sort_keys=True) + "\n").encode()
    write_private(folder / RECORD, raw)
    remember(Tx, raw)


def load_record(folder: Path) -> Tx | None:
    """Read a transaction's record; None when it is missing or not a record this aido reads."""
    try:
        raw = (folder / RECORD).read_bytes()
        data = json.loads(raw)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != JOURNAL_VERSION:
        return None
    try:
        return decode(Tx, raw, data, fail=lambda _: StateError(f"{folder} is not a record"))
    except StateError:
        return None


def transactions(group: Path) -> list[tuple[Path, Tx]]:
    """Every readable transaction of a group, newest first."""
    if not group.is_dir():
        return []
    found = [(folder, load_record(folder)) for folder in group.iterdir() if folder.is_dir()]
    return sorted(
        ((f, tx) for f, tx in found if tx is not None),
        key=lambda item: item[1].started_ns,
        reverse=True,
    )


def find(root: Path, prefix: str) -> tuple[Path, Tx] | None:
    """The transaction whose id starts with `prefix`, in any group; ConfigError if several."""
    hits = [
        (folder, tx)
        for group in (root.iterdir() if root.is_dir() else ())
        if group.is_dir() and group.name != OPEN
        for folder, tx in transactions(group)
        if tx.id.startswith(prefix)
    ]
    if len(hits) > 1:
        raise ConfigError(f"'{prefix}' names {len(hits)} transactions; give more of its id")
    return hits[0] if hits else None


# --- the open marker: held by the live run -------------------------------------------
#
# `open/<id>` names the transaction's folder; `open/<id>.lock` is locked by the run
# that owns it for as long as it runs. The lock file is never renamed or removed
# while held (Windows forbids both), so a run that takes the lock knows the owner
# has finished (the marker is gone) or died (the marker is still there).


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


# --- retention ------------------------------------------------------------------------


def remove_tree(folder: Path) -> None:
    """Delete a transaction folder and all it holds, ignoring errors.

    shutil is imported here, when a folder goes: importing it loads zlib, bz2 and
    lzma, a few ms of every apply that removes nothing.
    """
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


def prune(group: Path, *, keep: int, max_bytes: int) -> None:
    """Drop the oldest finished transactions beyond `keep`, then beyond `max_bytes`."""
    finished = [(f, tx) for f, tx in transactions(group) if tx.status != RUNNING]
    sizes = [_size(f) for f, _ in finished]
    total = 0
    for index, ((folder, _), size) in enumerate(zip(finished, sizes, strict=True)):
        total += size
        if index >= keep or (index > 0 and total > max_bytes):
            remove_tree(folder)


def prune_gone(root: Path) -> None:
    """Drop the project-scope groups whose project folder is gone: nothing left to restore."""
    for group in root.iterdir() if root.is_dir() else ():
        if group.name == OPEN or not group.is_dir():
            continue
        txs = transactions(group)
        if txs and all(
            tx.scope == "project" and tx.status != RUNNING and not Path(tx.project).is_dir()
            for _, tx in txs
        ):
            remove_tree(group)


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.iterdir() if p.is_file())


def with_status(tx: Tx, status: str, outcomes: tuple[str, ...] = ()) -> Tx:
    """The record with a new status (and the roll-back's outcomes)."""
    return replace(tx, status=status, outcomes=outcomes or tx.outcomes)
