"""A per-user secret that binds a saved plan's missing files to this user (SPEC §7).

A saved plan records the digest of every file it writes, so a forger must
know the file's content. A file that does not exist yet has no content to
know: its digest in a saved plan is a keyed hash of its path, so only a plan
made by this user (who holds the key, 0600 in the user state dir) can create it.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Mapping
from pathlib import Path

from aidokit.reconcile.core.errors import StateError
from aidokit.reconcile.core.paths import user_state_dir
from aidokit.reconcile.core.safe_read import check_private, read_file

KEY_BYTES = 32
ABSENT_PREFIX = "absent:"


def plan_key(environ: Mapping[str, str]) -> bytes:
    """This user's plan key, created on first use."""
    path = user_state_dir(environ) / "plan.key"
    key = read_file(path, error=StateError)
    if key is None:
        key = _create(path)
    check_private(path, "delete it and save the plan again with aido plan --out FILE")
    if len(key) != KEY_BYTES:
        raise StateError(f"{path} is damaged; delete it and save the plan again")
    return key


def _create(path: Path) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = secrets.token_bytes(KEY_BYTES)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another run made it first: use theirs
        return read_file(path, error=StateError) or b""
    with os.fdopen(fd, "wb") as handle:
        handle.write(key)
    return key


def absent_token(key: bytes, abs_path: str) -> str:
    """The saved-plan digest of the missing file `abs_path`."""
    mac = hmac.new(key, abs_path.encode("utf-8"), hashlib.sha256).hexdigest()
    return ABSENT_PREFIX + mac


def is_absent_token(key: bytes, abs_path: str, digest: str) -> bool:
    """Whether `digest` is this user's token for the missing file `abs_path`."""
    return hmac.compare_digest(digest, absent_token(key, abs_path))
