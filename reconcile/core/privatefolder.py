"""The rule for trusting aido's own per-user files and folders: decode's memo and
the state, confirmations and plan key (security/safe_read.check_private).

What such a folder holds changes what aido believes (a file passed validation),
so whoever could write it could make aido see what is not there. It is trusted
only when the user owns it, neither group nor others may write it, and it is
not inside the project (a repository cannot ship one, even when XDG_STATE_HOME
points into it).
"""

from __future__ import annotations

import os
import stat
from functools import lru_cache
from pathlib import Path


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
    """Whether aido may believe what `folder` holds."""
    try:
        found = folder.stat()
    except OSError:
        return False
    return private(found) and outside(folder, project)


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
