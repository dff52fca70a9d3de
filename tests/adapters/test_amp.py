"""The amp adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.adapters.amp import ADAPTER
from aidokit.adapters.base import Host, Scope
from aidokit.catalog.errors import CatalogError
from tests.adapters.runner import HOME, PROJECT, Case, case_params, make_host, make_server, run_case

OSES = ("linux", "darwin", "win32")


@pytest.mark.parametrize("case", case_params("amp"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


@pytest.mark.parametrize("os_name", OSES)
def test_files_on_every_os(os_name: str) -> None:
    """`.amp/settings.json` and `~/.config/amp/settings.json` on every OS (no Windows branch)."""
    host = Host(project=PROJECT, home=HOME, os=os_name, environ={})  # type: ignore[arg-type]
    project = ADAPTER.location(Scope.PROJECT, host)
    user = ADAPTER.location(Scope.USER, host)
    assert project is not None and project.path == PROJECT / ".amp" / "settings.json"
    assert user is not None and user.path == HOME / ".config" / "amp" / "settings.json"
    assert project.map_path == user.map_path == ("amp.mcpServers",)
    assert ADAPTER.location(Scope.LOCAL, host) is None


def test_prefers_an_existing_settings_jsonc(tmp_path: Path) -> None:
    """Amp reads `.amp/settings.jsonc` when there is no `.amp/settings.json`."""
    host = make_host({}, tmp_path)
    (tmp_path / ".amp").mkdir()
    (tmp_path / ".amp" / "settings.jsonc").write_text("{}")
    location = ADAPTER.location(Scope.PROJECT, host)
    assert location is not None and location.path == tmp_path / ".amp" / "settings.jsonc"
    (tmp_path / ".amp" / "settings.json").write_text("{}")
    location = ADAPTER.location(Scope.PROJECT, host)
    assert location is not None and location.path == tmp_path / ".amp" / "settings.json"


def test_workspace_file_notes_the_approval() -> None:
    """Workspace servers wait for `amp mcp approve`; the user file needs nothing."""
    host = make_host({})
    project = ADAPTER.location(Scope.PROJECT, host)
    user = ADAPTER.location(Scope.USER, host)
    assert project is not None and user is not None
    (note,) = ADAPTER.file_notes(project, host)
    assert "amp mcp approve" in note
    assert ADAPTER.file_notes(user, host) == ()


def test_cwd_is_refused() -> None:
    """An Amp entry has no working folder: a spec that needs one is refused in one sentence."""
    raw = {"id": "local", "stdio": {"command": "node", "args": ["x.js"], "cwd": "/srv"}}
    server = make_server("amp", raw)
    with pytest.raises(CatalogError, match="cwd"):
        ADAPTER.build(server, server.install["amp"])


_NAME = st.from_regex(r"[A-Z_][A-Z0-9_]{0,20}", fullmatch=True)


@given(name=_NAME, prefix=st.sampled_from(["", "Bearer ", "token "]))
def test_every_placeholder_becomes_amps_reference(name: str, prefix: str) -> None:
    """Any `${NAME}` in args and env is written as Amp's `${NAME}`, never as a value."""
    value = f"{prefix}${{{name}}}"
    stdio = {"command": "npx", "args": ["-y", "pkg", f"--key={value}"], "env": {name: value}}
    server = make_server("amp", {"id": "s", "stdio": stdio, "env": [{"name": name}]})
    entry = ADAPTER.build(server, server.install["amp"]).entry
    assert entry["args"][-1] == f"--key={prefix}${{{name}}}"
    assert entry["env"] == {name: f"{prefix}${{{name}}}"}
