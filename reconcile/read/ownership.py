"""Ownership state (SPEC §6): what aido wrote, per adapter, file and entry name.

Project-scope records live in `<project>/.aido/state.json` (may be committed,
so paths are project-relative); user-scope records live in the user state
dir, `$XDG_STATE_HOME/aido/state.json`. decode's memo reads a state aido wrote,
or one validated before, without pydantic.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from aidokit.catalog.models import Strict
from aidokit.reconcile.core.atomic import MapOrigin, current_digest, replace_file, sha256
from aidokit.reconcile.core.errors import StateError
from aidokit.reconcile.core.merges import marker_line, merge_conflict
from aidokit.reconcile.core.safe_read import check_private, parse_nested, read_file
from aidokit.reconcile.read.decode import decode, remember

STATE_VERSION = 1
PROJECT_STATE_DIR = ".aido"


@dataclass(frozen=True, kw_only=True)
class Record(Strict):
    """One entry aido wrote."""

    adapter: str
    path: str  # normalised: project-relative POSIX path, or absolute for user files
    name: str  # entry name inside the server map
    id: str  # catalog (or custom) id
    digest: str  # sha256 of the fields aido wrote (`fields`), as it wrote them
    identity: str | None  # command or URL, so a replaced entry is not claimed
    # Read from the state files older aidos wrote, never written now: the roles come from
    # aido.toml, and committed state never vouches for an entry (SPEC §6), so no record
    # says it was confirmed; confirmations live in the person's own store (SPEC §7).
    roles: tuple[str, ...] = ()
    confirmed: bool = False
    map_path: tuple[str, ...] = ()  # a companion's map (role scoping); () = the server map
    # An intent, saved before the file is written: it counts only if the file holds
    # exactly `digest` (the write landed), so a killed apply never leaves a false claim.
    pending: bool = False
    source: str = "catalog"  # "catalog", "custom" or "imported" (aido import)
    # aido created the file this entry is in: once it holds nothing else, it goes (SPEC §6).
    created: bool = False
    # What the entry's map looked like before aido's first entry went in (`MapOrigin`):
    # aido created it (how many keys of its path were there), or it was written open.
    map_made: int | None = None
    map_open: bool = False
    map_flow: str | None = None  # a YAML empty flow map's text, when not ` {}`
    # The entry's fields aido wrote and owns (SPEC §6); any other key in it is someone
    # else's. None: written by an aido before field ownership, which owned the whole
    # entry it wrote: the fields aido renders now stand for it.
    fields: tuple[str, ...] | None = None

    @property
    def origin(self) -> MapOrigin:
        """What the entry's map held before aido's first entry: its last one gives it back."""
        return MapOrigin(self.map_made, self.map_open, self.map_flow)

    @property
    def key(self) -> tuple[str, str, tuple[str, ...], str]:
        """What identifies the record: adapter, file, map, entry name."""
        return (self.adapter, self.path, self.map_path, self.name)


@dataclass(frozen=True, kw_only=True)
class State(Strict):
    """Every record of one state file."""

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


def entry_digest(entry: Any, fields: tuple[str, ...] | None = None) -> str:
    """Stable digest of an entry's value (key order does not matter); of its `fields`
    only when given (`owned_part`)."""
    canonical = json.dumps(
        owned_part(entry, fields), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return sha256(canonical.encode("utf-8")).hexdigest()


def owned_part(entry: Any, fields: tuple[str, ...] | None) -> Any:
    """The part of an entry aido owns: its `fields` (all of it when None or not an object)."""
    if fields is None or not isinstance(entry, dict):
        return entry
    return {key: value for key, value in entry.items() if key in fields}


def written_fields(entry: Any, harness: frozenset[str] = frozenset()) -> tuple[str, ...] | None:
    """The fields a record of `entry` owns: every key aido writes but the `harness` keys,
    which the harness owns once the entry is written (None: not an object)."""
    return tuple(sorted(set(entry) - harness)) if isinstance(entry, dict) else None


def launch_set(value: Mapping[str, Any], launch: frozenset[str]) -> frozenset[str]:
    """The `launch` keys (`Adapter.caps.launch_keys`) that entry `value` sets: aido's in an
    entry it owns, whoever added them (SPEC §6). One holding nothing (null, `{}`, `[]`: the
    default a harness writes on rewriting its file) changes nothing that runs."""
    return frozenset(k for k in value if k in launch and value[k] not in _NOTHING)


_NOTHING: tuple[Any, ...] = (None, {}, [])


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
        elif (
            record.name in current
            and entry_digest(current[record.name], record.fields) == record.digest
        ):
            result[record.key] = replace(record, pending=False)
    return list(result.values())


def project_state_path(project: Path) -> Path:
    """Where project-scope ownership is recorded."""
    return project / PROJECT_STATE_DIR / "state.json"


def load_state(path: Path) -> State:
    """Read a state file; a missing one is empty, a corrupt one is an error."""
    _check_inside(path)
    raw = read_file(path, error=StateError)
    if raw is None:
        return State()
    if path.parent.name != PROJECT_STATE_DIR:
        # The user state claims entries in the user's own files: only the user may write it.
        check_private(path, "check who wrote it, then fix its owner or chmod 600 it")
    return parse_state(raw, path)


def _check_inside(path: Path) -> None:
    """Refuse a project state that a link (`.aido -> ~/...`) puts outside the project."""
    if path.parent.name != PROJECT_STATE_DIR:
        return
    real = os.path.realpath(path)
    if not Path(real).is_relative_to(os.path.realpath(path.parent.parent)):
        raise StateError(
            f"aido state {path} leads through a link to {real}, outside the project; "
            "replace the link with a real folder"
        )


def parse_state(raw: bytes, path: Path) -> State:
    """Parse a state file's bytes (`path` names it in errors)."""
    hint = (
        f"aido state {path} is corrupt; restore it from version control, or move it "
        "away to start over (aido will then treat its entries as not owned)"
    )
    try:
        data = parse_nested(path, lambda: json.loads(raw), error=StateError)
    except (UnicodeDecodeError, json.JSONDecodeError):
        line = marker_line(raw)
        if line is not None:  # issue 49 §6: a committed state both sides changed
            again = "records aido's entries again"
            raise StateError(merge_conflict(path, line, derived=again)) from None
        raise StateError(hint) from None
    version = data.get("version") if isinstance(data, dict) else None
    if isinstance(version, int) and version > STATE_VERSION:
        raise StateError(
            f"aido state {path} was written by a newer aido (format {data['version']}); "
            "upgrade aido to use this project"
        )
    project = path.parent.parent if path.parent.name == PROJECT_STATE_DIR else None
    return decode(State, raw, data, fail=lambda _: StateError(hint), project=project)


