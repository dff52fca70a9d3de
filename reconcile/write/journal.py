"""The journal: the bytes every apply is about to replace, kept so it can be undone.

Each transaction (one `apply`, `remove`, `destroy` or `undo` that writes files)
is a folder `<user state dir>/journal/<project>-<scope>-<hash>/<id>/` holding
`record.json` (which files, the digest each held before and the one aido
leaves, their ownership records before) and one zlib blob per distinct
previous content, named by its sha256. The folder is private (0700): the
files it copies may hold tokens. `open/<id>` marks a transaction that has
not finished; the run that owns it holds the lock `open/<id>.lock`, so
another run can tell a live transaction from one whose process died
(`markers.py`).
"""

from __future__ import annotations

import calendar
import contextlib
import json
import os
import re
import time
import zlib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from aidokit.catalog.models import Strict
from aidokit.reconcile.core.atomic import ABSENT, fsync_directory, sha256
from aidokit.reconcile.core.errors import ConfigError, StateError
from aidokit.reconcile.core.paths import private_entry, user_state_dir
from aidokit.reconcile.core.safe_read import parse_nested, read_file
from aidokit.reconcile.read.decode import decode, remember
from aidokit.reconcile.read.ownership import Record

JOURNAL_VERSION = 1
DEFAULT_KEEP = 20  # transactions kept per project and scope
DEFAULT_MAX_MB = 200  # and at most this much of them (the newest always stays)
RECORD = "record.json"
OPEN = "open"
MISSING = f"{RECORD} does not exist"
OWN = "aido"  # the adapter of a journal entry for aido's own file (aido.toml, ...: ownfiles.py)
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")

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
    # The file stays as it is; only its records change (an entry adopted as it stands).
    records_only: bool = False


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
    if not raw.strip().isdecimal() or int(raw) < 1:
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
    """Read a transaction's record; None when it is missing or cannot be believed."""
    found = read_record(folder)
    return found if isinstance(found, Tx) else None


def read_record(folder: Path) -> Tx | str:
    """A transaction's record, or why it cannot be believed: damaged, unreadable, written by
    another aido, or in a folder someone else could have written (`privatefolder.private_entry`)."""
    path = folder / RECORD
    problem = private_entry(folder, folder=True)
    if problem:
        return f"its folder {problem}"
    problem = private_entry(path, folder=False)
    if problem:
        return f"{RECORD} {problem}"
    try:
        raw = read_file(path, error=StateError)
        if raw is None:
            return MISSING
        data = parse_nested(path, lambda: json.loads(raw), error=StateError)
    except StateError as exc:
        return str(exc)
    except ValueError:  # also UnicodeDecodeError
        return "not JSON"
    if not isinstance(data, dict):
        return "not a transaction record"
    if data.get("version") != JOURNAL_VERSION:
        return f"version {data.get('version')!r}, not the {JOURNAL_VERSION} this aido reads"
    try:
        return decode(Tx, raw, data, fail=lambda _: StateError("not a transaction record"))
    except StateError as exc:
        return str(exc)


def scan(group: Path) -> tuple[list[tuple[Path, Tx]], list[tuple[Path, str]]]:
    """A group's readable transactions (newest first), and its damaged records with why.

    A folder without a record whose run is still open (`open/<id>`) is being
    written, not damaged.
    """
    if not group.is_dir():
        return [], []
    found = [(folder, read_record(folder)) for folder in group.iterdir() if folder.is_dir()]
    good = [(f, tx) for f, tx in found if isinstance(tx, Tx)]
    opened = group.parent / OPEN
    damaged = [
        (f, problem)
        for f, problem in found
        if isinstance(problem, str) and not (problem == MISSING and (opened / f.name).exists())
    ]
    good.sort(key=lambda item: item[1].started_ns, reverse=True)
    return good, sorted(damaged, reverse=True)


def transactions(group: Path) -> list[tuple[Path, Tx]]:
    """Every readable transaction of a group, newest first."""
    return scan(group)[0]


def stamp_of(name: str) -> int | None:
    """The start time (ns) a transaction folder's name says, None when it is no id."""
    try:
        parsed = time.strptime(name[:15], "%Y%m%d-%H%M%S")
    except ValueError:
        return None

    return calendar.timegm(parsed) * 1_000_000_000


def find(root: Path, prefix: str) -> tuple[Path, Tx] | None:
    """The transaction whose id starts with `prefix`, in any group; ConfigError if several,
    StateError if it is a damaged record."""
    hits = []
    for group in root.iterdir() if root.is_dir() else ():
        if not group.is_dir() or group.name == OPEN:
            continue
        good, damaged = scan(group)
        for folder, problem in damaged:
            if folder.name.startswith(prefix):
                raise damaged_error(folder, problem)
        hits += [(folder, tx) for folder, tx in good if tx.id.startswith(prefix)]
    if len(hits) > 1:
        raise ConfigError(f"'{prefix}' names {len(hits)} transactions; give more of its id")
    return hits[0] if hits else None


def damaged_error(folder: Path, problem: str) -> StateError:
    """The error for a record undo cannot believe, naming it (never a silent skip)."""
    return StateError(
        f"aido's journal record {folder / RECORD} cannot be used ({problem}); aido will not "
        f"guess what to undo: move {folder} away, or name a transaction from aido undo --list"
    )


# --- retention ------------------------------------------------------------------------


def remove_tree(folder: Path) -> None:
    """Delete a transaction folder and all it holds, ignoring errors.

    shutil is imported here, when a folder goes: importing it loads zlib, bz2 and
    lzma, a few ms of every apply that removes nothing.
    """
    import shutil  # noqa: PLC0415 (heavy for start-up: it imports the compression modules)

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
    """Drop the project-scope groups whose project folder is gone: nothing left to restore.

    Every apply sweeps every group, so it reads one record a group to learn its project
    (a group is one project and scope) and all of them only for a group whose project is
    gone; reading all made each apply slower the more projects aido had run in.
    """
    for group in root.iterdir() if root.is_dir() else ():
        if group.name == OPEN or not group.is_dir() or not _project_gone(group):
            continue
        txs = transactions(group)
        if txs and all(
            tx.scope == "project" and tx.status != RUNNING and not Path(tx.project).is_dir()
            for _, tx in txs
        ):
            remove_tree(group)


def _project_gone(group: Path) -> bool:
    """Whether the newest record of `group` says it is of a project scope whose folder is
    gone (the folders' names start with their UTC start time). Only a first look: its
    fields are read without believing the record (`read_record`), as the group is removed
    only once every record it holds, read in full, says so."""
    for folder in sorted((f for f in group.iterdir() if f.is_dir()), reverse=True):
        try:
            raw = read_file(folder / RECORD, error=StateError)
            data = json.loads(raw) if raw is not None else None
        except (StateError, ValueError, RecursionError):
            continue
        if isinstance(data, dict) and isinstance(data.get("project"), str):
            return data.get("scope") == "project" and not Path(data["project"]).is_dir()
    return False


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.iterdir() if p.is_file())


def with_status(tx: Tx, status: str, outcomes: tuple[str, ...] = ()) -> Tx:
    """The record with a new status (and the roll-back's outcomes)."""
    return replace(tx, status=status, outcomes=outcomes or tx.outcomes)
