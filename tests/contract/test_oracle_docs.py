"""docs/harness-oracles.md lists every oracle with the versions verified, newest = the pin."""

from __future__ import annotations

import re

from tests.contract.oracles import ORACLES
from tests.contract.sandbox import REPO

DOC = REPO / "docs" / "harness-oracles.md"
HEADER = "| harness | oldest | newest | what the checks prove |"


def _rows() -> dict[str, list[str]]:
    """The "Versions verified" table: CLI name (the backticked word) -> its cells."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    start = lines.index(HEADER) + 2
    rows: dict[str, list[str]] = {}
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        found = re.search(r"\(`([^`]+)`\)", cells[0])
        assert found, f"no (`cli`) in {cells[0]!r}"
        rows[found[1]] = cells
    return rows


def _pins() -> set[str]:
    """Every `package@version` in the Makefile's HARNESS_PKGS lines, and every
    `package==version` in its HARNESS_PY_PKGS lines (PyPI), as `package@version`."""
    text = (REPO / "Makefile").read_text(encoding="utf-8")
    block = re.findall(r"^HARNESS_(?:PY_)?PKGS \+?:?= ((?:.*\\\n)*.*)$", text, re.MULTILINE)
    pins = {pkg for chunk in block for pkg in chunk.replace("\\\n", " ").split()}
    return {pin.replace("==", "@") for pin in pins}


def test_the_table_lists_every_oracle() -> None:
    """One row per oracle in tests/contract/oracles.py, no row without one."""
    assert set(_rows()) == set(ORACLES)


def test_each_newest_version_is_pinned() -> None:
    """The newest version verified is a pin in HARNESS_PKGS; the oldest is a version too."""
    versions = {pin.rpartition("@")[2] for pin in _pins()}
    for cli, (_, oldest, newest, proves) in _rows().items():
        assert newest in versions, f"{cli}: newest {newest} is not pinned"
        # A semver pre-release tail is a version too (Amp's `0.0.1790142911-g7618fb`).
        assert re.fullmatch(r"\d+(\.\d+)+(-[0-9A-Za-z.]+)?", oldest), cli
        assert proves, cli
