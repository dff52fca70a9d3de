"""Gather facts and files, then build the plan (SPEC §1): the only reads before apply."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from aidokit.adapters.base import Adapter, Host, Location, Scope
from aidokit.adapters.registry import ADAPTERS
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.reconcile.config import LoadedConfig, load_config
from aidokit.reconcile.context import detect_facts
from aidokit.reconcile.desired import DesiredEntry, resolve_for, wanted_servers
from aidokit.reconcile.documents import read_document
from aidokit.reconcile.errors import AidoError, ConfigError
from aidokit.reconcile.lockfile import load_lock, lock_path
from aidokit.reconcile.pins import lock_change, next_lock, pin
from aidokit.reconcile.plan import Action, FileChange, Plan
from aidokit.reconcile.planner import plan_entries
from aidokit.reconcile.state import (
    State,
    load_state,
    project_state_path,
    settle,
    user_state_dir,
)


@dataclass(frozen=True)
class Inputs:
    """What a plan is computed from."""

    host: Host
    loaded: LoadedConfig
    scope: Scope
    adapters: tuple[Adapter, ...]
    notes: tuple[str, ...]


def gather(project: Path, *, scope: str, only: Sequence[str] | None) -> Inputs:
    """Read `aido.toml`, pick adapters, and describe the host."""
    host = Host.current(project)
    loaded = load_config(host.project, host.environ)
    notes: list[str] = []
    names = list(loaded.config.adapters or ())
    for name in [*names, *(only or ())]:
        if name not in ADAPTERS:
            raise ConfigError(
                f"unknown adapter '{name}'; known adapters: {', '.join(sorted(ADAPTERS))}"
            )
    if only:
        names = list(only)
    elif not loaded.present or loaded.config.adapters is None:
        names = []
        for name, adapter in ADAPTERS.items():
            why = adapter.detect(host, Scope(scope))
            if why:
                names.append(name)
                notes.append(f"detected {name}: {why}")
        source = "no aido.toml" if not loaded.present else "aido.toml sets no adapters"
        notes.insert(0, f"{source}: using detected harnesses and detected stack")
    adapters = tuple(ADAPTERS[n] for n in names)
    return Inputs(host, loaded, Scope(scope), adapters, tuple(notes))


def build_plan(
    inputs: Inputs, *, remove: Collection[str] | None = None, upgrade: Collection[str] = ()
) -> Plan:
    """Compute the plan for every targeted file.

    With `remove`, plan only the deletion of owned entries with those ids
    (`aido remove`, and `aido destroy` with every id); the lock is left alone.
    Catalog entries in `aido.lock` render from it, except those in `upgrade`.
    """
    config = inputs.loaded.config
    facts = detect_facts(
        inputs.host.project, conformance=config.conformance, stack_packs=config.stack_packs
    )
    wanted, notes = wanted_servers(MCP_CATALOG, facts, config)
    old_lock = load_lock(lock_path(inputs.host.project)) if inputs.loaded.present else None
    wanted = pin(wanted, old_lock, upgrade)
    lock = None
    if inputs.loaded.present and remove is None:
        lock = lock_change(str(lock_path(inputs.host.project)), old_lock, next_lock(wanted))
    if remove is not None:
        notes += [
            f"'{item.server.id}' is still desired ({item.reason}), so the next apply adds it "
            "again; add it to `skip` under [mcp] in aido.toml to keep it out"
            for item in wanted
            if item.server.id in remove
        ]
        wanted = [item for item in wanted if item.server.id not in remove]
    states: dict[Path, State] = {}
    files: list[FileChange] = []
    for adapter in inputs.adapters:
        location = adapter.location(inputs.scope, inputs.host)
        if location is None:
            notes.append(f"{adapter.name} has no {inputs.scope} scope; nothing to do there")
            continue
        desired, skipped = resolve_for(adapter, wanted)
        notes.extend(skipped)
        file = _plan_file(adapter, location, desired, inputs.host, states)
        if remove is not None:
            kept = [c for c in file.changes if c.action is Action.DELETE and c.id in remove]
            file = replace(file, changes=tuple(kept))
        files.append(_note_role_scoping(file, adapter))
    files.sort(key=lambda f: (f.path, f.adapter))
    return Plan(
        project=str(inputs.host.project),
        scope=inputs.scope.value,
        files=tuple(files),
        notes=(*inputs.notes, *notes),
        lock=lock,
    )


def _note_role_scoping(file: FileChange, adapter: Adapter) -> FileChange:
    """Say once per written file how the entries' roles are (or are not) enforced there."""
    written = [c for c in file.changes if c.action in (Action.CREATE, Action.UPDATE)]
    scoped = [c for c in written if c.roles]
    if not scoped or any(c.map_path for c in written):
        return file
    if adapter.role_scoping(scoped[0].name, scoped[0].roles) is None:
        note = (
            f"role scoping not supported by {file.adapter}: servers are visible to all agents "
            "(their roles are recorded in aido's state)"
        )
    else:
        note = (
            f"{file.adapter} can limit a server to some agents: name them under [mcp.roles] "
            "in aido.toml; until then servers are visible to all agents"
        )
    return replace(file, notes=(*file.notes, note))


def state_location(location: Location, host: Host) -> tuple[Path, str]:
    """The state file recording `location`'s entries and the file's key inside it."""
    if location.scope is Scope.PROJECT:
        rel = location.path.relative_to(host.project).as_posix()
        return project_state_path(host.project), rel
    key = str(location.path)
    if location.scope is Scope.LOCAL:
        # User and local scope can share one file (Claude Code's ~/.claude.json):
        # the map path keeps their records apart.
        key += "#" + "/".join(location.map_path)
    return user_state_dir(host.environ) / "state.json", key


def _plan_file(
    adapter: Adapter,
    location: Location,
    desired: list[DesiredEntry],
    host: Host,
    states: dict[Path, State],
) -> FileChange:
    state_path, record_path = state_location(location, host)
    if state_path not in states:
        states[state_path] = load_state(state_path)
    shown = record_path if location.scope is Scope.PROJECT else _tilde(location.path, host)
    file = FileChange(
        adapter=adapter.name,
        scope=location.scope.value,
        path=shown,
        abs_path=str(location.path),
        fmt=location.fmt.value,
        map_path=location.map_path,
        state_path=str(state_path),
        record_path=record_path,
        digest="",
    )
    notes = [*adapter.file_notes(location, host), *(n for d in desired for n in d.notes)]
    file = replace(file, notes=tuple(dict.fromkeys(notes)))
    try:
        document = read_document(location.path, location.fmt)
        changes = plan_entries(
            adapter=adapter.name,
            current=document.get_map(location.map_path) or {},
            desired=desired,
            records=settle(
                states[state_path].for_file(adapter.name, record_path),
                lambda map_path: document.get_map(map_path or location.map_path) or {},
            ),
            identity=adapter.identity,
            lookup=lambda map_path: document.get_map(map_path) or {},
        )
    except AidoError as exc:
        return replace(file, error=str(exc))
    return replace(file, digest=document.digest, changes=changes)


def _tilde(path: Path, host: Host) -> str:
    try:
        return "~/" + path.relative_to(host.home).as_posix()
    except ValueError:
        return str(path)


def owned_ids(inputs: Inputs) -> set[str]:
    """Catalog ids of every entry aido has recorded in the targeted files."""
    ids: set[str] = set()
    for adapter in inputs.adapters:
        location = adapter.location(inputs.scope, inputs.host)
        if location is not None:
            state_path, record_path = state_location(location, inputs.host)
            ids.update(r.id for r in load_state(state_path).for_file(adapter.name, record_path))
    return ids
