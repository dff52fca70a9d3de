"""The amazon-q adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.amazon_q import ADAPTER
from aidokit.reconcile.core.errors import CatalogError
from tests.adapters.runner import Case, case_params, make_server, run_case


@pytest.mark.parametrize("case", case_params("amazon-q"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


TOK = [{"name": "TOK", "secret": True}]


def test_env_and_header_variables_are_env_colon_references() -> None:
    """Amazon Q expands `${env:VAR}` in env and header values, so secrets are written there."""
    stdio = {"stdio": {"command": "npx", "args": ["p"], "env": {"T": "x-${TOK}"}}}
    remote = {"remote": {"url": "https://x.example/mcp", "headers": {"A": "B ${TOK}"}}}
    entries = []
    for raw in (stdio, remote):
        server = make_server("amazon-q", {"id": "x", "env": TOK, **raw})
        entries.append(ADAPTER.build(server, server.install["amazon-q"]).entry)
        assert ADAPTER.build(server, server.install["amazon-q"]).notes == ()
    assert entries[0]["env"] == {"T": "x-${env:TOK}"}
    assert entries[1]["headers"] == {"A": "B ${env:TOK}"}


@pytest.mark.parametrize(
    "raw",
    [
        {"id": "x", "env": TOK, "stdio": {"command": "npx", "args": ["--token=${TOK}"]}},
        {"id": "x", "env": TOK, "remote": {"url": "https://x.example/${TOK}/mcp"}},
    ],
)
def test_variables_outside_env_and_headers_are_refused(raw: dict[str, object]) -> None:
    """Amazon Q expands nothing in command, args or url: a placeholder there is an error."""
    server = make_server("amazon-q", raw)
    with pytest.raises(CatalogError, match="cannot reference environment variables"):
        ADAPTER.build(server, server.install["amazon-q"])


def test_adapters_lists_it_as_now_kiro_cli() -> None:
    """`aido adapters` says Amazon Q Developer CLI is now Kiro CLI."""
    assert "now Kiro CLI" in ADAPTER.title
