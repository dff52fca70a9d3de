"""The kimi adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adapters.runner import Case, case_params, run_case


@pytest.mark.parametrize("case", case_params("kimi"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_the_archived_kimi_cli_file_is_said_when_found(tmp_path: Path) -> None:
    """kimi-cli (PyPI) is archived; its ~/.kimi/mcp.json is not Kimi Code's: the plan says so."""
    from aidokit.adapters.base import Host, Scope
    from aidokit.adapters.kimi import ADAPTER

    host = Host(project=tmp_path / "p", home=tmp_path, os="linux", environ={})
    user = ADAPTER.location(Scope.USER, host)
    assert user is not None and user.path == tmp_path / ".kimi-code" / "mcp.json"
    assert ADAPTER.file_notes(user, host) == ()
    (tmp_path / ".kimi").mkdir()
    (tmp_path / ".kimi" / "mcp.json").write_text("{}", encoding="utf-8")
    (note,) = ADAPTER.file_notes(user, host)
    assert "archived Kimi CLI" in note and str(user.path) in note
