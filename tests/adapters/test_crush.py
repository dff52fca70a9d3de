"""The crush adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Scope
from aidokit.adapters.crush import ADAPTER
from tests.adapters.runner import Case, case_params, make_host, run_case


@pytest.mark.parametrize("case", case_params("crush"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_prefers_an_existing_crush_json(tmp_path: Path) -> None:
    """An existing crush.json is edited; otherwise .crush.json is the file."""
    host = make_host({}, tmp_path)
    (tmp_path / "crush.json").write_text("{}")
    location = ADAPTER.location(Scope.PROJECT, host)
    assert location is not None and location.path == tmp_path / "crush.json"
