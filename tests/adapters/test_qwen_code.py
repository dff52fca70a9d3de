"""The qwen-code adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.qwen_code import ADAPTER
from tests.adapters.runner import Case, case_params, make_server, run_case


@pytest.mark.parametrize("case", case_params("qwen-code"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


@pytest.mark.parametrize(("transport", "key"), [("http", "httpUrl"), ("sse", "url")])
def test_transport_picks_the_url_key(transport: str, key: str) -> None:
    """Qwen selects the transport by key: `httpUrl` is streamable HTTP, `url` is SSE."""
    raw = {"id": "x", "remote": {"url": "https://x.example/mcp", "transport": transport}}
    server = make_server("qwen-code", raw)
    assert ADAPTER.render(server, server.install["qwen-code"]) == {key: "https://x.example/mcp"}
