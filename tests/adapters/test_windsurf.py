"""The windsurf adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Scope
from aidokit.adapters.common import identity_of
from aidokit.adapters.windsurf import ADAPTER
from tests.adapters.runner import Case, case_params, make_host, run_case


@pytest.mark.parametrize("case", case_params("windsurf"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_identity_reads_url_too() -> None:
    """Windsurf accepts `url` as well as `serverUrl`; both identify the entry."""
    assert identity_of(ADAPTER, {"url": "https://x.example/mcp"}) == "https://x.example/mcp"


def test_user_scope_only() -> None:
    """No project-level file is documented for Windsurf."""
    assert ADAPTER.location(Scope.PROJECT, make_host({})) is None
