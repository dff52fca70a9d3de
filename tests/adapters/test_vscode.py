"""The vscode adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Scope
from aidokit.adapters.vscode import ADAPTER
from aidokit.reconcile.documents import Format
from tests.adapters.runner import Case, case_params, make_host, make_server, run_case


@pytest.mark.parametrize("case", case_params("vscode"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


@pytest.mark.parametrize(
    ("os_name", "environ", "expected"),
    [
        ("linux", {}, "/home/me/.config/Code/User/mcp.json"),
        ("linux", {"XDG_CONFIG_HOME": "/xdg"}, "/xdg/Code/User/mcp.json"),
        ("darwin", {}, "/home/me/Library/Application Support/Code/User/mcp.json"),
        ("win32", {"APPDATA": "/appdata"}, "/appdata/Code/User/mcp.json"),
        ("win32", {}, "/home/me/AppData/Roaming/Code/User/mcp.json"),
    ],
)
def test_user_file_per_os(os_name: str, environ: dict[str, str], expected: str) -> None:
    """The user mcp.json follows each OS's VS Code user folder."""
    location = ADAPTER.location(Scope.USER, make_host({"os": os_name, "environ": environ}))
    assert location is not None and location.path == Path(expected)
    assert location.fmt is Format.JSONC


def test_every_entry_has_a_type() -> None:
    """VS Code entries always carry `type`, stdio included."""
    server = make_server("vscode", {"id": "x", "stdio": {"command": "x"}})
    assert ADAPTER.build(server, server.install["vscode"]).entry["type"] == "stdio"
