"""The cursor adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.cursor import ADAPTER
from tests.adapters.runner import Case, case_params, make_server, run_case


@pytest.mark.parametrize("case", case_params("cursor"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_remote_entries_have_no_type() -> None:
    """Cursor infers the transport; entries carry only url and headers."""
    server = make_server("cursor", {"id": "x", "remote": {"url": "https://x.example/mcp"}})
    assert ADAPTER.build(server, server.install["cursor"]).entry == {"url": "https://x.example/mcp"}
