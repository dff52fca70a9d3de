"""The vibe adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import NAMED_TABLES, Format, Host, Scope
from aidokit.adapters.vibe import ADAPTER
from aidokit.catalog.errors import CatalogError
from tests.adapters.runner import HOME, PROJECT, Case, case_params, make_server, run_case


@pytest.mark.parametrize("case", case_params("vibe"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


@pytest.mark.parametrize("os_name", ["linux", "darwin", "win32"])
@pytest.mark.parametrize("vibe_home", [None, "/srv/vibe", "~/vibe-home"])
def test_files_on_every_os(os_name: str, vibe_home: str | None) -> None:
    """`.vibe/config.toml` in the project; `$VIBE_HOME/config.toml` (`~` expanded), else
    `~/.vibe/config.toml`, on every OS; `[[mcp_servers]]` elements keyed by `name`."""
    environ = {} if vibe_home is None else {"VIBE_HOME": vibe_home}
    host = Host(project=PROJECT, home=HOME, os=os_name, environ=environ)  # type: ignore[arg-type]
    project = ADAPTER.location(Scope.PROJECT, host)
    assert project is not None and project.path == PROJECT / ".vibe" / "config.toml"
    user = ADAPTER.location(Scope.USER, host)
    folder = HOME / ".vibe" if vibe_home is None else Path(vibe_home.replace("~", str(HOME)))
    assert user is not None and user.path == folder / "config.toml"
    for location in (project, user):
        assert (location.fmt, location.map_path) == (Format.TOML, ("mcp_servers", NAMED_TABLES))
    assert ADAPTER.location(Scope.LOCAL, host) is None


def test_a_command_vibe_would_split_is_refused() -> None:
    """Vibe splits a command string with shlex: a command with a space is refused."""
    raw = {"id": "spaced", "stdio": {"command": "/opt/My Tools/mcp", "args": []}}
    server = make_server("vibe", raw)
    with pytest.raises(CatalogError, match="split into several words"):
        ADAPTER.build(server, server.install["vibe"])


def test_sse_is_refused() -> None:
    """Vibe speaks streamable HTTP only: an SSE server is refused, naming the harness."""
    raw = {"id": "old", "remote": {"url": "https://example.com/sse", "transport": "sse"}}
    server = make_server("vibe", raw)
    with pytest.raises(CatalogError, match=r"(?i)sse"):
        ADAPTER.build(server, server.install["vibe"])


def test_a_project_file_is_read_only_in_a_trusted_folder() -> None:
    """The plan names the trust Vibe asks for before it reads a project file."""
    host = Host(project=PROJECT, home=HOME, os="linux", environ={})
    project = ADAPTER.location(Scope.PROJECT, host)
    user = ADAPTER.location(Scope.USER, host)
    assert project is not None and user is not None
    (note,) = ADAPTER.file_notes(project, host)
    assert "trusted folder" in note and str(HOME / ".vibe" / "trusted_folders.toml") in note
    assert ADAPTER.file_notes(user, host) == ()
