"""Shared test fixtures: a sandboxed HOME and copies of fixture projects."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "fixtures"))

from projects import materialize  # noqa: E402  (fixtures/ is not a package)


@pytest.fixture(autouse=True)
def sandbox_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point HOME and the XDG folders at a scratch dir so no test touches the real home."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / ".local" / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    names = ("CODEX_HOME", "COPILOT_HOME", "OPENCODE_CONFIG_DIR", "APPDATA", "NO_COLOR")
    for name in (*names, "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    return home


@pytest.fixture
def fixture_project(tmp_path: Path) -> Callable[[str], Path]:
    """Copy a project from fixtures/ into tmp_path and return its path."""

    def copy(name: str) -> Path:
        return materialize(name, tmp_path / "projects" / name)

    return copy
