"""The grok adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adapters.runner import Case, case_params, run_case


@pytest.mark.parametrize("case", case_params("grok"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_sse_is_refused() -> None:
    """Grok's remote entries are a `url` only: an SSE server is not written there."""
    from aidokit.adapters.grok import ADAPTER
    from aidokit.catalog.errors import CatalogError
    from aidokit.catalog.models import RemoteSpec
    from tests.adapters.runner import make_server

    server = make_server("grok", {"id": "s", "remote": {"url": "https://x.example/sse"}})
    with pytest.raises(CatalogError, match="sse"):
        ADAPTER.build(server, RemoteSpec(url="https://x.example/sse", transport="sse"))
    assert "sse" not in ADAPTER.caps.transports
