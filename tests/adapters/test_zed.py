"""The zed adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.zed import ADAPTER
from aidokit.reconcile.errors import CatalogError
from tests.adapters.runner import Case, case_params, make_server, run_case


@pytest.mark.parametrize("case", case_params("zed"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_sse_is_refused() -> None:
    """This harness has no SSE entry shape, so an SSE spec is a clear error."""
    raw = {"id": "x", "remote": {"url": "https://x.example/sse", "transport": "sse"}}
    server = make_server("zed", raw)
    with pytest.raises(CatalogError, match="sse"):
        ADAPTER.render(server, server.install["zed"])
