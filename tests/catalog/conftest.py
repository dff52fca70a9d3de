"""Shared fixtures for the catalog tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from projects import materialize  # fixtures/ is put on sys.path by tests/conftest.py

from aidokit.catalog import errors as log

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def copy_project(name: str, dest: Path) -> Path:
    """Copy fixtures/projects/NAME under `dest`, with its `.git` in place."""
    return materialize(f"projects/{name}", dest / name)


@pytest.fixture
def project_copy(tmp_path: Path) -> Callable[[str], Path]:
    """Return a function that materialises a fixture project in tmp_path."""
    return lambda name: copy_project(name, tmp_path)


@pytest.fixture(autouse=True)
def _fresh_logging() -> None:
    """Re-point structlog at the current (possibly captured) stderr for each test."""
    log.configure()
