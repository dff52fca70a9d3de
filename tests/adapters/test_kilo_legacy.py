"""The kilo-legacy adapter (.kilocode generation): golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Host, Scope
from aidokit.adapters.kilo_legacy import ADAPTER
from tests.adapters.runner import Case, case_params, run_case


@pytest.mark.parametrize("case", case_params("kilo-legacy"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_notes_the_current_kilo_when_it_is_here(tmp_path: Path) -> None:
    """A kilo.json next to .kilocode/ means the new Kilo reads it without ${env:} expansion."""
    host = Host(project=tmp_path, home=tmp_path / "h", os="linux", environ={"PATH": ""})
    location = ADAPTER.location(Scope.PROJECT, host)
    assert location is not None
    assert ADAPTER.file_notes(location, host) == ()
    (tmp_path / "kilo.json").write_text("{}", encoding="utf-8")
    (note,) = ADAPTER.file_notes(location, host)
    assert ".kilocode/mcp.json" in note and "unexpanded" in note and "`kilo`" in note
