"""Re-derive what a saved plan claims before trusting it (SPEC §6, §7).

A saved plan is a file anyone could have edited. It names files by address only
(adapter, scope, agent file or companion): `saved_plan.load_plan` derives their paths
the way the plan does, so none is checked here. What is: the project and scope, ids
and roles, the state records every overwrite or delete needs, and a change is only
treated as routine when it is exactly the catalog's rendering of a non-sensitive entry.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from aidokit.adapters import ADAPTERS, spec_for
from aidokit.adapters.agents import AGENT_NAME_RE, AgentFileScoping, NamedAgentScoping
from aidokit.adapters.base import ITEMS, Adapter
from aidokit.adapters.common import identity_of
from aidokit.adapters.render import for_os
from aidokit.catalog.errors import excerpt
from aidokit.catalog.models import ALL_ROLES, MCPDef, RemoteSpec, StdioSpec
from aidokit.reconcile.checks import hardening
from aidokit.reconcile.core.errors import AidoError, SecurityError
from aidokit.reconcile.documents import ABSENT, read_document
from aidokit.reconcile.gate.plan_key import ABSENT_PREFIX, is_absent_token, plan_key
from aidokit.reconcile.plan.model import Action, Change, FileChange, Plan
from aidokit.reconcile.read.agents import SHARED
from aidokit.reconcile.read.ownership import load_state


def check_saved(
    plan: Plan,
    source: Path,
    project: Path,
    scope: str,
    derived: Callable[[], frozenset[Item]] = frozenset,
) -> Plan:
    """Refuse the whole saved plan unless what it claims is what aido derives itself.

    The project and scope come from this command line, never from the file; paths
    and map paths from the files' addresses (`load_plan`); every write to an existing
    entry or delete needs a state record that still owns it; ids and roles are checked.
    An array item (an ITEMS map path: a budget's or a native policy's) must be one of
    `derived()`, the items of the plan aido makes now from the same inputs.
    Returns the plan with this user's missing-file tokens read back as ABSENT.
    """
    again = f"run aido plan --out {source} here again"
    if plan.project != str(project) or plan.scope != scope:
        raise SecurityError(
            f"saved plan {source} was made for {plan.scope} scope of {excerpt(plan.project)}, not "
            f"{scope} scope of {excerpt(str(project))}; {again}"
        )
    for file in plan.files:
        if file.scope != scope:
            raise SecurityError(f"saved plan {source} mixes scopes; {again}")
        for change in file.actionable:
            problem = _change_problem(file, change, derived)
            if problem:
                raise SecurityError(f"saved plan {source}: {problem}; {again}")
    return replace(plan, files=tuple(_absent_checked(file, source) for file in plan.files))


Item = tuple[str, tuple[str, ...], str, str, str]  # file, map path, name, action, value


def derived_items(fresh: Callable[[], Plan]) -> Callable[[], frozenset[Item]]:
    """The array items (ITEMS map paths) of `fresh()`, the plan aido makes now from the
    saved plan's inputs, made once and only when a saved plan holds such an item."""
    made: list[frozenset[Item]] = []

    def items() -> frozenset[Item]:
        if not made:
            files = fresh().files
            found = (_item(f, c) for f in files for c in f.actionable if ITEMS in c.map_path)
            made.append(frozenset(found))
        return made[0]

    return items


def _item(file: FileChange, change: Change) -> Item:
    value = json.dumps(change.after, sort_keys=True)
    return file.abs_path, change.map_path, change.name, change.action.value, value


def _change_problem(
    file: FileChange, change: Change, derived: Callable[[], frozenset[Item]] = frozenset
) -> str | None:
    """What is wrong with one change of a saved plan, re-derived from the adapter and state."""
    if change.id is not None and hardening.id_problem(change.id):
        return f"{excerpt(change.name)} has the invalid id {excerpt(change.id)}"
    if not set(change.roles) <= {*ALL_ROLES, SHARED}:
        return f"{excerpt(change.name)} names roles aido does not know"
    if ITEMS in change.map_path and _item(file, change) in derived():
        return _ownership_problem(file, change)
    if change.map_path and not _derived_companion(file, change):
        under = excerpt(".".join(change.map_path))
        return f"{excerpt(change.name)} is under {under}, where aido puts no entry"
    return _ownership_problem(file, change)


