"""Install paths the docs promise, run for real: make dist, the wheel, pipx, uv, a commit.

The slow tests install from the package index through pip's (and uv's) own
cache, found before the sandboxed HOME hides it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from aidokit.reconcile import __version__
from tests.test_ci import PIP_CACHE, copy_checkout, git, pinned_clone
from tests.test_json_schemas import assert_valid

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
UV_CACHE = os.environ.get("UV_CACHE_DIR") or str(Path.home() / ".cache" / "uv")
INSTALL = re.compile(r"\b(?:pip|pipx|uv tool) install\b[^`\n]*")
# Run below (pip install . is tests/test_packaging.py's fresh-venv test).
TESTED = {"pip install .", "pipx install .", "uv tool install ."}
PINNED = 'pip install "aidokit @ git+https://github.com/aidokit/aidokit@'


def documented_installs() -> list[tuple[str, str, str]]:
    """(file, line, command) for every install command in README.md and docs/."""
    found = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for line in doc.read_text("utf-8").splitlines():
            for match in INSTALL.finditer(line):
                command = match.group(0).split("  #")[0].strip().strip('"').strip()
                found.append((doc.name, line, command))
    return found


def test_every_documented_install_is_tested_or_labelled() -> None:
    """Each install command in the docs is one a test runs, or says it needs publication."""
    found = documented_installs()
    assert {c for _, _, c in found} >= TESTED
    for name, line, command in found:
        if command in TESTED or command.startswith(PINNED.removesuffix("@")):
            continue
        assert "once published" in line.lower(), f"{name}: untested install: {line.strip()}"


def test_changelog_has_the_current_version() -> None:
    """CHANGELOG.md has a section for the version the package reports."""
    assert f"## [{__version__}]" in (ROOT / "CHANGELOG.md").read_text("utf-8")
    assert (ROOT / "LICENSE").read_text("utf-8").startswith("MIT License")


def run(
    *argv: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a command that must succeed; show its output when it does not."""
    argv_text = [str(a) for a in argv]
    result = subprocess.run(argv_text, cwd=cwd, env=env, capture_output=True, text=True)
    assert result.returncode == 0, f"$ {argv_text}\n{result.stdout}\n{result.stderr}"
    return result


def install_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VIRTUAL_ENV")}
    return {**env, "PIP_CACHE_DIR": PIP_CACHE, "UV_CACHE_DIR": UV_CACHE, **extra}


def fresh_venv(path: Path) -> Path:
    """A new venv without its own pip (the test's pip installs into it); its python."""
    run(sys.executable, "-m", "venv", "--without-pip", path)
    return path / "bin" / "python"


def pip_into(python: Path, *argv: str | Path, env: dict[str, str] | None = None) -> None:
    """`pip install ARGV` into the venv of `python`, by the test's own pip."""
    run(sys.executable, "-m", "pip", "--python", python, "install", "-q", *argv, env=env)


# The longest test first, and one between the two that need `dist`: under pytest-xdist
# the second worker then does not wait for the first one's `make dist` (conftest.dist).
@pytest.mark.slow
def test_pipx_uv_and_a_pinned_commit_install_aido(tmp_path: Path) -> None:
    """`pipx install .`, `uv tool install .` and the docs' pinned-commit pip line all give aido."""
    tools = tmp_path / "tools"
    py = fresh_venv(tools)
    pip_into(py, "pipx", "uv", env=install_env())
    env = install_env(
        PIPX_HOME=str(tmp_path / "pipx"),
        PIPX_BIN_DIR=str(tmp_path / "pipx-bin"),
        UV_TOOL_DIR=str(tmp_path / "uv"),
        UV_TOOL_BIN_DIR=str(tmp_path / "uv-bin"),
    )
    # In a copy of the checkout: pip, pipx and uv build inside the source tree (build/,
    # *.egg-info), and two pytest-xdist workers must never race there.
    checkout = copy_checkout(tmp_path / "checkout")
    run(tools / "bin" / "pipx", "install", ".", cwd=checkout, env=env)
    run(tools / "bin" / "uv", "tool", "install", ".", cwd=checkout, env=env)
    # The docs' `pip install "aidokit @ git+https://...@<commit-sha>"`, from a local clone.
    (tmp_path / "clone").mkdir()
    sha = pinned_clone(tmp_path / "clone")
    assert git(tmp_path / "clone", "cat-file", "-t", sha) == "commit"
    spec = f"aidokit @ git+file://{tmp_path / 'clone'}@{sha}"
    pip_into(py, spec, env=env)
    for aido in (tmp_path / "pipx-bin", tmp_path / "uv-bin", tools / "bin"):
        assert run(aido / "aido", "--version").stdout.strip() == f"aido {__version__}"


@pytest.mark.slow
def test_make_dist_builds_sdist_and_wheel_with_license_and_markers(dist: Path) -> None:
    """The sdist and the wheel (built from it) carry LICENSE, py.typed and the schema data."""
    (sdist,) = dist.glob(f"aidokit-{__version__}.tar.gz")
    (wheel,) = dist.glob(f"aidokit-{__version__}-py3-none-any.whl")
    with tarfile.open(sdist) as tar:
        sdist_names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert {"LICENSE", "README.md", "pyproject.toml"} <= sdist_names
    names = set(zipfile.ZipFile(wheel).namelist())
    assert f"aidokit-{__version__}.dist-info/licenses/LICENSE" in names
    for package in ("catalog", "adapters", "reconcile"):
        assert f"aidokit/{package}/py.typed" in names
    assert "aidokit/catalog/server_json.schema.json" in names
    metadata = zipfile.ZipFile(wheel).read(f"aidokit-{__version__}.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in metadata


@pytest.mark.slow
def test_wheel_installs_into_a_fresh_venv_and_plans(
    dist: Path, tmp_path: Path, fixture_project: Callable[[str], Path]
) -> None:
    """The built wheel in a new venv: `aido --version`, then a plan of the demo project."""
    venv = tmp_path / "venv"
    (wheel,) = dist.glob("*.whl")
    pip_into(fresh_venv(venv), wheel, env=install_env())
    aido = venv / "bin" / "aido"
    assert run(aido, "--version").stdout.strip() == f"aido {__version__}"
    project = fixture_project("demo-project")
    plan = subprocess.run(
        [str(aido), "plan", "--json", "--detailed-exitcode"],
        cwd=project,
        capture_output=True,
        text=True,
    )
    assert plan.returncode == 2, plan.stderr
    assert_valid("plan", json.loads(plan.stdout))
