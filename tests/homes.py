"""A test's home folder: HOME and the XDG folders pointed at a scratch folder (conftest's
`sandbox_home` for each test, `own_home` for one hypothesis example)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def own_home(home: Path) -> Iterator[Path]:
    """HOME and the XDG folders at `home` for the block: one hypothesis example's own, as
    the examples of a test share its `sandbox_home`, and aido's state there (the undo
    journal of every project an example made) would grow with each example."""
    with pytest.MonkeyPatch.context() as patch:
        point_home(patch, home)
        yield home


def point_home(patch: pytest.MonkeyPatch, home: Path) -> None:
    """HOME and the XDG config, state and cache folders under `home`."""
    patch.setenv("HOME", str(home))
    patch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    patch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    patch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
