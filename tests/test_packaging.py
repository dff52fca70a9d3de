"""The distribution installs only under the `aidokit` namespace (SPEC §2)."""

from __future__ import annotations

import os
import subprocess
import tomllib
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from aidokit.reconcile import __version__
from tests.test_ci import copy_checkout
from tests.test_install import fresh_venv, install_env, pip_into

ROOT = Path(__file__).resolve().parent.parent
TOP = {
    "catalog": "aidokit.catalog",
    "adapters": "aidokit.adapters",
    "reconcile": "aidokit.reconcile",
}


def test_every_source_package_is_listed_in_pyproject() -> None:
    """A sub-package missing from pyproject's list would silently not be installed."""
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = set()
    for folder, dotted in TOP.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder).parts
            found.add(".".join([dotted, *rel]))
    assert found == listed


@pytest.mark.slow
def test_wheel_holds_only_the_aidokit_namespace(dist: Path) -> None:
    """No bare `catalog`, `adapters` or `reconcile` package in the wheel `make dist` builds."""
    (wheel,) = dist.glob("aidokit-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    assert tops == {"aidokit", next(t for t in tops if t.endswith(".dist-info"))}
    assert "aidokit/catalog/models.py" in names
    assert "aidokit/reconcile/cli/main.py" in names
    assert "aidokit/reconcile/py.typed" in names


@pytest.mark.slow
def test_non_editable_install_gives_a_working_aido(
    tmp_path: Path, fixture_project: Callable[[str], Path]
) -> None:
    """`pip install .` into a fresh venv (what pipx, uv tool and action.yml do) runs aido.

    The install from the source tree lands only under `aidokit` in site-packages too.
    """
    venv = tmp_path / "venv"
    # A copy of the checkout: pip builds inside the source tree (see test_install).
    pip_into(fresh_venv(venv), copy_checkout(tmp_path / "checkout"), env=install_env())
    (site,) = venv.glob("lib/python*/site-packages")
    assert not {p.name for p in site.iterdir()} & set(TOP)
    assert (site / "aidokit" / "reconcile" / "cli" / "main.py").is_file()
    aido = venv / "bin" / "aido"
    version = subprocess.run([str(aido), "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.strip() == f"aido {__version__}"
    # The installed copy carries everything the action's check needs.
    project = fixture_project("demo-project")
    env = {**os.environ, "AIDO_BIN": str(aido), "AIDO_PROJECT": str(project)}
    check = subprocess.run(
        ["bash", str(ROOT / "ci" / "aido-check.sh")], env=env, capture_output=True, text=True
    )
    assert check.returncode == 2 and "+ context7" in check.stdout


def test_metadata_is_ready_for_pypi() -> None:
    """pyproject has a readme, SPDX license, classifiers, urls and the aido script."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["readme"] == "README.md" and project["license"] == "MIT"
    assert "Typing :: Typed" in project["classifiers"]
    assert {"Homepage", "Documentation", "Issues"} <= set(project["urls"])
    assert project["scripts"] == {"aido": "aidokit.reconcile.cli.main:entry"}
    for folder in TOP:
        for init in (ROOT / folder).rglob("__init__.py"):
            if init.parent == ROOT / folder:
                assert (init.parent / "py.typed").is_file(), init.parent
