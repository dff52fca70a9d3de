"""The cline adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Scope
from aidokit.adapters.cline import ADAPTER
from tests.adapters.runner import Case, case_params, make_host, run_case


@pytest.mark.parametrize("case", case_params("cline"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_explicit_settings_path_wins() -> None:
    """$CLINE_MCP_SETTINGS_PATH names the file directly, before CLINE_DATA_DIR."""
    environ = {"CLINE_MCP_SETTINGS_PATH": "/x/mcp.json", "CLINE_DATA_DIR": "/data"}
    location = ADAPTER.location(Scope.USER, make_host({"environ": environ}))
    assert location is not None and location.path == Path("/x/mcp.json")


def test_data_dir_is_honoured() -> None:
    """$CLINE_DATA_DIR holds settings/cline_mcp_settings.json."""
    location = ADAPTER.location(Scope.USER, make_host({"environ": {"CLINE_DATA_DIR": "/data"}}))
    assert location is not None
    assert location.path == Path("/data/settings/cline_mcp_settings.json")


def test_no_project_scope() -> None:
    """Cline has no project-level file."""
    assert ADAPTER.location(Scope.PROJECT, make_host({})) is None
