"""Fixtures for the contract tests: a scratch sandbox per test, a cache shared by all."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.contract.model_api import api  # noqa: F401  (the stand-in model API fixture)
from tests.contract.sandbox import Sandbox, Version, cli_version, make_sandbox
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


@pytest.fixture(scope="session")
def version_of(tmp_path_factory: pytest.TempPathFactory, cli_cache: Path) -> Version:
    """The version each harness CLI reports (`--version`, asked once per CLI in a sandbox of
    its own), for tests whose expectation changed with a release of that CLI."""
    known: dict[str, tuple[int, ...]] = {}

    def version(cli: str) -> tuple[int, ...]:
        if cli not in known:
            box = make_sandbox(tmp_path_factory.mktemp(f"version-{cli}"), cli_cache)
            known[cli] = cli_version(cli, box)
        return known[cli]

    return version
