"""`aido import`: turn hand-written servers into config choices and adopt them (issue 16).

An entry aido does not own becomes a catalog id when it runs what a catalog
entry runs for that harness (the same URL, or the same command and package,
versions aside), else a `[custom.<name>]` table (security-sensitive: import asks for its typed
confirmation, `commands/imports.py`). The world is
then re-derived as if those choices and ownership records existed, so one
plan shows what adopting them changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, replace
from typing import Any

from aidokit.adapters.base import Adapter
from aidokit.adapters.support import spec_for
from aidokit.catalog.models import MCPDef
from aidokit.reconcile.choices.config import CustomMCP, ProjectConfig
from aidokit.reconcile.desired import wanted_servers
from aidokit.reconcile.errors import CatalogError
from aidokit.reconcile.history.state import Record, entry_digest
from aidokit.reconcile.security import hardening
from aidokit.reconcile.world import TargetFile, World


@dataclass(frozen=True)
class Found:
    """One hand-written entry and what importing it means."""

    file: TargetFile
    name: str
    entry: Mapping[str, Any]
    catalog_id: str | None = None
    custom: CustomMCP | None = None
    problem: str | None = None  # why it is left alone

    def record(self) -> Record:
        """The ownership record adopting it as it stands."""
        adapter = self.file.adapter
        return Record(
            adapter=adapter.name,
            path=self.file.record_path,
            name=self.name,
            id=self.name,
            digest=entry_digest(dict(self.entry)),
            identity=adapter.identity(self.entry),
            source="imported",
        )


def find(world: World, only: str | None = None) -> list[Found]:
    """Every entry of the targeted files that aido does not own, classified."""
    found = []
    catalog = [e for e in world.catalog if not e.deprecated]
    ids = {entry.id for entry in world.catalog}
    for target in world.files:
        if target.document is None or (only and target.adapter.name != only):
            continue
        if target.agent is not None:  # an agent's own servers are the user's scoping
            continue
        index = _identities(target.adapter, catalog)
        owned = {r.name: r for r in target.records if not r.map_path}
        for name, entry in sorted(target.servers().items()):
            record = owned.get(name)
            if record is not None and target.adapter.identity(entry) == record.identity:
                continue
            found.append(_classify(target, name, entry, index, ids))
    return found


def _classify(
    target: TargetFile, name: str, entry: object, index: Mapping[str, str], ids: set[str]
) -> Found:
    if not isinstance(entry, Mapping):
        return Found(target, name, {}, problem="not an object")
    problem = hardening.id_problem(name)
    if problem:
        return Found(target, name, entry, problem=f"{problem}; rename the entry to import it")
    identity = target.adapter.identity(entry)
    match = index.get(_bare(identity)) if identity else None
    if match == name:
        return Found(target, name, entry, catalog_id=match)
    if match is not None:
        return Found(
            target, name, entry,
            problem=f"runs catalog entry '{match}'; rename it to '{match}' to import it as that",
        )  # fmt: skip
    if name in ids:
        return Found(
            target, name, entry,
            problem=f"'{name}' is a catalog id but runs something else; rename the entry",
        )  # fmt: skip
    try:
        return Found(target, name, entry, custom=custom_of(entry))
    except ValueError as exc:
        return Found(target, name, entry, problem=str(exc).removeprefix("Value error, "))


def _identities(adapter: Adapter, catalog: Iterable[MCPDef]) -> dict[str, str]:
    """Bare identity -> catalog id, for every catalog entry this adapter can render."""
    index: dict[str, str] = {}
    for server in catalog:
        spec = spec_for(server, adapter)
        if spec is None or server.security_sensitive:
            continue
        try:
            identity = adapter.identity(adapter.render(server, spec))
        except CatalogError:
            continue
        if identity:
            index.setdefault(_bare(identity), server.id)
    return index


def _bare(identity: str) -> str:
    """An identity without its version: `npx @scope/pkg@1.2` -> `npx @scope/pkg`."""
    if "://" in identity:
        return identity.rstrip("/")
    command, _, package = identity.partition(" ")
    package = re.sub(r"(?<=.)@[^@/]*$", "", package)
    package = re.split(r"[=<>~!]=", package)[0]
    return f"{command} {package}".strip()


def custom_of(entry: Mapping[str, Any]) -> CustomMCP:
    """The `[custom.*]` table for a hand-written entry; ValueError when it cannot be one."""
    url = next(
        (entry[k] for k in ("url", "serverUrl", "httpUrl") if isinstance(entry.get(k), str)), None
    )
    if url is not None:
        sse = "sse" in (entry.get("type"), entry.get("transport"))
        return CustomMCP(
            url=url, transport="sse" if sse else "http", headers=_strings(entry, "headers")
        )
    command, args = entry.get("command"), entry.get("args", [])
    if isinstance(command, list) and command:  # OpenCode's argv list
        command, args = command[0], command[1:]
    if not isinstance(command, str) or not isinstance(args, list):
        raise ValueError("neither a url nor a command aido can read")
    env = _strings(entry, "env") or _strings(entry, "environment")
    return CustomMCP(command=command, args=tuple(str(a) for a in args), env=env)


def _strings(entry: Mapping[str, Any], key: str) -> dict[str, str]:
    value = entry.get(key)
    if not isinstance(value, Mapping):
        return {}
    return {str(k): str(v) for k, v in value.items()}


def imported_world(world: World, found: list[Found], shown: str) -> World:
    """`world` as if the config chose `found` and aido owned them as they stand."""
    inputs = world.inputs
    config = with_choices(inputs.loaded.config, found, {w.server.id for w in world.wanted})
    origin = dict(inputs.loaded.origin)
    origin.update({f"add:{f.name}": shown for f in found if f.catalog_id})
    origin.update({f"custom:{f.name}": shown for f in found if f.custom})
    wanted, notes = wanted_servers(world.catalog, world.facts, config, origin=origin)
    loaded = replace(inputs.loaded, config=config, origin=origin)
    files = tuple(
        replace(t, records=(*t.records, *(f.record() for f in found if f.file is t)))
        for t in world.files
    )
    return replace(
        world, inputs=replace(inputs, loaded=loaded), wanted=tuple(wanted), notes=tuple(notes),
        files=files,
    )  # fmt: skip


def with_choices(
    config: ProjectConfig, found: list[Found], wanted: Set[str] = frozenset()
) -> ProjectConfig:
    """`config` plus each found entry as an `add` (unless already wanted) or a `[custom.*]`."""
    add = [*config.mcp.add]
    add += [f.name for f in found if f.catalog_id and f.name not in {*add, *wanted}]
    customs = {**config.custom, **{f.name: f.custom for f in found if f.custom}}
    skip = tuple(i for i in config.mcp.skip if i not in add)
    return replace(config, mcp=replace(config.mcp, add=tuple(add), skip=skip), custom=customs)


def usable(found: list[Found]) -> tuple[list[Found], list[Found]]:
    """The entries to import, and those left alone (with their problem).

    One name imported from several files must mean the same server everywhere.
    """
    first: dict[str, Found] = {}
    keep: list[Found] = []
    left: list[Found] = []
    for item in found:
        if item.problem:
            left.append(item)
            continue
        seen = first.setdefault(item.name, item)
        if seen is not item and (seen.catalog_id, seen.custom) != (item.catalog_id, item.custom):
            left.append(replace(item, problem=f"differs from '{item.name}' in {seen.file.shown}"))
            continue
        keep.append(item)
    return keep, left


def record_all(found: list[Found]) -> None:
    """Save the ownership records of every imported entry, as it stands in its file."""
    from pathlib import Path

    from aidokit.reconcile.documents import lock_file
    from aidokit.reconcile.history.state import load_state, save_state

    for item in found:
        state_path = Path(item.file.state_path)
        with lock_file(state_path):
            state = load_state(state_path)
            target = item.file
            records = [
                r
                for r in state.for_file(target.adapter.name, target.record_path)
                if r.name != item.name or r.map_path
            ]
            records.append(item.record())
            save_state(state_path, state.replace(target.adapter.name, target.record_path, records))
