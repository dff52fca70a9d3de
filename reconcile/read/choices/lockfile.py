"""`aido.lock`: the exact install spec every desired entry resolved to (issue 19).

Committed beside `aido.toml` and written by apply, so two developers (or a
developer and CI) on different aido versions render the same files: plan and
apply take an entry's install specs from the lock when it has them, whatever
the running catalog pins. `aido upgrade` moves the lock to the catalog.

The format is JSON, sorted and indented: stdlib `json` reads and writes it
(TOML would need tomlkit to write, a heavy import on every apply), it diffs
one value per line, and its JSON Schema is `docs/schemas/aido-lock.schema.json`.
A lock is data from the repository: `decode` checks it on read (pydantic, or the
memo of bytes already checked or written by aido), then every entry's digest is
checked against its specs.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple

from aidokit.catalog.errors import excerpt
from aidokit.catalog.models import (
    InstallSpec,
    MCPDef,
    NonEmpty,
    Pattern,
    RemoteSpec,
    StdioSpec,
    Strict,
    spec_packages,
)
from aidokit.reconcile.core.atomic import file_digest, replace_file, sha256
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.core.merges import marker_line, merge_conflict
from aidokit.reconcile.core.safe_read import parse_nested, read_file
from aidokit.reconcile.read.decode import decode, remember

if TYPE_CHECKING:
    from pydantic import ValidationError

    from aidokit.reconcile.read.choices.tool_pins import ToolPin

LOCK_NAME = "aido.lock"
LOCK_FORMAT_VERSION = 3  # 3: with tool pins; 2: without (still written so); 1: still read
LOCK_FORMAT_WITHOUT_TOOLS = 2

Spec = StdioSpec | RemoteSpec


DEFAULT = "*"  # the install key of the spec every adapter not named shares (format 2)


class Locked(NamedTuple):
    """One entry of the lock: where it came from and its install specs.

    `install` names the adapters whose spec differs from `default`, the spec the
    others share (issue 32 §6: a few lines per entry, not every adapter listed);
    `compacted` builds it from one spec per adapter.
    """

    id: str
    source: str
    install: dict[str, Spec]
    default: Spec | None = None

    @property
    def digest(self) -> str:
        """sha256 of the install specs, so a hand edit of the lock is noticed (reading a
        lock checks it and writing one prints it)."""
        default = {DEFAULT: self.default} if self.default is not None else {}
        return _digest_of({**default, **self.install})

    def packages(self) -> tuple[str, ...]:
        """Every package@version or URL its specs run, sorted (`npm:pkg@1.2.3`)."""
        return tuple(sorted({p for spec in self.specs() for p in spec_packages(spec)}))

    def specs(self) -> tuple[Spec, ...]:
        """Every spec it holds, the default first."""
        return (*((self.default,) if self.default is not None else ()), *self.install.values())

    def resolved(self, catalog: Mapping[str, Spec]) -> dict[str, Spec]:
        """The lock's spec per adapter: each one named, and the default for every adapter of
        the catalog's entry (`catalog`: its install) not named whose spec is of the
        default's kind (a stdio-only adapter never gets a remote default)."""
        shared = self.default
        rest = {} if shared is None else {
            adapter: shared for adapter, spec in catalog.items()
            if adapter not in self.install and spec.kind == shared.kind
        }  # fmt: skip
        return {**rest, **self.install}

    def same_specs(self, other: Locked) -> bool:
        """Whether both lock the same specs (compacted alike)."""
        return (self.default, self.install) == (other.default, other.install)


def _digest_of(specs: Mapping[str, Spec]) -> str:
    text = json.dumps(_specs_data(dict(specs)), sort_keys=True, separators=(",", ":"))
    return "sha256:" + sha256(text.encode()).hexdigest()