def _derived_companion(file: FileChange, change: Change) -> bool:
    """Whether the adapter itself would write this companion for this server: the global
    glob, or the glob of one plainly named agent (`agent.<name>.tools`)."""
    server = change.name.removesuffix("_*")
    named = change.map_path[1:2] if len(change.map_path) == 3 else ()
    if any(not AGENT_NAME_RE.fullmatch(name) for name in named):
        return False
    adapter = ADAPTERS[file.adapter]
    if not isinstance(adapter, NamedAgentScoping):
        return False
    companions = adapter.role_scoping(server, named)
    return any(
        (c.map_path, c.name, c.value) == (change.map_path, change.name, change.after)
        for c in companions
    )


def _ownership_problem(file: FileChange, change: Change) -> str | None:
    """A delete, or a write over an existing entry, needs a record that still owns it."""
    document = read_document(Path(file.abs_path), file.fmt)
    current = document.get_map(change.map_path or file.map_path) or {}
    if change.name not in current and change.action is not Action.DELETE:
        return None
    record = load_state(Path(file.state_path)).find(
        file.adapter, file.record_path, change.name, change.map_path
    )
    owned = record is not None and not record.pending
    if owned and change.name in current and not change.map_path:
        adapter = ADAPTERS[file.adapter]
        owned = record is not None and identity_of(adapter, current[change.name]) == record.identity
    if owned:
        return None
    name = excerpt(change.name)
    return f"it would {change.action.word} {name} in {file.path}, which aido does not own"


def mark_sensitive(
    plan: Plan,
    catalog: Iterable[MCPDef],
    derived: Callable[[], frozenset[Item]] = frozenset,
) -> Plan:
    """The plan with every write that is not a routine catalog entry, or an array item
    aido derives now (`derived`, as `check_saved` checked it), marked sensitive."""
    routine = {entry.id: entry for entry in catalog if not entry.security_sensitive}
    files = tuple(
        replace(file, changes=tuple(_marked(file, c, routine, derived) for c in file.changes))
        for file in plan.files
    )
    return replace(plan, files=files)


def _marked(
    file: FileChange,
    change: Change,
    routine: dict[str, MCPDef],
    derived: Callable[[], frozenset[Item]],
) -> Change:
    if change.sensitive or not change.writes_value:
        return change
    if ITEMS in change.map_path and _item(file, change) in derived():
        return change  # exactly what a plan made now writes: no more than `aido apply` would
    entry = routine.get(change.id or "")
    adapter = ADAPTERS.get(file.adapter)
    spec = spec_for(entry, adapter) if entry is not None and adapter is not None else None
    if (
        entry is not None
        and adapter is not None
        and spec is not None
        and change.name == entry.id
        and _rendered(adapter, entry, spec, change.after, agent=file.agent is not None)
    ):
        return change
    return replace(change, sensitive=True)


def _absent_checked(file: FileChange, source: Path) -> FileChange:
    """Map this user's keyed token back to ABSENT; refuse a bare (forgeable) one."""
    if file.digest == ABSENT or (
        file.digest.startswith(ABSENT_PREFIX)
        and not is_absent_token(plan_key(os.environ), file.abs_path, file.digest)
    ):
        raise SecurityError(
            f"saved plan {source} creates {excerpt(file.path)} but was not saved by you; "
            f"run aido plan --out {source} again"
        )
    if file.digest.startswith(ABSENT_PREFIX):
        return replace(file, digest=ABSENT)
    return file


def _rendered(
    adapter: Adapter, entry: MCPDef, spec: StdioSpec | RemoteSpec, after: Any, *, agent: bool
) -> bool:
    """Whether `after` is what `adapter` renders for `entry` (in an agent file when `agent`),
    on this OS or on Windows."""
    rendered = adapter.build(entry, spec).entry
    forms = [rendered, for_os(adapter, rendered, "win32")]
    if agent:
        if not isinstance(adapter, AgentFileScoping):
            return False
        try:
            forms = [adapter.agent_entry(form) for form in forms]
        except AidoError:
            return False
    return after in forms
