"""The kiro adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.kiro import ADAPTER
from tests.adapters.runner import Case, case_params, make_server, run_case


@pytest.mark.parametrize("case", case_params("kiro"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_literal_entries_need_no_approval() -> None:
    """Only referenced variables produce the approval note."""
    server = make_server("kiro", {"id": "x", "stdio": {"command": "x", "env": {"A": "1"}}})
    assert ADAPTER.build(server, server.install["kiro"]).notes == ()
