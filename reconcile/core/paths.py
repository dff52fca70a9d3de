"""Paths (SPEC §7): where project scope may write, private folders, aido's own folders, display.

Where project scope may write: one place resolves a harness path and judges it (`judge`,
`display_with_target`). Below: which folders count as private to the user, and where aido keeps its
state, confirmations, journal and decode memo.


A repository can commit `.mcp.json -> ../.claude.json` or `.codex -> ../.codex`:
a write through that link would edit the user's own global config while the
plan names a project file. Project scope therefore writes only inside the
project, with one exception, the dotfiles case: the project file itself is a
link the user made to an existing regular file that is not another scope's
harness config. Whenever the real file differs from the path, the plan and
the confirmation prompt name it, and the state and confirmations are keyed by
it, so a link pointed somewhere else later is a new file.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from aidokit.adapters import ADAPTERS
from aidokit.adapters.agents import AgentFileScoping
from aidokit.adapters.base import Host, Scope, display
from aidokit.reconcile.core.errors import ConfigError


class Target(NamedTuple):
    """A project file's real location and whether aido may write it."""

    path: Path  # the path the adapter names
    real: Path  # what a write would change
    inside: bool  # `real` is inside the project
    problem: str | None  # why project scope must not write it (None: it may)

    @property
    def linked(self) -> bool:
        """Whether a link makes the real file differ from the named one."""
        return self.real != self.path


def real_path(path: Path) -> Path:
    """`path` with every link resolved (also when the last one dangles)."""
    return Path(os.path.realpath(path))


def judge(path: Path, host: Host) -> Target:
    """Resolve project file `path` and say whether project scope may write it."""
    real = real_path(path)
    root = real_path(host.project)
    if real.is_relative_to(root):
        return Target(path, real, inside=True, problem=None)
    return Target(path, real, inside=False, problem=_outside_problem(path, real, root, host))


def _outside_problem(path: Path, real: Path, root: Path, host: Host) -> str | None:
    shown = display(path, host)
    if not (path.is_symlink() and real_path(path.parent).is_relative_to(root)):
        return (
            f"{shown} leads through a folder link to {real}, outside the project; aido writes "
            "project files only inside the project: replace the link with a real folder"
        )
    if not _regular(real):
        return (
            f"{shown} is a link to {real}, outside the project, which is not an existing "
            "file; aido will not create files outside the project: remove the link"
        )
    owner = _harness_config(real, host)
    if owner:
        return (
            f"{shown} is a link to {real}, {owner}; aido will not edit another scope's file "
            "from a project: remove the link, or run aido with --scope user"
        )
    return None


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _harness_config(real: Path, host: Host) -> str | None:
    """Which user-level harness config (or aido's own user file) `real` is, if any.

    Every adapter is asked, targeted or not: only for a project file that is a link out
    of the project."""
    if real.is_relative_to(real_path(user_state_dir(host.environ))):
        return "one of aido's own user files"
    for adapter in ADAPTERS.values():
        for scope in (Scope.USER, Scope.LOCAL):
            location = adapter.location(scope, host)
            if location is not None and real_path(location.path) == real:
                return f"the {scope} config of {adapter.name}"
        if not isinstance(adapter, AgentFileScoping):
            continue
        folder = adapter.agent_files.folder(Scope.USER, host)
        if folder is not None and real.parent == real_path(folder):
            return f"a user agent file of {adapter.name}"
    return None


def record_key(path: Path, host: Host) -> str:
    """A project file's key in state and confirmations: its project path, plus the real
    file when a link leads outside the project (so a retargeted link is a new file)."""
    key = path.relative_to(host.project).as_posix()
    target = judge(path, host)
    return key if target.inside else f"{key} -> {target.real}"


def display_with_target(path: Path, host: Host) -> str:
    """A project file as `display` names it, with its real target when a link leads there."""
    key = display(path, host)
    target = judge(path, host)
    if not target.linked:
        return key
    if target.inside:
        return f"{key} -> {target.real.relative_to(real_path(host.project)).as_posix()}"
    return f"{key} -> {target.real}"


