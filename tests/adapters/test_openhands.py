"""The openhands adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Format, Host, Scope
from aidokit.adapters.openhands import ADAPTER
from aidokit.catalog.errors import CatalogError
from tests.adapters.runner import HOME, PROJECT, Case, case_params, make_server, run_case


@pytest.mark.parametrize("case", case_params("openhands"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


@pytest.mark.parametrize("os_name", ["linux", "darwin", "win32"])
@pytest.mark.parametrize("persistence", [None, "/srv/oh", ""])
def test_one_user_file_on_every_os(os_name: str, persistence: str | None) -> None:
    """`$OPENHANDS_PERSISTENCE_DIR/mcp.json` (a blank one is ignored, as `or` does in
    Python), else `~/.openhands/mcp.json`; strict JSON; no project file."""
    environ = {} if persistence is None else {"OPENHANDS_PERSISTENCE_DIR": persistence}
    host = Host(project=PROJECT, home=HOME, os=os_name, environ=environ)  # type: ignore[arg-type]
    user = ADAPTER.location(Scope.USER, host)
    folder = Path(persistence) if persistence else HOME / ".openhands"
    assert user is not None and (user.path, user.fmt) == (folder / "mcp.json", Format.JSON)
    assert ADAPTER.location(Scope.PROJECT, host) is None
    assert ADAPTER.location(Scope.LOCAL, host) is None


def test_no_reference_is_written_anywhere() -> None:
    """A secret in args cannot be written (OpenHands expands nothing): refused, never filled."""
    raw = {
        "id": "pg",
        "env": [{"name": "DATABASE_URL", "secret": True}],
        "stdio": {"command": "npx", "args": ["-y", "server-postgres", "${DATABASE_URL}"]},
    }
    server = make_server("openhands", raw)
    with pytest.raises(CatalogError, match="cannot reference environment variables"):
        ADAPTER.build(server, server.install["openhands"])
