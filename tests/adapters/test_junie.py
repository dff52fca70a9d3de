"""The junie adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.junie import ADAPTER
from aidokit.catalog.errors import CatalogError
from tests.adapters.runner import Case, case_params, make_server, run_case


@pytest.mark.parametrize("case", case_params("junie"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


@pytest.mark.parametrize("transport", ["http", "sse"])
def test_remote_is_refused(transport: str) -> None:
    """Junie documents stdio servers only, so a remote spec is a clear error."""
    raw = {"id": "x", "remote": {"url": "https://x.example/mcp", "transport": transport}}
    server = make_server("junie", raw)
    with pytest.raises(CatalogError, match=transport):
        ADAPTER.render(server, server.install["junie"])
