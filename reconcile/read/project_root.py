"""Which folder is the project when `--project` is not given: walk up like git does.

From the current folder upwards, the nearest folder holding `aido.toml` is
the project; the walk stops at the repository's root (a folder with `.git`,
a folder or a worktree's file), which is the project when no `aido.toml` was
found below it. Outside a repository the walk stops below the home folder,
and the current folder is the project when nothing was found.
"""

from __future__ import annotations

from pathlib import Path

from aidokit.reconcile.read.choices.config import CONFIG_NAME


def find_root(start: Path, *, home: Path | None = None) -> Path:
    """The project folder for a command run in `start`."""
    start = start.resolve()
    stop = (home or Path.home()).resolve()
    for folder in (start, *start.parents):
        if folder == stop:  # the home folder itself is nobody's project
            break
        if (folder / CONFIG_NAME).is_file() or (folder / ".git").exists():
            return folder
    return start
