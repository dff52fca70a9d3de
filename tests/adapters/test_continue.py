"""The continue adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.continue_dev import ADAPTER
from aidokit.catalog.errors import CatalogError
from tests.adapters.runner import Case, case_params, make_server, run_case


@pytest.mark.parametrize("case", case_params("continue"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_placeholder_in_args_is_refused() -> None:
    """Continue converts ${VAR} in env only; a secret in args cannot be referenced."""
    raw = {
        "id": "x",
        "env": [{"name": "TOKEN", "secret": True}],
        "stdio": {"command": "npx", "args": ["--token", "${TOKEN}"]},
    }
    server = make_server("continue", raw)
    with pytest.raises(CatalogError, match="args"):
        ADAPTER.build(server, server.install["continue"])
