"""Shared fixtures for the catalog tests."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from aidokit.reconcile import log

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def copy_project(name: str, dest: Path) -> Path:
    """Copy fixtures/projects/NAME under `dest`, renaming every `dot-git` to `.git`."""
    root = dest / name
    shutil.copytree(FIXTURES / "projects" / name, root)
    for path in sorted(root.rglob("dot-git"), key=lambda p: len(p.parts), reverse=True):
        path.rename(path.with_name(".git"))
    return root


@pytest.fixture
def project_copy(tmp_path: Path) -> Callable[[str], Path]:
    """Return a function that materialises a fixture project in tmp_path."""
    return lambda name: copy_project(name, tmp_path)


@pytest.fixture(autouse=True)
def _fresh_logging() -> None:
    """Re-point structlog at the current (possibly captured) stderr for each test."""
    log.configure()
