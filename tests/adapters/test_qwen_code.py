"""The qwen-code adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.adapters.base import Host, Scope
from aidokit.adapters.qwen_code import ADAPTER
from aidokit.reconcile.read.world import read_trust
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
    assert ADAPTER.build(server, server.install["qwen-code"]).entry == {
        key: "https://x.example/mcp"
    }


def test_trust_gate_lists_servers_not_approved(tmp_path: Path) -> None:
    """Project servers not approved in ~/.qwen/mcpApprovals.json are named with the command."""
    home, project = tmp_path / "h", tmp_path / "p"
    host = Host(project=project, home=home, os="linux", environ={})
    location = ADAPTER.location(Scope.PROJECT, host)
    assert location is not None
    gate = ADAPTER.approval(location, host, ("a", "b"), read_trust(ADAPTER, location, host))
    assert gate is not None and "a, b" in gate.requires and "qwen mcp approve" in gate.grant
    record = {str(project): {"a": {"hash": "x", "status": "approved"}, "b": {"status": "rejected"}}}
    (home / ".qwen").mkdir(parents=True)
    (home / ".qwen" / "mcpApprovals.json").write_text(json.dumps(record), encoding="utf-8")
    gate = ADAPTER.approval(location, host, ("a", "b"), read_trust(ADAPTER, location, host))
    assert gate is not None
    assert gate.requires.startswith("Qwen Code leaves b in .qwen/settings.json pending approval")
    assert ADAPTER.approval(location, host, ("a",), read_trust(ADAPTER, location, host)) is None
    user = ADAPTER.location(Scope.USER, host)
    assert (
        user is not None
        and ADAPTER.approval(user, host, ("b",), read_trust(ADAPTER, user, host)) is None
    )
