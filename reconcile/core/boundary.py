"""Where project scope may write (SPEC §7): one place resolves a harness path and judges it.

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
from pathlib import Path
from typing import NamedTuple

from aidokit.adapters.base import Host, Scope


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
    shown = path.relative_to(host.project).as_posix() if path.is_relative_to(host.project) else path
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

    Every adapter is asked (so every adapter module is imported), targeted or not: only
    for a project file that is a link out of the project."""
    from aidokit.adapters import ADAPTERS
    from aidokit.reconcile.core.user_dirs import user_state_dir

    if real.is_relative_to(real_path(user_state_dir(host.environ))):
        return "one of aido's own user files"
    for adapter in ADAPTERS.values():
        for scope in (Scope.USER, Scope.LOCAL):
            location = adapter.location(scope, host)
            if location is not None and real_path(location.path) == real:
                return f"the {scope} config of {adapter.name}"
        folder = adapter.agents.folder(Scope.USER, host) if adapter.agents else None
        if folder is not None and real.parent == real_path(folder):
            return f"a user agent file of {adapter.name}"
    return None


def record_key(path: Path, host: Host) -> str:
    """A project file's key in state and confirmations: its project path, plus the real
    file when a link leads outside the project (so a retargeted link is a new file)."""
    key = path.relative_to(host.project).as_posix()
    target = judge(path, host)
    return key if target.inside else f"{key} -> {target.real}"


def shown(path: Path, host: Host) -> str:
    """How a project file is named to the user: with its real target when a link leads there."""
    key = path.relative_to(host.project).as_posix()
    target = judge(path, host)
    if not target.linked:
        return key
    if target.inside:
        return f"{key} -> {target.real.relative_to(real_path(host.project)).as_posix()}"
    return f"{key} -> {target.real}"
