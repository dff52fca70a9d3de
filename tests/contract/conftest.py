"""Fixtures for the contract tests: a scratch sandbox per test, a cache shared by all."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.contract.sandbox import Sandbox, make_sandbox
from tests.session import shared_folder


@pytest.fixture(scope="session")
def cli_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder per session for what the CLIs unpack or compile (see `Sandbox`).

    The first `copilot` run unpacks its runtime into it (into a temporary folder,
    then renamed, so the pytest-xdist workers can share it); later runs find it there.
    """
    return shared_folder(tmp_path_factory, "harness-cli-cache")


@pytest.fixture
def sandbox(tmp_path: Path, cli_cache: Path) -> Sandbox:
    """Return a fresh scratch home + project + PATH for running harness CLIs."""
    return make_sandbox(tmp_path / "sandbox", cli_cache)
