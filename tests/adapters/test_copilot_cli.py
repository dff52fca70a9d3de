"""The copilot-cli adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Scope
from aidokit.adapters.copilot_cli import ADAPTER
from aidokit.reconcile.core.errors import CatalogError
from tests.adapters.runner import Case, case_params, make_host, make_server, run_case


@pytest.mark.parametrize("case", case_params("copilot-cli"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_placeholder_in_args_is_refused() -> None:
    """Copilot CLI expands ${VAR} in env and headers only (as documented)."""
    raw = {"id": "x", "env": [{"name": "DSN"}], "stdio": {"command": "x", "args": ["${DSN}"]}}
    server = make_server("copilot-cli", raw)
    with pytest.raises(CatalogError, match="args"):
        ADAPTER.build(server, server.install["copilot-cli"])


def test_detects_github_mcp_json(tmp_path: Path) -> None:
    """A project .github/mcp.json means Copilot CLI is in use."""
    (tmp_path / ".github").mkdir()
    (tmp_path / ".github" / "mcp.json").write_text("{}")
    assert (
        ADAPTER.detect(make_host({"environ": {"PATH": ""}}, tmp_path), Scope.PROJECT)
        == "found .github/mcp.json"
    )


def test_dot_mcp_json_shadowing_is_noted(tmp_path: Path) -> None:
    """With a .mcp.json beside it, the project file carries a note; alone or at user scope, none.

    The behaviour itself is checked against the real CLI in
    tests/contract/test_oracles.py (`.github/mcp.json` is ignored when `.mcp.json` exists).
    """
    host = make_host({"environ": {"PATH": ""}}, tmp_path)
    project = ADAPTER.location(Scope.PROJECT, host)
    user = ADAPTER.location(Scope.USER, host)
    assert project is not None and user is not None
    assert ADAPTER.file_notes(project, host) == ()
    (tmp_path / ".mcp.json").write_text("{}")
    (note,) = ADAPTER.file_notes(project, host)
    assert "reads .mcp.json instead of .github/mcp.json" in note
    assert ADAPTER.file_notes(user, host) == ()


@pytest.mark.parametrize(
    ("agent", "blocked"),
    [
        ({}, False),
        ({"tools": ["*"]}, False),
        ({"tools": ["read", "playwright/*"]}, False),
        ({"tools": "read, playwright/browser_navigate"}, False),
        ({"tools": ["read", "edit"]}, True),
        ({"tools": "read, other/*"}, True),
    ],
)
def test_an_agents_tools_list_must_name_its_server(agent: dict[str, object], blocked: bool) -> None:
    """A custom agent's `tools` list that names neither `*` nor `<server>/...` blocks it."""

    why = ADAPTER.agent_blocked(agent, "playwright")
    assert (why is not None) == blocked
    assert why is None or '"playwright/*"' in why
