"""The copilot-cli adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Scope
from aidokit.adapters.copilot_cli import ADAPTER
from aidokit.reconcile.errors import CatalogError
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
        ADAPTER.render(server, server.install["copilot-cli"])


def test_detects_github_mcp_json(tmp_path: Path) -> None:
    """A project .github/mcp.json means Copilot CLI is in use."""
    (tmp_path / ".github").mkdir()
    (tmp_path / ".github" / "mcp.json").write_text("{}")
    assert (
        ADAPTER.detect(make_host({"environ": {"PATH": ""}}, tmp_path), Scope.PROJECT)
        == "found .github/mcp.json"
    )
