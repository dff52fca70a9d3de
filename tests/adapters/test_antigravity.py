"""The antigravity adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.antigravity import ADAPTER
from aidokit.adapters.base import Scope
from tests.adapters.runner import Case, case_params, make_host, run_case


@pytest.mark.parametrize("case", case_params("antigravity"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_user_scope_only_and_unconfirmed_path_is_said() -> None:
    """No project file exists, and `aido adapters` says the path is secondary."""
    assert ADAPTER.location(Scope.PROJECT, make_host({})) is None
    assert ADAPTER.evidence.verified_by == "secondary"
    assert any("path" in gap for gap in ADAPTER.evidence.unconfirmed)
