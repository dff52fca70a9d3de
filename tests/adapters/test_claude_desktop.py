"""The claude-desktop adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Scope
from aidokit.adapters.claude_desktop import ADAPTER
from aidokit.reconcile.core.errors import CatalogError
from tests.adapters.runner import Case, case_params, make_host, make_server, run_case


@pytest.mark.parametrize("case", case_params("claude-desktop"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_remote_servers_are_refused_with_the_connector_hint() -> None:
    """Claude Desktop takes remote servers only as Custom Connectors, never via the file."""
    server = make_server("claude-desktop", {"id": "x", "remote": {"url": "https://x.example/mcp"}})
    with pytest.raises(CatalogError, match="Connectors"):
        ADAPTER.build(server, server.install["claude-desktop"])


def test_no_location_on_linux() -> None:
    """There is no official Linux build, so there is no file to manage there."""
    assert ADAPTER.location(Scope.USER, make_host({"os": "linux"})) is None
    assert ADAPTER.detect(make_host({"os": "linux"}), Scope.USER) is None


def test_placeholder_in_args_is_refused() -> None:
    """Without a reference syntax a placeholder in args cannot be written at all."""
    raw = {"id": "x", "env": [{"name": "DSN"}], "stdio": {"command": "x", "args": ["${DSN}"]}}
    server = make_server("claude-desktop", raw)
    with pytest.raises(CatalogError, match="DSN"):
        ADAPTER.build(server, server.install["claude-desktop"])
