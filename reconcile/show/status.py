"""`aido status` as data: every entry of every targeted file and who owns it.

Derived from the plan (SPEC §6 ownership) plus the server maps of the world the
plan was computed from, so status and plan can never disagree about what aido owns.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from aidokit.reconcile.plan.model import Action, Change, FileChange, Plan, kept_words
from aidokit.reconcile.read.tool_lists import tool_lists
from aidokit.reconcile.read.world import World
from aidokit.reconcile.show.reasons import said

STATUS_FORMAT_VERSION = 1


class Status(Enum):
    """How one entry relates to aido."""

    MANAGED = "managed"  # owned, equal to the desired entry
    DRIFTED = "drifted"  # owned, differs from the desired state (apply changes it)
    CONFLICT = "conflict"  # same name as a desired entry, not owned
    UNMANAGED = "unmanaged"  # the user's own entry; aido leaves it alone
    MISSING = "missing"  # desired but not in the file yet (apply creates it)


@dataclass(frozen=True)
class EntryStatus:
    """One entry (or one desired-but-missing entry) of one file."""

    adapter: str
    scope: str
    path: str
    name: str
    id: str | None
    status: Status
    detail: str = ""
    # What the model loads from it (docs/context-budget.md): "4 of 21 tools"; the counts
    # where the server's tools are known (the last `aido doctor --probe`).
    tools: str = ""
    tools_loaded: int | None = None
    tools_total: int | None = None


@dataclass(frozen=True)
class FileStatus:
    """One targeted file: its entries, or why it could not be read."""

    adapter: str
    scope: str
    path: str
    entries: tuple[EntryStatus, ...] = ()
    error: str | None = None
    agent: str | None = None  # the agent whose file this is: only it sees these servers


def file_status(file: FileChange, current: Mapping[str, Any]) -> FileStatus:
    """Classify every entry of `current` (the file's server map) using `file`'s changes."""
    by_name = {change.name: change for change in file.changes}
    rows = [_row(file, name, by_name.get(name)) for name in current]
    rows += [
        _row(file, change.name, change)
        for change in file.changes
        if change.name not in current and change.action in (Action.CREATE, Action.HEAL)
    ]
    rows.sort(key=lambda row: row.name)
    return FileStatus(file.adapter, file.scope, file.path, tuple(rows), agent=file.agent)


def _row(file: FileChange, name: str, change: Change | None) -> EntryStatus:
    status, detail = _classify(change)
    entry_id = change.id if change is not None else None
    row = EntryStatus(file.adapter, file.scope, file.path, name, entry_id, status, detail)
    if change is None or change.map_path:
        return row
    return replace(
        row, tools=change.tools, tools_loaded=change.tools_loaded, tools_total=change.tools_total
    )


def _classify(change: Change | None) -> tuple[Status, str]:
    if change is None:
        return Status.UNMANAGED, ""
    action = change.action
    if action is Action.NOOP:
        return Status.MANAGED, kept_words(change.tuned)
    if action is Action.CONFLICT:
        hint = f"; hint: {change.hint}" if change.hint else ""
        return Status.CONFLICT, said(change) + hint
    if action is Action.CREATE:
        return Status.MISSING, "apply creates it"
    if action is Action.DELETE:
        return Status.DRIFTED, "no longer desired; apply removes it"
    if action is Action.HEAL and change.before is None:
        return Status.DRIFTED, "removed from the file since aido wrote it; apply restores it"
    return Status.DRIFTED, f"{change.action.word}: {said(change)}"


def plan_status(plan: Plan, world: World) -> tuple[FileStatus, ...]:
    """Status of every file in `plan`, from the server maps `world` read for it; an entry
    aido.toml sets no budget for loads every tool the last probe listed for it."""
    files = tuple(_status(file, world) for file in plan.files)
    lists: Mapping[str, tuple[str, ...]] = {}
    if any(e.id for f in files for e in f.entries):
        host = world.inputs.host
        lists = world.tool_lists or tool_lists(host.environ, host.project)
    return tuple(replace(f, entries=tuple(_known(e, lists) for e in f.entries)) for f in files)


def _known(entry: EntryStatus, lists: Mapping[str, tuple[str, ...]]) -> EntryStatus:
    """`entry` with the counts of a server whose tools are known and all loaded."""
    known = lists.get(entry.id) if entry.id is not None else None
    if entry.tools_total is not None or known is None or entry.status is Status.CONFLICT:
        return entry
    count = len(known)
    words = f"{count} of {count} {'tool' if count == 1 else 'tools'}"
    return replace(entry, tools=entry.tools or words, tools_loaded=count, tools_total=count)


def _status(file: FileChange, world: World) -> FileStatus:
    target = world.target(file.adapter, file.abs_path)
    if file.error or target is None:
        error = file.error or f"{file.path} was not read"
        return FileStatus(file.adapter, file.scope, file.path, error=error, agent=file.agent)
    return file_status(file, target.servers())


def reach(files: tuple[FileStatus, ...]) -> dict[str, dict[str, list[str]]]:
    """For each adapter with agent files: who sees which of aido's servers.

    A server in the shared file is seen by every agent and the main session; one in an
    agent's file by that agent only (docs/roles.md). Adapters without agent files are
    left out: there every agent sees every server.
    """
    scoped = {file.adapter for file in files if file.agent is not None}
    result: dict[str, dict[str, list[str]]] = {}
    for file in files:
        if file.adapter not in scoped:
            continue
        who = "every agent and the main session" if file.agent is None else f"agent {file.agent}"
        names = [
            e.name for e in file.entries if e.id is not None and e.status is not Status.CONFLICT
        ]
        if names:
            result.setdefault(file.adapter, {}).setdefault(who, []).extend(names)
    return result


def counts(files: tuple[FileStatus, ...]) -> dict[str, int]:
    """How many entries have each status, plus files with errors."""
    result = {status.value: 0 for status in Status}
    for file in files:
        for entry in file.entries:
            result[entry.status.value] += 1
    result["error"] = sum(1 for file in files if file.error)
    return result