def compacted(entry_id: str, source: str, install: Mapping[str, Spec]) -> Locked:
    """The lock entry for one spec per adapter: the spec most adapters share (the first
    by adapter name on a tie) as the default, the others named; a lone adapter is named."""
    groups: dict[str, list[str]] = {}
    data: dict[str, Spec] = {}
    seen: dict[int, str] = {}  # adapters mostly share one spec object
    for adapter, spec in sorted(install.items()):
        if id(spec) not in seen:
            seen[id(spec)] = json.dumps(_spec_data(spec), sort_keys=True)
        groups.setdefault(seen[id(spec)], []).append(adapter)
        data.setdefault(seen[id(spec)], spec)
    if len(install) < 2:
        return Locked(entry_id, source, dict(sorted(install.items())))
    key = min(groups, key=lambda k: (-len(groups[k]), groups[k][0]))
    named = {a: s for a, s in sorted(install.items()) if a not in groups[key]}
    return Locked(entry_id, source, named, data[key])


@dataclass(frozen=True, kw_only=True)
class InstallRow(Strict):
    """One row of a lock entry's `install`: the adapters that share one spec."""

    adapters: tuple[str, ...]
    spec: InstallSpec


@dataclass(frozen=True, kw_only=True)
class LockEntry(Strict):
    """One entry as the file holds it (`decode` checks it when the lock is read)."""

    source: Literal["catalog", "custom", "imported"]
    digest: str
    packages: tuple[str, ...]  # derived from the specs, for reviewers; not read back
    install: Annotated[tuple[InstallRow, ...], NonEmpty()]


@dataclass(frozen=True, kw_only=True)
class BaselinePin(Strict):
    """One baseline of `extends` (issue 36): the commit it resolved to and its file's digest.

    A local-path baseline has no commit. Keyed in the lock by the source as written.
    """

    commit: Annotated[str, Pattern(r"^[0-9a-f]{40}$")] | None = None
    digest: Annotated[str, Pattern(r"^sha256:[0-9a-f]{64}$")]


@dataclass(frozen=True, kw_only=True)
class LockFile(Strict):
    """The whole file in format 1 (read, never written)."""

    format_version: Literal[1]
    entries: dict[str, LockEntry]
    baselines: dict[str, BaselinePin] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class CompactEntry(Strict):
    """One entry in format 2: `install` maps `*` (every adapter not named) and the adapters
    whose spec differs to their spec."""

    source: Literal["catalog", "custom", "imported"]
    digest: str
    packages: tuple[str, ...]  # derived from the specs, for reviewers; not read back
    install: Annotated[dict[str, InstallSpec], NonEmpty()]


@dataclass(frozen=True, kw_only=True)
class CompactLockFile(Strict):
    """The whole file in format 2, or 3 with tool pins (entry id -> what runs -> pin)."""

    format_version: Literal[2, 3]
    entries: dict[str, CompactEntry]
    baselines: dict[str, BaselinePin] = dataclasses.field(default_factory=dict)
    # Checked by `_pins` (read/choices/tool_pins.py), not here: a lock without pins, the
    # common case, loads no more classes than before.
    tools: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)


class Lock(NamedTuple):
    """Every locked entry, by id, every pinned baseline, by source, and every tool pin, by
    entry id and what runs (issue 53: only `aido upgrade --tools` moves those)."""

    entries: Mapping[str, Locked] = MappingProxyType({})
    baselines: Mapping[str, BaselinePin] = MappingProxyType({})
    tools: Mapping[str, Mapping[str, ToolPin]] = MappingProxyType({})


def lock_path(project: Path) -> Path:
    """Where a project's lock lives: beside its `aido.toml`."""
    return project / LOCK_NAME


def locked_from(entry: MCPDef, source: str) -> Locked:
    """The lock entry for `entry` as it is rendered now."""
    return compacted(entry.id, source, entry.install)


