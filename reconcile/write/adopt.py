"""Adoption: make an existing entry aido's, as-is or replaced with aido's version."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path

from aidokit.adapters import ADAPTERS
from aidokit.adapters.common import identity_of
from aidokit.catalog.entries import ENTRIES_BY_ID
from aidokit.catalog.spelling import closest
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.plan.engine import build_plan
from aidokit.reconcile.plan.model import Action, Change, FileChange, Plan, Reason
from aidokit.reconcile.plan.planner import adoption_fields, field_diff
from aidokit.reconcile.read.ownership import (
    load_state,
    save_state,
)
from aidokit.reconcile.read.world import Inputs, read_world
from aidokit.reconcile.write.apply import record_of


def adoption_plan(inputs: Inputs, name: str) -> tuple[FileChange, Change]:
    """The file and the entry to adopt; errors when there is nothing to adopt."""
    plan = build_plan(read_world(inputs))
    file = _file_of(plan, name)
    if file is None:
        raise ConfigError(f"no {inputs.scope} config file for that adapter; check --scope")
    if file.error:
        raise ConfigError(file.error)
    change = next((c for c in file.changes if c.name == name), None)
    if change is None:
        if name not in ENTRIES_BY_ID:  # a typo is never advice to add it (issue 54)
            near = closest(name, {c.name for c in file.changes} | set(ENTRIES_BY_ID))
            mean = f"; did you mean '{near}'?" if near else ""
            raise ConfigError(
                f"'{name}' is neither an entry aido plans for {file.path} nor a catalog "
                f"id{mean} (aido adopt takes the name `aido plan` shows as a conflict)"
            )
        raise ConfigError(
            f"'{name}' is not desired for this project; add it to `add` under [mcp] in aido.toml"
        )
    if change.action is Action.CREATE:
        raise ConfigError(f"{file.path} has no entry '{name}'; run aido apply to create it")
    if change.action is not Action.CONFLICT:
        raise ConfigError(f"aido already owns '{name}' in {file.path}")
    if not isinstance(change.before, dict):
        raise ConfigError(f"'{name}' in {file.path} is not an object; fix it by hand first")
    # SPEC §6: keys aido does not write (the harness's, the user's) stay theirs; the
    # plan's conflict hint compares the same fields (planner.adoption_fields).
    adapter = ADAPTERS[file.adapter]
    harness = change.harness(adapter.caps.harness_keys)
    mine, want = adoption_fields(
        change.before, change.after, partial(identity_of, adapter), harness,
        adapter.caps.launch_keys,
    )  # fmt: skip
    kept = tuple(key for key in change.before if key not in mine)
    return file, replace(change, diff=field_diff(mine, want), kept=kept)


def adoptable(change: Change) -> bool:
    """Whether the entry already holds aido's version (keys that are not aido's aside)."""
    return not change.diff


def _file_of(plan: Plan, name: str) -> FileChange | None:
    """The file whose entry `name` conflicts: the shared file or an agent's (docs/roles.md)."""
    for file in plan.files:
        if any(c.name == name and c.action is Action.CONFLICT for c in file.changes):
            return file
    return next((f for f in plan.files if f.agent is None), None)


def record_adoption(file: FileChange, change: Change) -> None:
    """Record ownership of an entry that already equals aido's version."""
    state_path = Path(file.state_path)
    state = load_state(state_path)
    records = [r for r in state.for_file(file.adapter, file.record_path) if r.name != change.name]
    records.append(record_of(file, change))
    save_state(state_path, state.replace(file.adapter, file.record_path, records))


def forced_plan(inputs: Inputs, file: FileChange, change: Change) -> Plan:
    """A one-change plan replacing the entry with aido's version."""
    forced = replace(change, action=Action.UPDATE, why=Reason.ADOPTED, detail="", hint=None)
    return Plan(
        project=str(inputs.host.project),
        scope=inputs.scope,
        files=(replace(file, changes=(forced,)),),
    )
