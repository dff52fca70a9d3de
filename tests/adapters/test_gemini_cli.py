"""The gemini-cli adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.common import identity_of
from aidokit.adapters.gemini_cli import ADAPTER
from tests.adapters.runner import Case, case_params, make_server, run_case


@pytest.mark.parametrize("case", case_params("gemini-cli"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_identity_reads_legacy_http_url() -> None:
    """An entry using the deprecated httpUrl is still recognised by its URL."""
    assert identity_of(ADAPTER, {"httpUrl": "https://x.example/mcp"}) == "https://x.example/mcp"


def test_stdio_keeps_cwd() -> None:
    """Gemini entries have a cwd field, so the spec's cwd is written."""
    server = make_server("gemini-cli", {"id": "x", "stdio": {"command": "x", "cwd": "./srv"}})
    assert ADAPTER.build(server, server.install["gemini-cli"]).entry["cwd"] == "./srv"
