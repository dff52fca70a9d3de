"""`aido.lock`: the exact install spec every desired entry resolved to (issue 19).

Committed beside `aido.toml` and written by apply, so two developers (or a
developer and CI) on different aido versions render the same files: plan and
apply take an entry's install specs from the lock when it has them, whatever
the running catalog pins. `aido upgrade` moves the lock to the catalog.

The format is JSON, sorted and indented: stdlib `json` reads and writes it
(TOML would need tomlkit to write, a heavy import on every apply), it diffs
one value per line, and its JSON Schema is `docs/schemas/aido-lock.schema.json`.
A lock is data from the repository, so it is checked field by field on read.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec
from aidokit.catalog.packages import spec_packages
from aidokit.reconcile.errors import ConfigError

LOCK_NAME = "aido.lock"
LOCK_FORMAT_VERSION = 1
SOURCES = ("catalog", "custom", "imported")

Spec = StdioSpec | RemoteSpec


@dataclass(frozen=True)
class Locked:
    """One entry of the lock: where it came from and its install spec per adapter."""

    id: str
    source: str
    install: dict[str, Spec]

    @property
    def digest(self) -> str:
        """sha256 of the install specs, so a hand edit of the lock is noticed."""
        text = json.dumps(_specs_data(self.install), sort_keys=True, separators=(",", ":"))
        return "sha256:" + hashlib.sha256(text.encode()).hexdigest()

    def packages(self) -> tuple[str, ...]:
        """Every package@version or URL its specs run, sorted (`npm:pkg@1.2.3`)."""
        return tuple(sorted({p for spec in self.install.values() for p in spec_packages(spec)}))


@dataclass(frozen=True)
class Lock:
    """Every locked entry, by id."""

    entries: dict[str, Locked] = dataclasses.field(default_factory=dict)


def lock_path(project: Path) -> Path:
    """Where a project's lock lives: beside its `aido.toml`."""
    return project / LOCK_NAME


def locked_from(entry: MCPDef, source: str) -> Locked:
    """The lock entry for `entry` as it is rendered now."""
    return Locked(entry.id, source, dict(sorted(entry.install.items())))


def render_lock(lock: Lock) -> str:
    """The lock as stable, sorted, diff-friendly JSON text."""
    entries = {}
    for entry_id, locked in sorted(lock.entries.items()):
        entries[entry_id] = {
            "source": locked.source,
            "digest": locked.digest,
            "packages": list(locked.packages()),
            "install": _grouped(locked.install),
        }
    doc = {"format_version": LOCK_FORMAT_VERSION, "entries": entries}
    return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _grouped(install: dict[str, Spec]) -> list[dict[str, Any]]:
    """Adapters that share a spec listed once with it: the lock stays short."""
    groups: dict[str, tuple[list[str], dict[str, Any]]] = {}
    for adapter, spec in sorted(install.items()):
        data = _spec_data(spec)
        key = json.dumps(data, sort_keys=True)
        groups.setdefault(key, ([], data))[0].append(adapter)
    rows = [{"adapters": names, "spec": data} for names, data in groups.values()]
    return sorted(rows, key=lambda row: row["adapters"][0])


def _spec_data(spec: Spec) -> dict[str, Any]:
    # A spec's fields are flat (str, bool, None, tuple of str, dict of str), so a
    # shallow copy is what `dataclasses.asdict` gives, at a tenth of its cost.
    return {field.name: _plain(getattr(spec, field.name)) for field in dataclasses.fields(spec)}


def _plain(value: object) -> object:
    if isinstance(value, tuple):
        return list(value)
    return dict(value) if isinstance(value, dict) else value


def _specs_data(install: dict[str, Spec]) -> dict[str, Any]:
    return {adapter: _spec_data(spec) for adapter, spec in sorted(install.items())}


def load_lock(path: Path) -> Lock | None:
    """The lock at `path`, or None when there is none; a bad lock is an error."""
    from aidokit.reconcile.safe_read import read_file

    # A regular file under the size cap, opened without blocking (a FIFO is refused).
    raw = read_file(path, error=ConfigError)
    return None if raw is None else parse_lock(raw, path)


