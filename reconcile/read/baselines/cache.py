"""Each pinned baseline file, kept under the user's state folder (never in a project).

A copy is named by the commit it came from and the sha256 of its bytes, and
is read back only when those bytes still have that digest: the cache can hold
nothing `aido.lock` does not pin. `aido upgrade --baseline` and
`aido outdated --baseline` fill it; plan only reads it. It is believed and
written only under the state folder rule (`core/paths.state_folder_problem`):
the user's, no one else may write it, no link, outside the project; else every
command that reads a git baseline refuses before git runs.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from pathlib import Path

from aidokit.reconcile.core.errors import ConfigError, SecurityError
from aidokit.reconcile.core.paths import state_folder_problem, user_state_dir
from aidokit.reconcile.core.safe_read import read_file
from aidokit.reconcile.read.choices.lockfile import BaselinePin

MAX_BASELINE_BYTES = 1 << 20  # an aido.toml, not a data file


def digest_of(raw: bytes) -> str:
    """`sha256:<hex>` of a baseline file's bytes, as `aido.lock` pins it."""
    return "sha256:" + hashlib.sha256(raw).hexdigest()


def cache_folder(environ: Mapping[str, str]) -> Path:
    """`<state>/baselines`: fetched repositories (`git/`) and pinned files (`files/`)."""
    return user_state_dir(environ) / "baselines"


def check_cache(environ: Mapping[str, str], project: Path | None) -> None:
    """Refuse the baseline cache, and each folder of it, unless the state folder rule
    holds (SPEC §7): a repository could otherwise plant the repositories git runs in."""
    top = cache_folder(environ)
    for folder in (top.parent, top, top / "git", top / "files"):
        problem = state_folder_problem(folder, project)
        if problem:
            raise SecurityError(
                f"aido's baseline cache {folder} {problem}"
                + ("" if "inside the project" in problem else "; check who wrote it, then "
                   "chown it to yourself and chmod 700 it, or move it away")
            )  # fmt: skip


def repository_folder(url: str, environ: Mapping[str, str]) -> Path:
    """The bare repository aido fetches `url` into (one per URL)."""
    key = hashlib.sha256(url.encode()).hexdigest()[:32]
    return cache_folder(environ) / "git" / f"{key}.git"


def cached_path(pin: BaselinePin, environ: Mapping[str, str]) -> Path:
    """Where the copy of a pinned git baseline lives."""
    if pin.commit is None:
        raise RuntimeError("aido bug: expected pin.commit is not None")
    return cache_folder(environ) / "files" / pin.commit / (pin.digest.removeprefix("sha256:"))


def read_cached(pin: BaselinePin, source: str, environ: Mapping[str, str]) -> bytes | None:
    """The pinned bytes, or None when this machine has no copy; a changed copy is an error."""
    path = cached_path(pin, environ)
    raw = read_file(path, limit=MAX_BASELINE_BYTES, error=ConfigError)
    if raw is not None and digest_of(raw) != pin.digest:
        raise ConfigError(
            f"the cached copy of baseline {source} ({path}) does not match its digest in "
            "aido.lock; delete it and run `aido outdated --baseline` to fetch it again"
        )
    return raw


def write_cached(pin: BaselinePin, raw: bytes, environ: Mapping[str, str]) -> None:
    """Keep `raw` as the copy of `pin` (owner-only folders and file, written whole)."""
    path = cached_path(pin, environ)
    if path.is_file():
        return
    private_folders(path.parent, environ)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(raw)
    os.replace(temp, path)


def private_folders(folder: Path, environ: Mapping[str, str]) -> None:
    """Create `folder` and its missing parents up to the state folder, each 0700."""
    top = user_state_dir(environ)
    missing = []
    current = folder
    while not current.exists() and current != current.parent:
        missing.append(current)
        if current == top:
            break
        current = current.parent
    for path in reversed(missing):
        path.mkdir(mode=0o700, exist_ok=True)
