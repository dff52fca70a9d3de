"""format.sha256 and file digests: the same digests as hashlib at every size."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from aidokit.reconcile.core.atomic import SMALL, current_digest, file_digest, sha256

SIZES = [0, 1, 63, 64, 65, 4096, SMALL - 1, SMALL, SMALL + 1, 3 * SMALL + 7]


@pytest.mark.parametrize("size", SIZES)
def test_sha256_equals_hashlib_at_every_size(size: int) -> None:
    """Whole, in pieces and as a file: one digest, whichever sha256 computes it."""
    data = os.urandom(size)
    expected = hashlib.sha256(data).hexdigest()
    assert sha256(data).hexdigest() == expected
    assert sha256(data).digest() == hashlib.sha256(data).digest()
    half = size // 2
    assert file_digest((data[:half], memoryview(data)[half:])) == expected
    assert file_digest(data) == expected


@pytest.mark.parametrize("size", [0, 5, SMALL - 1, SMALL, 2 * SMALL + 3])
def test_a_files_digest_is_hashlibs(tmp_path: Path, size: int) -> None:
    """A file read from disk gets hashlib's digest, small (built-in) or big (OpenSSL)."""
    path = tmp_path / "f.json"
    data = os.urandom(size)
    path.write_bytes(data)
    assert current_digest(path) == hashlib.sha256(data).hexdigest()
