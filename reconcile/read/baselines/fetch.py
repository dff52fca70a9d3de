"""The network side of baselines: fetch and pin (`upgrade --baseline`), compare (`outdated`).

Both fetch into the user's cache (one bare repository per URL) and never
into a project. `pin_newest` fetches a source's ref and keeps the file it
names at that commit; `fetch_locked` brings the locked commit's file onto
this machine without moving anything; `upstream` reads the remote ref (git
ls-remote) and counts the commits between the lock and it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.read.baselines.cache import (
    MAX_BASELINE_BYTES,
    digest_of,
    private_folders,
    repository_folder,
    write_cached,
)
from aidokit.reconcile.read.baselines.git import check_repository, run_git, safe_folder
from aidokit.reconcile.read.baselines.source import Source
from aidokit.reconcile.read.choices.lockfile import BaselinePin

_COMMIT = re.compile(r"^[0-9a-f]{40}$")


class Upstream(NamedTuple):
    """Where a pinned git baseline stands against its remote ref."""

    source: str
    locked: str | None  # the locked commit; None: not pinned yet
    latest: str  # the commit the ref names now
    behind: int | None  # commits from the lock to the ref; None: not on the ref's history

    @property
    def current(self) -> bool:
        """Whether the lock already has the ref's commit."""
        return self.locked == self.latest


def pin_newest(source: Source, environ: Mapping[str, str]) -> tuple[bytes, BaselinePin]:
    """Fetch `source`'s ref, keep its file at that commit, and return the bytes and pin."""
    repo = _fetched(source, environ)
    commit = _resolve(repo, source, environ)
    raw = _blob(repo, source, commit, environ)
    pin = BaselinePin(commit=commit, digest=digest_of(raw))
    write_cached(pin, raw, environ)
    return raw, pin


def fetch_locked(source: Source, pin: BaselinePin, environ: Mapping[str, str]) -> bytes:
    """The locked commit's file, fetched into the cache; refused if it lost its digest."""
    if pin.commit is None:
        raise RuntimeError("aido bug: expected pin.commit is not None")
    repo = _fetched(source, environ)
    if not _has_commit(repo, source, pin.commit, environ):
        _fetch(repo, source, pin.commit, environ)  # a commit off the ref's history
    raw = _blob(repo, source, pin.commit, environ)
    if digest_of(raw) != pin.digest:
        raise ConfigError(
            f"baseline {source.text} at commit {pin.commit[:12]} does not have the digest "
            "aido.lock pins; restore aido.lock, or run `aido upgrade --baseline`"
        )
    write_cached(pin, raw, environ)
    return raw


def upstream(source: Source, pin: BaselinePin | None, environ: Mapping[str, str]) -> Upstream:
    """The remote ref's commit (ls-remote) and how many commits the lock is behind it."""
    latest = remote_commit(source, environ)
    locked = pin.commit if pin is not None else None
    if locked is None or locked == latest:
        return Upstream(source.text, locked, latest, 0 if locked else None)
    repo = _fetched(source, environ)
    if not _has_commit(repo, source, locked, environ):
        return Upstream(source.text, locked, latest, None)
    counted = run_git(
        ["rev-list", "--count", f"{locked}..{latest}"], source, environ, repo=repo, what="count"
    )
    ahead = run_git(
        ["rev-list", "--count", f"{latest}..{locked}"], source, environ, repo=repo, what="count"
    )
    behind = int(counted.decode().strip() or "0")
    diverged = int(ahead.decode().strip() or "0") > 0  # the lock is not on the ref's history
    return Upstream(source.text, locked, latest, None if diverged else behind)


def remote_commit(source: Source, environ: Mapping[str, str]) -> str:
    """The commit `source.ref` names on the remote, by `git ls-remote` (no objects fetched)."""
    if _COMMIT.match(source.ref):
        return source.ref  # pinned to a commit in extends: it never moves
    out = run_git(
        ["ls-remote", "--", source.url, source.ref], source, environ, what="read the remote ref of"
    )
    refs: dict[str, str] = {}
    for line in out.decode("utf-8", "replace").splitlines():
        commit, _, name = line.partition("\t")
        if _COMMIT.match(commit):
            refs[name] = commit
    for name in (
        source.ref,
        f"refs/heads/{source.ref}",
        f"refs/tags/{source.ref}^{{}}",
        f"refs/tags/{source.ref}",
    ):
        if name in refs:
            return refs[name]
    raise ConfigError(
        f"baseline {source.text}: the remote has no ref {source.ref!r}; fix the ref in extends"
    )


def _fetched(source: Source, environ: Mapping[str, str]) -> Path:
    """The cache repository of `source`'s URL, with its ref fetched."""
    repo = repository_folder(source.url, environ)

    private_folders(repo.parent, environ)
    safe_folder(repo)
    check_repository(repo)
    _fetch(repo, source, source.ref, environ)
    return repo


def _tracking(source: Source, ref: str) -> str:
    return "refs/aido/" + hashlib.sha256(f"{source.url}#{ref}".encode()).hexdigest()[:24]


def _fetch(repo: Path, source: Source, ref: str, environ: Mapping[str, str]) -> None:
    run_git(
        [
            "fetch",
            "--quiet",
            "--no-tags",
            "--no-write-fetch-head",
            "--no-recurse-submodules",
            "--",
            source.url,
            f"+{ref}:{_tracking(source, ref)}",
        ],
        source,
        environ,
        repo=repo,
        what="fetch",
    )


def _resolve(repo: Path, source: Source, environ: Mapping[str, str]) -> str:
    out = run_git(
        [
            "rev-parse",
            "--verify",
            "--end-of-options",
            f"{_tracking(source, source.ref)}^{{commit}}",
        ],
        source,
        environ,
        repo=repo,
        what="resolve the ref of",
    )
    return out.decode().strip()


def _has_commit(repo: Path, source: Source, commit: str, environ: Mapping[str, str]) -> bool:
    try:
        run_git(["cat-file", "-e", f"{commit}^{{commit}}"], source, environ, repo=repo, what="find")
    except ConfigError:
        return False
    return True


def _blob(repo: Path, source: Source, commit: str, environ: Mapping[str, str]) -> bytes:
    """The bytes of `source.path` at `commit`, size-capped; a missing file names the path."""
    spec = f"{commit}:{source.path}"
    try:
        size = int(run_git(["cat-file", "-s", spec], source, environ, repo=repo, what="read"))
    except ConfigError:
        raise ConfigError(
            f"baseline {source.text}: the repository has no file {source.path!r} at "
            f"{source.ref} ({commit[:12]}); fix the path in extends"
        ) from None
    if size > MAX_BASELINE_BYTES:
        raise ConfigError(
            f"baseline {source.text}: {source.path} is larger than 1 MiB, so it is no "
            "aido.toml; fix the path in extends"
        )
    return run_git(["cat-file", "blob", spec], source, environ, repo=repo, what="read")
