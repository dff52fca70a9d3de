"""The opencode adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Scope
from aidokit.adapters.opencode import ADAPTER
from tests.adapters.runner import Case, case_params, make_host, run_case


@pytest.mark.parametrize("case", case_params("opencode"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_prefers_an_existing_jsonc_file(tmp_path: Path) -> None:
    """An existing opencode.jsonc is edited; otherwise opencode.json is the file."""
    host = make_host({}, tmp_path)
    location = ADAPTER.location(Scope.PROJECT, host)
    assert location is not None and location.path == tmp_path / "opencode.json"
    (tmp_path / "opencode.jsonc").write_text("{}")
    location = ADAPTER.location(Scope.PROJECT, host)
    assert location is not None and location.path == tmp_path / "opencode.jsonc"


def test_user_folder_honours_xdg_config_home() -> None:
    """The user config lives under $XDG_CONFIG_HOME/opencode."""
    location = ADAPTER.location(Scope.USER, make_host({"environ": {"XDG_CONFIG_HOME": "/xdg"}}))
    assert location is not None and location.path == Path("/xdg/opencode/opencode.json")


def test_identity_uses_the_argv_list() -> None:
    """Identity of a local entry is argv[0] plus the package."""
    entry = {"type": "local", "command": ["npx", "-y", "@playwright/mcp@latest"]}
    assert ADAPTER.identity(entry) == "npx @playwright/mcp@latest"
