"""Keep a person's own file inside the project out of `git status` (SPEC §4, issue 49).

aido writes a per-person file into the project (Claude Code's
`.claude/settings.local.json`) only at local scope. Unless git ignores it already,
its path goes into the repository's `.git/info/exclude`: that file is the person's
own and never committed, so the team's `.gitignore` is never edited. Claude Code
does as much for the same file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from aidokit.catalog.errors import get_logger
from aidokit.reconcile.read.repo import git_ignores

_log = get_logger(__name__)


def keep_out_of_git(project: Path, path: Path) -> bool:
    """Add `path` (a file inside `project`) to the repository's `info/exclude` unless git
    ignores it already or `project` is not in a git work tree; True when it was added."""
    git = shutil.which("git")
    if git is None:
        return False
    root = _git(git, project, "rev-parse", "--show-toplevel")
    exclude = _git(
        git, project, "rev-parse", "--path-format=absolute", "--git-path", "info/exclude"
    )
    if root is None or exclude is None:
        return False  # not a git work tree: nothing shows in a `git status`
    if git_ignores(project, path):
        return False
    line = "/" + path.resolve().relative_to(Path(root).resolve()).as_posix()
    target = Path(exclude)
    text = target.read_text(encoding="utf-8") if target.is_file() else ""
    if line in text.splitlines():
        return False
    os.makedirs(target.parent, exist_ok=True)
    lead = "" if not text or text.endswith("\n") else "\n"
    with target.open("a", encoding="utf-8") as out:
        out.write(f"{lead}# aido: a per-person file (aido apply --scope local)\n{line}\n")
    _log.debug("excluded", path=line, exclude=str(target))
    return True


def _git(git: str, cwd: Path, *argv: str) -> str | None:
    try:
        done = subprocess.run(
            [git, *argv], cwd=cwd, capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else None
