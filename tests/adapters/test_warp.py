"""The warp adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adapters.runner import Case, case_params, run_case


@pytest.mark.parametrize("case", case_params("warp"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_project_servers_are_started_by_hand() -> None:
    """The plan says Warp starts a project's servers only when asked (Warp's MCP page)."""
    from aidokit.adapters.base import Scope
    from aidokit.adapters.warp import ADAPTER
    from tests.adapters.runner import make_host

    host = make_host({})
    project, user = ADAPTER.location(Scope.PROJECT, host), ADAPTER.location(Scope.USER, host)
    assert project is not None and user is not None
    (note,) = ADAPTER.file_notes(project, host)
    assert "by hand" in note
    assert ADAPTER.file_notes(user, host) == ()
