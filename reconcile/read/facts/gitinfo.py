"""Read what aido needs from a repository's `.git` without running git.

Handles a `.git` directory and a `.git` file (`gitdir: ...`, as worktrees and
submodules have); a worktree's config and refs live in its common dir, named
by the `commondir` file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from aidokit.reconcile.core.safe_read import read_file

MAX_READ = 1 << 20  # git metadata files are small; never read more than 1 MiB


class GitDirs(NamedTuple):
    """Where a repository's metadata lives."""

    git_dir: Path  # per-worktree dir (HEAD, index)
    common_dir: Path  # shared dir (config, refs, packed-refs)
    via_file: bool  # `.git` was a file pointing elsewhere


def read_small(path: Path) -> str | None:
    """Return the text of a small file, or None if it is missing or large.

    A FIFO, device or link to one is an error (safe_read): the repository is untrusted.
    """
    data = read_file(path)
    if data is None or len(data) > MAX_READ:
        return None
    return data.decode("utf-8", errors="replace")


def find_git_dirs(project: Path) -> GitDirs | None:
    """Locate the git metadata of the repository rooted at `project`."""
    dot_git = project / ".git"
    if dot_git.is_dir():
        return GitDirs(dot_git, _common_dir(dot_git), via_file=False)
    text = read_small(dot_git) if dot_git.is_file() else None
    if text is None:
        return None
    first = text.strip().splitlines()[0] if text.strip() else ""
    if not first.startswith("gitdir:"):
        return None
    git_dir = Path(first.removeprefix("gitdir:").strip())
    if not git_dir.is_absolute():
        git_dir = Path(os.path.normpath(project / git_dir))
    if not git_dir.is_dir():
        return None
    return GitDirs(git_dir, _common_dir(git_dir), via_file=True)


def _common_dir(git_dir: Path) -> Path:
    text = read_small(git_dir / "commondir")
    if not text or not text.strip():
        return git_dir
    common = Path(text.strip())
    return common if common.is_absolute() else Path(os.path.normpath(git_dir / common))


def _unquote(value: str) -> str:
    """Strip a trailing comment and surrounding quotes from a git config value."""
    out: list[str] = []
    quoted = False
    for char in value:
        if char == '"':
            quoted = not quoted
            continue
        if char in "#;" and not quoted:
            break
        out.append(char)
    return "".join(out).strip()


def _section_name(header: str) -> str:
    """Normalise `[remote "origin"]` and legacy `[remote.origin]` to `remote.origin`."""
    inner = header.strip()[1:].split("]", 1)[0].strip()
    if '"' in inner:
        section, _, sub = inner.partition('"')
        return f"{section.strip().lower()}.{sub.rstrip().removesuffix(chr(34))}"
    section, _, sub = inner.partition(".")
    return f"{section.lower()}.{sub.lower()}" if sub else section.lower()


def config_value(config_text: str, section: str, key: str) -> str | None:
    """Return the last value of `key` in `section` (e.g. `remote.origin`, `url`)."""
    current = ""
    found: str | None = None
    for raw in config_text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            current = _section_name(line)
            continue
        if current != section:
            continue
        name, sep, value = line.partition("=")
        if sep and name.strip().lower() == key:
            found = _unquote(value)
    return found


def origin_url(dirs: GitDirs) -> tuple[str, Path] | None:
    """Return origin's URL and the config file it came from."""
    config = dirs.common_dir / "config"
    text = read_small(config)
    if text is None:
        return None
    url = config_value(text, "remote.origin", "url")
    return (url, config) if url else None


def has_commits(dirs: GitDirs) -> Path | None:
    """Return a ref file or packed-refs proving a local branch exists, else None."""
    heads = dirs.common_dir / "refs" / "heads"
    found = _first_file(heads, depth=4)
    if found is not None:
        return found
    packed = dirs.common_dir / "packed-refs"
    text = read_small(packed)
    if text and any(" refs/heads/" in line for line in text.splitlines()):
        return packed
    return None


def _first_file(folder: Path, *, depth: int) -> Path | None:
    """Return some regular file under `folder`, looking at most `depth` levels down."""
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:
        return None
    # Ref names never start with "." and `*.lock` files are git's own locks.
    entries = [e for e in entries if not e.name.startswith(".") and not e.name.endswith(".lock")]
    for entry in entries:
        if entry.is_file(follow_symlinks=False):
            return Path(entry.path)
    if depth <= 0:
        return None
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            found = _first_file(Path(entry.path), depth=depth - 1)
            if found is not None:
                return found
    return None
