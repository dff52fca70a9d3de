"""The memo of validated `aido.toml` files, so an unchanged file skips pydantic.

`load_config` (reconcile/config.py) asks it before validating and tells it
after a file passed; the memo itself knows nothing of the config's shape.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping, Sequence
from pathlib import Path


class ValidatedMemo:
    """Which exact `aido.toml` files pydantic accepted.

    A file's key hashes its bytes with the source of every module that decides
    validity, so a changed file or a changed rule is validated again. Each key
    is an empty file in the user cache folder; the newest `KEEP` are kept. The
    memo is best effort: when it cannot be read or written, aido just validates.

    A planted key would let a file skip validation, so the memo is trusted under
    the confirmation store's rules (SPEC §7): never inside the project, and only
    in a folder the user owns that no one else can write. The security checks
    of `[custom.*]` run on every build anyway (`CustomMCP.__post_init__`).
    """

    KEEP = 64

    def __init__(self, folder: Path, project: Path, rule_sources: Sequence[str]) -> None:
        self.folder = folder
        self._rules = _rules_digest(rule_sources)
        # Without readable rule sources (say, a bytecode-only install) there is no safe key.
        self.usable = self._rules is not None and not _inside(folder, project)

    def key(self, raw: bytes) -> str:
        """The memo key of an `aido.toml` with these bytes."""
        digest = hashlib.sha256(b"aido.toml memo 1\0")
        digest.update(self._rules or b"")
        digest.update(raw)
        return digest.hexdigest()

    def knows(self, key: str) -> bool:
        """Whether a file with this key was validated before, in a folder aido trusts."""
        if not self.usable:
            return False
        try:
            folder = self.folder.stat()
        except OSError:
            return False
        if hasattr(os, "getuid") and (folder.st_uid != os.getuid() or folder.st_mode & 0o022):
            return False
        return (self.folder / key).is_file()

    def remember(self, key: str) -> None:
        """Record that a file with this key passed validation."""
        if not self.usable:
            return
        try:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            (self.folder / key).touch()
            known = sorted(self.folder.iterdir(), key=lambda p: p.stat().st_mtime_ns)
            for stale in known[: -self.KEEP]:
                stale.unlink(missing_ok=True)
        except OSError:
            pass  # a read-only or full cache only costs the next run a validation


def _inside(folder: Path, project: Path) -> bool:
    try:
        return folder.resolve().is_relative_to(project.resolve())
    except OSError:
        return True  # cannot tell: do not trust it


def _rules_digest(rule_sources: Sequence[str]) -> bytes | None:
    """A digest of the source of every rule module; None when one cannot be read."""
    digest = hashlib.sha256()
    try:
        for source in rule_sources:
            digest.update(Path(source).read_bytes())
    except OSError:
        return None
    return digest.digest()


def memo_folder(environ: Mapping[str, str]) -> Path:
    """Where the memo of validated `aido.toml` files lives: aido's user cache folder."""
    base = environ.get("XDG_CACHE_HOME")
    if base:
        return Path(base) / "aido" / "validated-config"
    home = Path(environ.get("HOME") or Path.home())
    return home / ".cache" / "aido" / "validated-config"
