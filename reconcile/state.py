"""Ownership state (SPEC §6): what aido wrote, per adapter, file and entry name.

Project-scope records live in `<project>/.aido/state.json` (may be committed,
so paths are project-relative); user-scope records live in the user state
dir, `$XDG_STATE_HOME/aido/state.json`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from aidokit.reconcile.documents.atomic import current_digest, replace_file
from aidokit.reconcile.errors import StateError

STATE_VERSION = 1


class Record(BaseModel):
    """One entry aido wrote."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    adapter: str
    path: str  # normalised: project-relative POSIX path, or absolute for user files
    name: str  # entry name inside the server map
    id: str  # catalog (or custom) id
    digest: str  # sha256 of the entry as aido wrote it
    identity: str | None  # command or URL, so a replaced entry is not claimed
    roles: tuple[str, ...] = ()
    map_path: tuple[str, ...] = ()  # a companion's map (role scoping); () = the server map
    # An intent, saved before the file is written: it counts only if the file holds
    # exactly `digest` (the write landed), so a killed apply never leaves a false claim.
    pending: bool = False

    @property
    def key(self) -> tuple[str, str, tuple[str, ...], str]:
        """What identifies the record: adapter, file, map, entry name."""
        return (self.adapter, self.path, self.map_path, self.name)


class State(BaseModel):
    """Every record of one state file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int = STATE_VERSION
    records: tuple[Record, ...] = ()

    def find(
        self, adapter: str, path: str, name: str, map_path: tuple[str, ...] = ()
    ) -> Record | None:
        """The record for that entry, if any."""
        for record in self.records:
            if record.key == (adapter, path, map_path, name):
                return record
        return None

    def for_file(self, adapter: str, path: str) -> list[Record]:
        """Records of one adapter's file."""
        return [r for r in self.records if r.adapter == adapter and r.path == path]

    def replace(self, adapter: str, path: str, records: list[Record]) -> State:
        """A new state with that file's records swapped for `records`."""
        kept = [r for r in self.records if not (r.adapter == adapter and r.path == path)]
        return State(records=tuple(sorted([*kept, *records], key=lambda r: r.key)))


def entry_digest(entry: Any) -> str:
    """Stable digest of an entry's value (key order does not matter)."""
    canonical = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


DELETING = "absent"  # the digest of a pending record whose entry apply is deleting


Lookup = Callable[[tuple[str, ...]], Mapping[str, Any]]


def settle(records: list[Record], lookup: Lookup) -> list[Record]:
    """Resolve the pending records of one file against what the file now holds.

    A pending write counts only if the entry holds exactly the digest it
    recorded (the write landed): then it replaces the old record. A pending
    deletion whose entry is gone drops the old record. Otherwise the pending
    record is ignored and the old one stands. `lookup(map_path)` returns the
    map a record lives in (`()` is the file's server map).
    """
    result = {r.key: r for r in records if not r.pending}
    for record in (r for r in records if r.pending):
        current = lookup(record.map_path)
        if record.digest == DELETING:
            if record.name not in current:
                result.pop(record.key, None)
        elif record.name in current and entry_digest(current[record.name]) == record.digest:
            result[record.key] = record.model_copy(update={"pending": False})
    return list(result.values())


def user_state_dir(environ: Mapping[str, str]) -> Path:
    """aido's per-user state folder, honouring XDG_STATE_HOME and HOME."""
    base = environ.get("XDG_STATE_HOME")
    if base:
        return Path(base) / "aido"
    return Path(environ.get("HOME") or Path.home()) / ".local" / "state" / "aido"


def project_state_path(project: Path) -> Path:
    """Where project-scope ownership is recorded."""
    return project / ".aido" / "state.json"


def load_state(path: Path) -> State:
    """Read a state file; a missing one is empty, a corrupt one is an error."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return State()
    except OSError as exc:
        raise StateError(f"cannot read aido state {path}: {exc.strerror}") from exc
    return parse_state(raw, path)


def parse_state(raw: bytes, path: Path) -> State:
    """Parse a state file's bytes (`path` names it in errors)."""
    hint = (
        f"aido state {path} is corrupt; restore it from version control, or move it "
        "away to start over (aido will then treat its entries as not owned)"
    )
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise StateError(hint) from None
    version = data.get("version") if isinstance(data, dict) else None
    if isinstance(version, int) and version > STATE_VERSION:
        raise StateError(
            f"aido state {path} was written by a newer aido (format {data['version']}); "
            "upgrade aido to use this project"
        )
    try:
        return State.model_validate(data)
    except ValidationError:
        raise StateError(hint) from None


def save_state(path: Path, state: State) -> None:
    """Write the state atomically (temp file, fsync, rename), cleaning a killed run's temp."""
    text = json.dumps(state.model_dump(mode="json"), indent=2, sort_keys=True) + "\n"
    # Callers hold the state lock, so the compare-and-swap only guards against other tools.
    replace_file(path, text.encode("utf-8"), current_digest(path), create_parents=True)
