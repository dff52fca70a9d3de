"""The kilo adapter (kilo.json generation): golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Scope
from aidokit.adapters.kilo import ADAPTER
from tests.adapters.runner import Case, case_params, make_host, run_case


@pytest.mark.parametrize("case", case_params("kilo"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_root_kilo_json_wins_over_dot_kilo(tmp_path: Path) -> None:
    """With both a root kilo.json and .kilo/kilo.jsonc, the root file is edited."""
    for rel in ("kilo.json", ".kilo/kilo.jsonc"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("{}", encoding="utf-8")
    location = ADAPTER.location(Scope.PROJECT, make_host({}, tmp_path))
    assert location is not None and location.path == tmp_path / "kilo.json"


def test_no_role_scoping_is_written() -> None:
    """Kilo turns OpenCode's `tools` map into permissions, so aido writes none."""
    assert ADAPTER.role_scoping("playwright", ("tester",)) is None
