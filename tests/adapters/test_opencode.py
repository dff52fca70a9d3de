"""The opencode adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Host, Scope
from aidokit.adapters.common import identity_of
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
    assert identity_of(ADAPTER, entry) == "npx @playwright/mcp@latest"


def v2_host(home: Path, **environ: str) -> Host:
    """A Linux host whose home is `home`, with XDG_CONFIG_HOME at ~/.config."""
    return Host(home / "app", home, "linux", {"XDG_CONFIG_HOME": str(home / ".config"), **environ})


def test_user_file_follows_opencode_config_dir(tmp_path: Path) -> None:
    """OPENCODE_CONFIG_DIR is OpenCode 2's global folder and one more for V1: aido writes there."""
    folder = tmp_path / "elsewhere"
    location = ADAPTER.location(Scope.USER, v2_host(tmp_path, OPENCODE_CONFIG_DIR=str(folder)))
    assert location is not None and location.path == folder / "opencode.json"
    assert location.map_path == ("mcp",)  # the V1 map, which OpenCode 2 reads as well


def test_opencode2_folder_elsewhere_is_noted(tmp_path: Path) -> None:
    """An ~/.config/opencode2 that aido does not write to gets a note naming the fix."""
    (tmp_path / ".config" / "opencode2").mkdir(parents=True)
    host = v2_host(tmp_path)
    location = ADAPTER.location(Scope.USER, host)
    assert location is not None
    (note,) = ADAPTER.file_notes(location, host)
    assert "found ~/.config/opencode2" in note and "OPENCODE_CONFIG_DIR" in note
    project = ADAPTER.location(Scope.PROJECT, host)
    assert project is not None and ADAPTER.file_notes(project, host) == ()
    pointed = v2_host(tmp_path, OPENCODE_CONFIG_DIR=str(tmp_path / ".config" / "opencode2"))
    there = ADAPTER.location(Scope.USER, pointed)
    assert there is not None and ADAPTER.file_notes(there, pointed) == ()


def test_no_opencode2_folder_no_note(tmp_path: Path) -> None:
    """Without an OpenCode 2 folder the user file carries no note."""
    location = ADAPTER.location(Scope.USER, v2_host(tmp_path))
    assert location is not None and ADAPTER.file_notes(location, v2_host(tmp_path)) == ()
