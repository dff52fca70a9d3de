"""The hermes adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adapters.runner import Case, case_params, run_case


@pytest.mark.parametrize("case", case_params("hermes"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_a_blank_hermes_home_is_skipped() -> None:
    """get_hermes_home trims HERMES_HOME and falls back to ~/.hermes when it is blank."""
    from aidokit.adapters.base import Scope
    from aidokit.adapters.hermes import ADAPTER
    from tests.adapters.runner import HOME, make_host

    for value in ("", "   "):
        location = ADAPTER.location(Scope.USER, make_host({"environ": {"HERMES_HOME": value}}))
        assert location is not None and location.path == HOME / ".hermes" / "config.yaml"
    assert ADAPTER.location(Scope.PROJECT, make_host({})) is None


def test_a_secret_argument_is_a_reference() -> None:
    """Hermes expands ${VAR} in every string, arguments included."""
    from aidokit.adapters.hermes import ADAPTER
    from aidokit.catalog.models import StdioSpec
    from tests.adapters.runner import make_server

    spec = StdioSpec(command="npx", args=("-y", "pg-mcp@1.0.0", "${DATABASE_URL}"))
    server = make_server("hermes", {"id": "pg", "stdio": {"command": "npx"}})
    rendered = ADAPTER.build(server, spec)
    assert rendered.entry["args"][-1] == "${DATABASE_URL}"
    assert rendered.notes == ()