def render_lock(lock: Lock) -> str:
    """The lock as stable, sorted JSON text, a few lines per entry: each spec on one line
    without its default fields, `*` for the spec the adapters not named share."""
    out = ["{", *_baselines(lock), '  "entries": {']
    version = LOCK_FORMAT_VERSION if lock.tools else LOCK_FORMAT_WITHOUT_TOOLS
    items = sorted(lock.entries.items())
    for index, (entry_id, locked) in enumerate(items):
        specs = {DEFAULT: locked.default} if locked.default is not None else {}
        specs.update(locked.install)
        rows = [f"        {_one(name)}: {_one(_short(spec))}" for name, spec in specs.items()]
        out += [
            f"    {_one(entry_id)}: {{",
            f'      "digest": {_one(locked.digest)},',
            '      "install": {',
            ",\n".join(rows),
            "      },",
            f'      "packages": {_one(list(locked.packages()))},',
            f'      "source": {_one(locked.source)}',
            "    }" + ("," if index < len(items) - 1 else ""),
        ]
    tail = "," if lock.tools else ""
    out += ["  },", f'  "format_version": {version}{tail}', *_tool_pins(lock), "}"]
    return "\n".join(out) + "\n"


def _baselines(lock: Lock) -> list[str]:
    """The `baselines` table, one pin per line; nothing when there is none (the bytes a
    lock without baselines always had)."""
    if not lock.baselines:
        return []
    items = sorted(lock.baselines.items())
    rows = [
        f"    {_one(source)}: {_one({'commit': pin.commit, 'digest': pin.digest})}"
        for source, pin in items
    ]
    return ['  "baselines": {', ",\n".join(rows), "  },"]


def _tool_pins(lock: Lock) -> list[str]:
    """The `tools` table, last; nothing when no pin is kept (the bytes format 2 always had)."""
    if not lock.tools:
        return []
    from aidokit.reconcile.read.choices.tool_pins import render_pins  # noqa: PLC0415 (off a converged plan's path)

    rows = render_pins(lock.tools)
    rows[-1] = rows[-1].rstrip(",")
    return rows


def _one(value: object) -> str:
    """A JSON value on one line, keys sorted, as `json.dumps` spaces them."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _short(spec: Spec) -> dict[str, Any]:
    """A spec's fields without those at their default (`kind` always stays)."""
    blank = _BLANK[spec.kind]
    data = _spec_data(spec)
    return {k: v for k, v in data.items() if k == "kind" or blank.get(k, _NONE) != v}


def _spec_data(spec: Spec) -> dict[str, Any]:
    # A spec's fields are flat (str, bool, None, tuple of str, dict of str), so a
    # shallow copy is what `dataclasses.asdict` gives, at a tenth of its cost.
    return {field.name: _plain(getattr(spec, field.name)) for field in dataclasses.fields(spec)}


def _plain(value: object) -> object:
    if isinstance(value, tuple):
        return list(value)
    return dict(value) if isinstance(value, dict) else value


def _defaults(kind: type[Spec]) -> dict[str, object]:
    """The fields of a spec type that have a default, with it (as `_spec_data` gives it)."""
    out: dict[str, object] = {}
    for item in dataclasses.fields(kind):
        if item.default is not dataclasses.MISSING:
            out[item.name] = _plain(item.default)
        elif item.default_factory is not dataclasses.MISSING:
            out[item.name] = _plain(item.default_factory())
    return out


_NONE = object()
_BLANK = {"stdio": _defaults(StdioSpec), "remote": _defaults(RemoteSpec)}


def _specs_data(install: dict[str, Spec]) -> dict[str, Any]:
    seen: dict[int, dict[str, Any]] = {}  # adapters mostly share one spec object
    out = {}
    for adapter, spec in sorted(install.items()):
        if id(spec) not in seen:
            seen[id(spec)] = _spec_data(spec)
        out[adapter] = seen[id(spec)]
    return out


def load_lock(path: Path) -> Lock | None:
    """The lock at `path`, or None when there is none; a bad lock is an error."""
    return read_lock(path)[0]


def read_lock(path: Path) -> tuple[Lock | None, str]:
    """The lock at `path` (None when there is none) and the digest of the bytes read."""
    # A regular file under the size cap, opened without blocking (a FIFO is refused).
    raw = read_file(path, error=ConfigError)
    return (None if raw is None else parse_lock(raw, path)), file_digest(raw)


