"""What committed project state may name (SPEC §6): it names ownership, it never vouches.

`.aido/state.json` may be committed, so a repository can write it. Its records
count only for entries and items of the project-scope files aido's adapters
target: an adapter's project server file (any of the names it picks from,
`Capabilities.project_names`), its
project companion files, its project agent files. A record naming anything else
(another scope's file such as Claude Code's `.claude/settings.local.json`, which is
owned through the person's own state outside the project; a file no adapter
writes; an absolute path, or one that leaves the project) is ignored with a
notice: aido reads, edits and deletes nothing on its word. Records of an adapter
this aido does not know are left to `aido doctor`, which reports them.

What a record never decides is whether an entry may run unconfirmed: that is
what aido renders now from the catalog and `aido.lock`, or the person's own
confirmation store (reconcile/probe/targets.py, reconcile/gate/).
"""

from __future__ import annotations

from pathlib import PurePosixPath, PureWindowsPath

from aidokit.adapters import ADAPTERS
from aidokit.adapters.agents import AgentFileScoping
from aidokit.adapters.base import Adapter, CompanionFiles, Host, Scope
from aidokit.catalog.errors import printable
from aidokit.reconcile.read.ownership import PROJECT_STATE_DIR, State

STATE_SHOWN = f"{PROJECT_STATE_DIR}/state.json"


def admitted(state: State, host: Host) -> tuple[State, tuple[str, ...]]:
    """`state` (the project's) without the records that name no project file of their
    adapter, and a notice per file so ignored."""
    kept = []
    ignored: dict[tuple[str, str], int] = {}
    for record in state.records:
        adapter = ADAPTERS.get(record.adapter)
        if adapter is None or project_file(adapter, record.path, host):
            kept.append(record)
        else:
            key = (record.adapter, record.path)
            ignored[key] = ignored.get(key, 0) + 1
    if not ignored:
        return state, ()
    return State(version=state.version, records=tuple(kept)), tuple(
        _notice(adapter, path, count) for (adapter, path), count in ignored.items()
    )


def project_file(adapter: Adapter, key: str, host: Host) -> bool:
    """Whether `key` (a record's path) names a project-scope file `adapter` targets: its
    server file, a companion file or an agent file. A key of a linked file carries its
    real target after ` -> ` (core/paths.record_key); its project path is what counts."""
    relative = key.split(" -> ", 1)[0]
    if not _plain(relative):
        return False
    path = host.project / relative
    location = adapter.location(Scope.PROJECT, host) if Scope.PROJECT in adapter.scopes else None
    files = {host.project / name for name in adapter.caps.project_names}
    files.update(() if location is None else (location.path,))
    if isinstance(adapter, CompanionFiles):
        files.update(side.path for side in adapter.companion_files(Scope.PROJECT, host).values())
    if path in files:
        return True
    if not isinstance(adapter, AgentFileScoping):
        return False
    return adapter.agent_files.name_of(path, Scope.PROJECT, host) is not None


def _plain(relative: str) -> bool:
    """A normalised project-relative POSIX path: not absolute on any OS, no `..`, no
    empty or `.` part, no backslash or control character."""
    if not relative or "\\" in relative or any(ord(c) < 0x20 or ord(c) == 0x7F for c in relative):
        return False
    posix, windows = PurePosixPath(relative), PureWindowsPath(relative)
    if posix.is_absolute() or windows.drive or windows.root:
        return False
    parts = relative.split("/")
    return all(part not in ("", ".", "..") for part in parts) and posix.as_posix() == relative


def _notice(adapter: str, path: str, count: int) -> str:
    records = f"{count} record{'s' if count != 1 else ''}"
    return (
        f"{STATE_SHOWN} names {printable(path)!r} for {printable(adapter)}, which is not a "
        f"project file aido's {printable(adapter)} adapter writes; aido ignores its {records} "
        f"there (remove {'them' if count != 1 else 'it'} from {STATE_SHOWN})"
    )