# ======================================================================================
# The rule for trusting aido's own per-user files and folders: decode's memo and
# the state, confirmations and plan key (security/safe_read.check_private).
#
# What such a folder holds changes what aido believes (a file passed validation),
# so whoever could write it could make aido see what is not there. It is trusted
# only when the user owns it, neither group nor others may write it, and it is
# not inside the project (a repository cannot ship one, even when XDG_STATE_HOME
# points into it).
# ======================================================================================


def private(found: os.stat_result) -> bool:
    """Whether a file or folder is the user's and no one else may write it."""
    if not hasattr(os, "getuid"):
        return True  # Windows: no owner or mode bits to check
    return found.st_uid == os.getuid() and not found.st_mode & 0o022


def outside(folder: Path, project: Path | None) -> bool:
    """Whether `folder` is not inside `project` (False when that cannot be told)."""
    return project is None or _outside(folder, project)


@lru_cache(maxsize=16)
def _outside(folder: Path, project: Path) -> bool:
    """`outside`, asked once per process: resolving both paths is most of the rule's cost."""
    try:
        return not folder.resolve().is_relative_to(project.resolve())
    except OSError:
        return False


def trusted(folder: Path, project: Path | None) -> bool:
    """Whether aido may believe what `folder` holds: it exists and the state folder rule
    holds for it."""
    return os.path.isdir(folder) and state_folder_problem(folder, project) is None


def private_entry(path: Path, *, folder: bool, missing_ok: bool = False) -> str | None:
    """Why `path` (one of aido's private folders or files, such as the journal's, never
    followed through a link) is not the user's alone, or None when it is."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None if missing_ok else "does not exist"
    except OSError as exc:
        return f"cannot be read: {exc.strerror}"
    kind = stat.S_ISDIR(found.st_mode) if folder else stat.S_ISREG(found.st_mode)
    if not kind:
        return "is a link or not a " + ("folder" if folder else "file")
    if not private(found):
        return "is owned by another user or writable by others"
    return None


def state_folder_problem(folder: Path, project: Path | None) -> str | None:
    """Why aido must neither believe nor write its per-user folder `folder` (SPEC §7: the
    user's, no one else may write it, not a link, not inside the project), or None; the one
    rule for the journal, the confirmations, the tool cache, the decode memo and the
    baseline cache. A folder that does not exist yet is fine: aido creates it private."""
    if not outside(folder, project):
        return (
            f"is inside the project {project}, where a repository could plant what it holds; "
            "point XDG_STATE_HOME and XDG_CACHE_HOME (or HOME) at folders outside it"
        )
    return private_entry(folder, folder=True, missing_ok=True)


# ======================================================================================
# aido's per-user folders: where state, confirmations, the journal and the decode memo live.
# ======================================================================================


def user_state_dir(environ: Mapping[str, str]) -> Path:
    """aido's per-user state folder, honouring XDG_STATE_HOME and HOME.

    Either must name an absolute folder: `HOME=""` would otherwise put the state,
    journal and confirmations in `/.local/state/aido`, and a relative one in
    whatever folder aido runs from (a repository).
    """
    base = environ.get("XDG_STATE_HOME")
    if base:
        if not os.path.isabs(base):
            raise ConfigError(
                f"XDG_STATE_HOME={base!r} is not an absolute path, so aido cannot tell where "
                "its state belongs; set it to an absolute folder, or unset it"
            )
        return Path(base) / "aido"
    home = environ["HOME"] if "HOME" in environ else str(Path.home())
    if not (os.path.isabs(home) and os.path.isdir(home)):
        raise ConfigError(
            f"HOME={home!r} is not an absolute path to an existing folder, so aido cannot "
            "find its state folder; set HOME to your home folder (or XDG_STATE_HOME to an "
            "absolute folder)"
        )
    return Path(home) / ".local" / "state" / "aido"
