"""The codex adapter: golden fixture cases and Codex specifics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aidokit.adapters.base import Scope
from aidokit.adapters.codex import ADAPTER
from aidokit.reconcile.core.errors import CatalogError
from tests.adapters.runner import Case, case_params, make_host, make_server, run_case


@pytest.mark.parametrize("case", case_params("codex"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def render(raw: dict[str, Any]) -> dict[str, Any]:
    """Render a case-style server definition with the codex adapter."""
    server = make_server("codex", {"id": "x", **raw})
    return ADAPTER.build(server, server.install["codex"]).entry


def test_sse_is_refused() -> None:
    """Codex speaks streamable HTTP only, so an SSE spec is a clear error."""
    with pytest.raises(CatalogError, match="sse"):
        render({"remote": {"url": "https://x.example/sse", "transport": "sse"}})


def test_never_writes_a_type_key() -> None:
    """Codex rejects unknown keys, and `type` is not one of its fields."""
    assert "type" not in render({"stdio": {"command": "x"}})
    assert "type" not in render({"remote": {"url": "https://x.example/mcp"}})


def test_placeholder_in_args_is_refused() -> None:
    """Codex cannot expand ${VAR} in args, so such a spec is refused, not half-written."""
    raw = {"env": [{"name": "DSN", "secret": True}], "stdio": {"command": "x", "args": ["${DSN}"]}}
    with pytest.raises(CatalogError, match="DSN"):
        render(raw)


def test_partial_header_reference_becomes_a_note() -> None:
    """A header like `Token ${VAR}` cannot be an env_http_headers entry: left out, noted."""
    server = make_server(
        "codex",
        {
            "id": "x",
            "env": [{"name": "TOKEN", "secret": True}],
            "remote": {"url": "https://x.example/mcp", "headers": {"X-Auth": "Token ${TOKEN}"}},
        },
    )
    spec = server.install["codex"]
    assert ADAPTER.build(server, spec).entry == {"url": "https://x.example/mcp"}
    (note,) = ADAPTER.build(server, spec).notes
    assert "header 'X-Auth'" in note and "secret TOKEN" in note


def test_user_file_defaults_to_dot_codex() -> None:
    """Without CODEX_HOME the user file is ~/.codex/config.toml."""
    host = make_host({})
    location = ADAPTER.location(Scope.USER, host)
    assert location is not None and location.path == host.home / ".codex" / "config.toml"
