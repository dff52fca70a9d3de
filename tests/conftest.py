"""Shared test fixtures: a sandboxed HOME and copies of fixture projects."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import is_hypothesis_test

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "fixtures"))

from projects import materialize  # noqa: E402  (fixtures/ is not a package)

from tests.homes import point_home  # noqa: E402
from tests.session import locked, shared_folder  # noqa: E402

HARNESSES = ROOT / ".cache" / "harnesses" / "node_modules" / ".bin"
NO_HARNESSES = (
    "harness CLIs not installed: `make test` installs and runs them "
    "(or run `make harnesses` and set AIDO_HARNESS_BIN to their folder)"
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the slow tests first, then the contract tests; skip those without harness CLIs.

    pytest-xdist hands tests out in this order, so no long test starts last and
    keeps one worker busy after the other ran out of tests. The sort is stable:
    each kind keeps its order (the module-scoped fixtures are in modules whose
    tests are all slow or all contract, so their tests stay together).
    `make test` sets AIDO_HARNESS_BIN, so there a missing CLI still fails the test.
    """
    items.sort(key=_rank)
    shard = os.environ.get("AIDO_FUZZ_SHARD")
    if shard:
        keep = fuzz_shard(items, shard)
        if config is not None:
            config.hook.pytest_deselected(items=[i for i in items if i not in keep])
        items[:] = keep
    if os.environ.get("AIDO_HARNESS_BIN") or HARNESSES.is_dir():
        return
    skip = pytest.mark.skip(reason=NO_HARNESSES)
    for item in items:
        if "contract" in item.keywords:
            item.add_marker(skip)


def fuzz_shard(items: list[pytest.Item], shard: str) -> list[pytest.Item]:
    """The items of shard `k/N` (`make fuzz SHARD=k/N`, 1 <= k <= N).

    The property tests (hypothesis) are dealt round robin in collection order, so the
    properties of one module, which cost alike, spread over the shards; the other tests
    of the fuzz files do not grow with AIDO_FUZZ_EXAMPLES and all run in shard 1.
    Every shard of one N together run each test exactly once.
    """
    k, _, n = shard.partition("/")
    if not (k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        raise pytest.UsageError(f"AIDO_FUZZ_SHARD={shard!r}: write k/N with 1 <= k <= N, as 2/8")
    index, count = int(k) - 1, int(n)
    properties = [item for item in items if is_hypothesis_test(getattr(item, "obj", None))]
    mine = {id(item) for item in properties[index::count]}
    return [
        item
        for item in items
        if id(item) in mine or (index == 0 and not is_hypothesis_test(getattr(item, "obj", None)))
    ]


def _rank(item: pytest.Item) -> int:
    """0 for a slow test, 1 for a contract test, 2 for the rest."""
    if "slow" in item.keywords:
        return 0
    return 1 if "contract" in item.keywords else 2


@pytest.fixture(autouse=True)
def sandbox_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point HOME and the XDG folders at a scratch dir so no test touches the real home."""
    home = tmp_path_factory.mktemp("home")
    point_home(monkeypatch, home)
    # A managed policy file on the machine (/etc/aido/policy.toml) must not reach a test.
    monkeypatch.setenv("AIDO_POLICY_FILE", str(home / "managed" / "policy.toml"))
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


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`make dist` into a scratch folder once a session: the install and packaging tests share it.

    The first pytest-xdist worker to need it builds it; the others wait for it. It is
    the suite's only build inside the source tree (the others build in copies of it).
    """
    from tests.test_install import install_env, run

    out = shared_folder(tmp_path_factory, "dist")
    with locked(out.with_name("dist.lock")):
        if not list(out.glob("*.whl")):
            run("make", "-C", ROOT, "dist", f"DIST={out}", env=install_env())
    return out
