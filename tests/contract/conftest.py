"""Fixtures for the contract tests: a scratch sandbox per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.contract.sandbox import Sandbox, make_sandbox


@pytest.fixture
def sandbox(tmp_path: Path) -> Sandbox:
    """Return a fresh scratch home + project + PATH for running harness CLIs."""
    return make_sandbox(tmp_path / "sandbox")
