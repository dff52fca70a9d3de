"""When aido believes its journal, and where a restore from it may write (SPEC §7, issue 30).

A journal record says which bytes go to which path: whoever can write one can
make `aido undo` (or the roll-back of an interrupted run) write anything
anywhere. So the journal is believed only as the confirmation store is: it is
the user's, no one else may write it, and it is not inside the project (a
repository's `.envrc` can point XDG_STATE_HOME into itself). And even a
believed record restores only files apply itself would write for that project
and scope: the adapters' own files, at the place they derive, judged by the
same rule of where project scope may write as apply (`core/paths.judge`), with their state
where aido keeps it.
"""

from __future__ import annotations

from pathlib import Path

from aidokit.adapters import ADAPTERS
from aidokit.adapters.agents import AgentFileScoping
from aidokit.adapters.base import Adapter, CompanionFiles, Host, Location, Scope
from aidokit.reconcile.core import paths
from aidokit.reconcile.core.errors import SecurityError
from aidokit.reconcile.core.paths import outside, state_folder_problem, user_state_dir
from aidokit.reconcile.gate.confirmations import CONFIRMATIONS_NAME
from aidokit.reconcile.read.choices.layers import layer_paths
from aidokit.reconcile.read.choices.lockfile import lock_path
from aidokit.reconcile.read.personal import personal_lock_path
from aidokit.reconcile.read.world import state_location
from aidokit.reconcile.write.journal import OWN, FileEntry, Tx

_FIX_OWNER = "check who wrote it, then chown it to yourself and chmod 700 it, or move it away"


def check_root(root: Path, project: Path | None) -> None:
    """Refuse a journal inside the project, not the user's, or that others may write."""
    if not outside(root, project):
        raise SecurityError(
            f"aido's journal {root} is inside the project {project}, where a repository "
            "could plant records; point XDG_STATE_HOME (or HOME) at a folder outside it"
        )
    problem = state_folder_problem(root, project)  # the one rule (core/paths.py)
    if problem:
        raise SecurityError(f"aido's journal {root} {problem}; {_FIX_OWNER}")


def check_restores(tx: Tx, project: Path, scope: str) -> None:
    """Refuse the whole restore of `tx` unless every file and state it would write is one
    apply writes for `project` at `scope` (nothing is written otherwise)."""
    if (tx.project, tx.scope) != (str(project), scope):
        raise SecurityError(
            f"transaction {tx.id} is of {tx.project} at scope {tx.scope}, not of {project} at "
            f"scope {scope}; run aido undo there (with --scope {tx.scope})"
        )
    host = Host.current(project)
    for entry in tx.files:
        problem = file_problem(entry, host, Scope(scope))
        if problem:
            raise SecurityError(f"aido will not undo {tx.id}: {problem}; nothing was written")
    expected = {entry.state_path for entry in tx.files}
    for state in tx.states:
        if state.path not in expected:
            raise SecurityError(
                f"aido will not undo {tx.id}: its record names the state {state.path}, which "
                "none of its files uses; nothing was written"
            )


def file_problem(entry: FileEntry, host: Host, scope: Scope) -> str | None:
    """Why undo must not write `entry`'s file and state here, or None when apply would."""
    if entry.adapter == OWN:
        return own_problem(entry, host, scope)
    adapter = ADAPTERS.get(entry.adapter)
    path = Path(entry.abs_path)
    location = None if adapter is None else _location(adapter, path, scope, host)
    if location is None:
        return f"{entry.path} is not a file {entry.adapter} keeps at scope {scope}"
    if scope is Scope.PROJECT:
        problem = paths.judge(path, host).problem
        if problem:
            return problem
    state_path, record_path = state_location(location, host)
    if record_path != entry.record_path:
        return f"{entry.path} now leads to another file than the one that transaction wrote"
    if str(state_path) != entry.state_path:
        return f"its record keeps {entry.path}'s state in {entry.state_path}, where aido does not"
    return None


def own_problem(entry: FileEntry, host: Host, scope: Scope) -> str | None:
    """Why undo must not write one of aido's own files: only the config layers of `scope`,
    the project's `aido.lock` and the user's confirmation store are aido's (issue 38 §3)."""
    path = Path(entry.abs_path)
    mine = [*layer_paths(host, scope), user_state_dir(host.environ) / CONFIRMATIONS_NAME]
    if scope is not Scope.USER:
        mine.append(lock_path(host.project))
    if scope is Scope.LOCAL:  # the person's own pins for this project
        mine.append(personal_lock_path(user_state_dir(host.environ), host.project))
    if entry.state_path or entry.records or path not in mine:
        return f"{entry.path} is not a file of aido's own at scope {scope}"
    if path.parent == host.project:
        return paths.judge(path, host).problem
    return None


def _location(adapter: Adapter, path: Path, scope: Scope, host: Host) -> Location | None:
    """The adapter's own file at `path` in `scope` (its shared file, a companion file or an
    agent file)."""
    location = adapter.location(scope, host)
    if location is not None and location.path == path:
        return location
    if isinstance(adapter, CompanionFiles):
        sides = adapter.companion_files(scope, host).values()
        side = next((s for s in sides if s.path == path), None)
        if side is not None:
            return side
    if not isinstance(adapter, AgentFileScoping):
        return None
    stem = adapter.agent_files.name_of(path, scope, host)
    if stem is None:
        return None
    return adapter.agent_files.location(adapter.name, scope, host, stem)
