"""What the pytest-xdist workers of one session share: a scratch folder and file locks."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def shared_folder(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """`name` in the session's scratch folder, which every xdist worker of the session sees.

    Each worker has its own base temp folder inside the session's (`popen-gwN`);
    without xdist the session's is the base temp folder itself.
    """
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / name
    folder.mkdir(exist_ok=True)
    return folder


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on the file `path` (made if missing) for the block."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