def render_state(state: State) -> str:
    """The state as aido writes it: one line per record, in the records' order, holding only
    what ownership needs (issue 54 §6: a committed state a reviewer can read). A field at
    its default is left out; the reader puts the default back."""
    if not state.records:
        return f'{{\n  "version": {state.version},\n  "records": []\n}}\n'
    lines = ",\n".join(f"    {json.dumps(_written(record))}" for record in state.records)
    return f'{{\n  "version": {state.version},\n  "records": [\n{lines}\n  ]\n}}\n'


# What a record holds that the file leaves out at its default: no reader needs a `false`,
# an empty list or a null there (`identity` is always written: older aidos need it).
_DEFAULTS: dict[str, Any] = {
    "map_path": (),
    "source": "catalog",
    "pending": False,
    "created": False,
    "map_made": None,
    "map_open": False,
    "map_flow": None,
    "fields": None,
}
_NOT_WRITTEN = ("roles", "confirmed")  # read from older files only (`Record`)
# The order a reviewer reads a record in: which file and entry, what runs, then the rest.
_ORDER = ("path", "name", "adapter", "id", "identity", "map_path", "fields", "source")


def _written(record: Record) -> dict[str, Any]:
    """`record` as the state file holds it: its key fields first, no field at its default."""
    data = asdict(record)
    for legacy in _NOT_WRITTEN:
        del data[legacy]
    ordered = {key: data.pop(key) for key in _ORDER}
    ordered.update(sorted(data.items()))  # the map's shape and the flags; `digest` last
    ordered["digest"] = ordered.pop("digest")
    return {k: v for k, v in ordered.items() if k not in _DEFAULTS or v != _DEFAULTS[k]}


def save_state(path: Path, state: State) -> None:
    """Write the state atomically (temp file, fsync, rename), cleaning a killed run's temp."""
    _check_inside(path)
    text = render_state(state)
    # Callers hold the state lock, so the compare-and-swap only guards against other tools.
    private = path.parent.name != PROJECT_STATE_DIR  # user state: 0600, like confirmations
    raw = text.encode("utf-8")
    replace_file(
        path, raw, current_digest(path), create_parents=True, new_mode=0o600 if private else 0o666
    )
    remember(State, raw, project=None if private else path.parent.parent)
