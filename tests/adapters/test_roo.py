"""The roo adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.roo import ADAPTER
from tests.adapters.runner import Case, case_params, make_server, run_case


@pytest.mark.parametrize("case", case_params("roo"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_remote_type_is_kebab_case() -> None:
    """Roo requires `type` with `url`, spelled streamable-http."""
    server = make_server("roo", {"id": "x", "remote": {"url": "https://x.example/mcp"}})
    assert ADAPTER.build(server, server.install["roo"]).entry["type"] == "streamable-http"
