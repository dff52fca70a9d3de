"""The factory-droid adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.factory_droid import ADAPTER
from aidokit.catalog.errors import CatalogError
from tests.adapters.runner import Case, case_params, make_server, run_case


@pytest.mark.parametrize("case", case_params("factory-droid"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_sse_is_refused() -> None:
    """Droid documents stdio and http types only, so an SSE spec is a clear error."""
    raw = {"id": "x", "remote": {"url": "https://x.example/sse", "transport": "sse"}}
    server = make_server("factory-droid", raw)
    with pytest.raises(CatalogError, match="sse"):
        ADAPTER.render(server, server.install["factory-droid"])
