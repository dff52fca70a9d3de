"""The jetbrains-ai adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adapters.runner import Case, case_params, run_case


@pytest.mark.parametrize("case", case_params("jetbrains-ai"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_project_scope_only() -> None:
    """IDE-level servers live in the IDE's settings, not in a file aido writes."""
    from aidokit.adapters.base import Scope
    from aidokit.adapters.jetbrains_ai import ADAPTER
    from tests.adapters.runner import make_host

    assert ADAPTER.scopes == (Scope.PROJECT,)
    assert ADAPTER.location(Scope.USER, make_host({})) is None
