"""Entries outside policy that aido did not write (SPEC §7: `aido doctor` reports them).

A hand-written entry is read as its harness starts it (`launch_of`): its
command and arguments, or its URL. It counts as the catalog entry of the same
name when it runs that entry's package or URL for the harness, else as a custom
server (its name is its author's choice, so an allow rule by id never admits it).
aido leaves such entries alone; the plan lists them, doctor fails on them, and
`aido report` shows them per repository.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from aidokit.adapters import spec_for
from aidokit.adapters.base import Adapter, Host
from aidokit.adapters.common import identity_of
from aidokit.adapters.launch import launch_of
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec
from aidokit.reconcile.plan.policy.enforce import refusal_of
from aidokit.reconcile.policy.layers import PolicyLayer
from aidokit.reconcile.policy.verdict import judge, subjects
from aidokit.reconcile.policy.violation import PolicyViolation
from aidokit.reconcile.read.desired import Wanted
from aidokit.reconcile.read.ownership import Record
from aidokit.reconcile.read.world import Inputs

# One targeted file as doctor sees it: adapter, server map, aido's records, its name.
FileView = tuple[Adapter, Mapping[str, Any], Sequence[Record], str]


def hand_written(
    adapter: Adapter,
    servers: Mapping[str, Any],
    records: Sequence[Record],
    *,
    host: Host,
    catalog: Mapping[str, MCPDef],
    layers: Sequence[PolicyLayer],
    shown: str,
) -> list[PolicyViolation]:
    """The entries of one file's server map that aido does not own and `layers` refuse."""
    owned = {r.name: r.identity for r in records if not r.map_path}
    found = []
    for name, value in sorted(servers.items()):
        if not isinstance(value, dict):
            continue
        if name in owned and identity_of(adapter, value) == owned[name]:
            continue  # aido's own: the plan judges what it writes
        spec = _spec(adapter, value, host)
        if spec is None:
            continue
        custom = not _runs_catalog(name, spec, adapter, catalog)
        refusal = judge(name, spec, layers, custom=custom)
        if refusal is not None:
            found.append(refusal.violation(adapter.name, "hand-written", shown))
    return found


def _spec(adapter: Adapter, entry: Mapping[str, Any], host: Host) -> StdioSpec | RemoteSpec | None:
    """The entry as a spec: what its harness would start or connect to."""
    try:
        launch = launch_of(adapter, entry, host)
    except (ValueError, TypeError, KeyError, AttributeError):
        return None  # a shape the harness would not start either
    if launch.url:
        return RemoteSpec(url=launch.url)
    if launch.command:
        return StdioSpec(command=launch.command, args=launch.args, env=dict(launch.env))
    return None


def _runs_catalog(
    name: str, spec: StdioSpec | RemoteSpec, adapter: Adapter, catalog: Mapping[str, MCPDef]
) -> bool:
    """Whether the entry named `name` runs catalog entry `name`'s package or URL here."""
    server = catalog.get(name)
    ours = spec_for(server, adapter) if server is not None else None
    if ours is None:
        return False
    theirs = subjects(name, spec)[1:]
    return bool(theirs) and theirs == subjects(name, ours)[1:]


def findings(
    inputs: Inputs,
    wanted: Sequence[Wanted],
    catalog: Mapping[str, MCPDef],
    files: Sequence[FileView],
) -> list[tuple[str, str]]:
    """`aido doctor`'s (subject, message) for every entry outside policy: hand-written ones
    in `files`, and those a layer asks for, which the plan refuses."""
    found = []
    for adapter, servers, records, shown in files:
        for v in hand_written(
            adapter, servers, records, host=inputs.host, catalog=catalog,
            layers=inputs.policy, shown=shown,
        ):  # fmt: skip
            found.append((v.name, (
                f"'{v.name}' in {v.path} ({v.adapter}), not written by aido, is outside "
                f"policy: {v.rule} in {v.layer} ({v.kind} policy); remove it from that file, "
                f"or ask whoever keeps {v.layer} to change it"
            )))  # fmt: skip
    for item in wanted:
        config = inputs.loaded.config
        refusals = (refusal_of(item, a, inputs.policy, config) for a in inputs.adapters)
        refusal = next((r for r in refusals if r is not None), None)
        if refusal is not None and item.explicit:
            why = f"{refusal.sentence()}; the plan refuses it until it is removed ({item.detail})"
            found.append((item.server.id, why))
    return found