def parse_lock(raw: bytes, path: Path) -> Lock:
    """Check and read the bytes of a lock file."""
    try:
        data = parse_nested(path, lambda: _loads(raw), error=ConfigError)
    except (UnicodeDecodeError, ValueError):
        line = marker_line(raw)
        if line is not None:  # issue 49 §6: a merge left both sides' pins
            again = f"derives {path.name} again"
            raise ConfigError(merge_conflict(path, line, derived=again)) from None
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
    fix = "restore it from version control or run `aido upgrade` to write it again"

    def invalid(reason: str) -> ConfigError:
        return ConfigError(f"{path} is not a valid aido lock ({reason}); {fix}")

    def fail(exc: ValidationError) -> ConfigError:
        return invalid(_reason(exc))

    try:
        if version == 1:  # still read; apply writes format 2 when the lock moves
            old = decode(LockFile, raw, data, fail=fail, project=path.parent)
            entries = {k: _locked(k, e) for k, e in sorted(old.entries.items())}
            return Lock(entries, dict(sorted(old.baselines.items())))
        new = decode(CompactLockFile, raw, data, fail=fail, project=path.parent)
        entries = {k: _compact(k, e) for k, e in sorted(new.entries.items())}
        return Lock(entries, dict(sorted(new.baselines.items())), _pins(new.tools))
    except ValueError as exc:
        raise invalid(str(exc)) from None


def _pins(table: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, ToolPin]]:
    """The tool pins, each checked (read/choices/tool_pins.py)."""
    if not table:
        return {}
    from aidokit.reconcile.read.choices.tool_pins import read_pins  # noqa: PLC0415 (off a converged plan's path)

    return read_pins(table)


def _loads(raw: bytes) -> Any:
    return json.loads(
        raw.decode("utf-8"),
    )


def _reason(exc: ValidationError) -> str:
    """The first thing wrong with a lock, in its words: which entry, which part."""
    error = exc.errors()[0]
    loc = error["loc"]
    if len(loc) >= 2 and loc[0] == "baselines":
        return f"baseline {excerpt(loc[1])} has a bad pin"
    if len(loc) >= 2 and loc[0] == "tools":
        return f"tool pin {excerpt(loc[1])} is malformed"
    if len(loc) < 2 or loc[0] != "entries":
        return "top level"
    entry = f"entry {excerpt(loc[1])}"
    part = loc[2] if len(loc) > 2 else None
    if part is None or error["type"] in ("extra_forbidden", "missing"):
        return f"{entry} has the wrong keys"
    if part == "source":
        return f"{entry} has an unknown source"
    if part == "install" and error["type"] == "too_short":
        return f"{entry} has no install specs"
    if part == "install":
        spec = "spec" in loc or (len(loc) > 3 and isinstance(loc[3], str))  # format 2: by name
        return f"{entry} has a bad install {'spec' if spec else 'row'}"
    return f"{entry} has a bad {part}"


def _locked(entry_id: str, entry: LockEntry) -> Locked:
    """The entry as a `Locked`: each adapter once, and its digest still matching."""
    install: dict[str, Spec] = {}
    for row in entry.install:
        for adapter in row.adapters:
            if adapter in install:
                raise ValueError(f"entry {excerpt(entry_id)} names an adapter twice")
            install[adapter] = row.spec
    if entry.digest != _digest_of(install):
        raise ValueError(
            f"entry {excerpt(entry_id)} does not match its digest: it was edited by hand"
        )
    return compacted(entry_id, entry.source, install)


def _compact(entry_id: str, entry: CompactEntry) -> Locked:
    """A format-2 entry as a `Locked`, its digest still matching."""
    install = dict(sorted(entry.install.items()))
    default = install.pop(DEFAULT, None)
    locked = Locked(entry_id, entry.source, install, default)
    if entry.digest != locked.digest:
        raise ValueError(
            f"entry {excerpt(entry_id)} does not match its digest: it was edited by hand"
        )
    return locked


def write_lock(path: Path, text: str, expected: str) -> None:
    """Write the lock atomically if it is still the one planned (digest `expected`)."""
    from aidokit.reconcile.core.lock import lock_file  # noqa: PLC0415 (off a converged plan's path)

    raw = text.encode("utf-8")
    with lock_file(path):
        replace_file(path, raw, expected, create_parents=False)
    remember(CompactLockFile, raw, project=path.parent)