def parse_lock(raw: bytes, path: Path) -> Lock:
    """Check and read the bytes of a lock file."""
    from aidokit.reconcile.safe_read import parse_nested

    try:
        data = parse_nested(path, lambda: json.loads(raw.decode("utf-8")), error=ConfigError)
    except (UnicodeDecodeError, ValueError):
        raise ConfigError(
            f"{path} is not valid JSON; restore it from version control or delete it "
            "and run aido apply to write it again"
        ) from None
    version = data.get("format_version") if isinstance(data, dict) else None
    if isinstance(version, int) and version > LOCK_FORMAT_VERSION:
        raise ConfigError(
            f"{path} has format_version {version}, written by a newer aido than this one "
            f"(it reads {LOCK_FORMAT_VERSION}); upgrade aido"
        )
    try:
        if version != LOCK_FORMAT_VERSION or set(data) != {"format_version", "entries"}:
            raise ValueError("top level")
        entries = _object(data["entries"])
        return Lock({key: _locked(key, value) for key, value in sorted(entries.items())})
    except ValueError as exc:
        raise ConfigError(
            f"{path} is not a valid aido lock ({exc}); restore it from version control "
            f"or run `aido upgrade` to write it again"
        ) from None


def _object(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError("expected an object")
    return value


def _locked(entry_id: str, value: object) -> Locked:
    data = _object(value)
    if set(data) != {"source", "digest", "packages", "install"}:
        raise ValueError(f"entry {entry_id!r} has the wrong keys")
    if data["source"] not in SOURCES:
        raise ValueError(f"entry {entry_id!r} has an unknown source")
    install: dict[str, Spec] = {}
    rows = data["install"]
    if not isinstance(rows, list) or not rows:
        raise ValueError(f"entry {entry_id!r} has no install specs")
    for row in rows:
        row = _object(row)
        adapters = row.get("adapters")
        if set(row) != {"adapters", "spec"} or not isinstance(adapters, list):
            raise ValueError(f"entry {entry_id!r} has a bad install row")
        spec = _spec(row["spec"], entry_id)
        for adapter in adapters:
            if not isinstance(adapter, str) or adapter in install:
                raise ValueError(f"entry {entry_id!r} names an adapter twice")
            install[adapter] = spec
    locked = Locked(entry_id, data["source"], dict(sorted(install.items())))
    if data["digest"] != locked.digest:
        raise ValueError(f"entry {entry_id!r} does not match its digest: it was edited by hand")
    return locked


_STDIO = {"kind", "command", "args", "env", "cwd", "requires_network", "min_cli_version"}
_REMOTE = {"kind", "url", "transport", "headers", "requires_network", "min_cli_version"}


def _spec(value: object, entry_id: str) -> Spec:
    data = dict(_object(value))
    kind = data.get("kind")
    allowed = _STDIO if kind == "stdio" else _REMOTE if kind == "remote" else None
    if allowed is None or not set(data) <= allowed:
        raise ValueError(f"entry {entry_id!r} has a bad install spec")
    for key in ("args",):
        if key in data:
            data[key] = tuple(_strings(data[key], entry_id))
    for key in ("env", "headers"):
        if key in data and not _string_map(data[key]):
            raise ValueError(f"entry {entry_id!r} has a bad {key}")
    try:
        spec: Spec = StdioSpec(**data) if kind == "stdio" else RemoteSpec(**data)
    except TypeError:
        raise ValueError(f"entry {entry_id!r} has a bad install spec") from None
    return _typed(spec, entry_id)


def _strings(value: object, entry_id: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"entry {entry_id!r} has bad args")
    return value


def _string_map(value: object) -> bool:
    return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())


def _typed(spec: Spec, entry_id: str) -> Spec:
    """Refuse a spec whose scalar fields have the wrong type (the dataclasses do not check)."""
    ok = isinstance(spec.requires_network, bool) and isinstance(spec.min_cli_version, str | None)
    if isinstance(spec, StdioSpec):
        ok = ok and isinstance(spec.command, str) and bool(spec.command)
        ok = ok and isinstance(spec.cwd, str | None)
    else:
        ok = ok and isinstance(spec.url, str) and spec.url.startswith(("https://", "http://"))
        ok = ok and spec.transport in ("http", "sse")
    if not ok:
        raise ValueError(f"entry {entry_id!r} has a bad install spec")
    return spec


def write_lock(path: Path, text: str, expected: str) -> None:
    """Write the lock atomically if it is still the one planned (digest `expected`)."""
    from aidokit.reconcile.documents import lock_file
    from aidokit.reconcile.documents.atomic import replace_file

    with lock_file(path):
        replace_file(path, text.encode("utf-8"), expected, create_parents=False)
