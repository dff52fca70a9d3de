"""The distribution installs only under the `aidokit` namespace (SPEC §2)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

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
def test_wheel_holds_only_the_aidokit_namespace(tmp_path: Path) -> None:
    """No bare `catalog`, `adapters` or `reconcile` package lands in site-packages."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("aidokit-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    assert tops == {"aidokit", next(t for t in tops if t.endswith(".dist-info"))}
    assert "aidokit/catalog/models.py" in names
    assert "aidokit/reconcile/cli.py" in names
    assert "aidokit/reconcile/py.typed" in names
