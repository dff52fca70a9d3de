"""The auggie adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.adapters.auggie import ADAPTER
from aidokit.adapters.base import Host, Scope
from aidokit.catalog.errors import CatalogError
from tests.adapters.runner import HOME, PROJECT, Case, case_params, make_server, run_case


@pytest.mark.parametrize("case", case_params("auggie"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


@pytest.mark.parametrize("os_name", ["linux", "darwin", "win32"])
def test_files_on_every_os(os_name: str) -> None:
    """`.augment/settings.json` in the project and under `os.homedir()` on every OS."""
    host = Host(project=PROJECT, home=HOME, os=os_name, environ={})  # type: ignore[arg-type]
    project = ADAPTER.location(Scope.PROJECT, host)
    user = ADAPTER.location(Scope.USER, host)
    assert project is not None and project.path == PROJECT / ".augment" / "settings.json"
    assert user is not None and user.path == HOME / ".augment" / "settings.json"
    assert ADAPTER.location(Scope.LOCAL, host) is None


# Words a POSIX shell or cmd.exe would split, expand, redirect or glob.
_SHELL_SPECIAL = st.text(alphabet=" \t\"'`$;&|<>()*?[]{}!#~\\^\n", min_size=1, max_size=3)


@given(before=st.text(alphabet="abc-", max_size=4), special=_SHELL_SPECIAL)
def test_an_argument_a_shell_would_change_is_refused(before: str, special: str) -> None:
    """Auggie joins command and args into one shell line: such an argument is refused."""
    raw = {"id": "srv", "stdio": {"command": "npx", "args": ["-y", f"{before}{special}x"]}}
    server = make_server("auggie", raw)
    with pytest.raises(CatalogError, match="shell"):
        ADAPTER.build(server, server.install["auggie"])


@given(word=st.from_regex(r"[A-Za-z0-9_@%+=:,./-]{1,30}", fullmatch=True))
def test_a_plain_argument_is_written_as_it_is(word: str) -> None:
    """Letters, digits and `_@%+=:,./-` mean the same to the shell: written unchanged."""
    server = make_server("auggie", {"id": "srv", "stdio": {"command": "npx", "args": [word]}})
    entry = ADAPTER.build(server, server.install["auggie"]).entry
    assert entry == {"type": "stdio", "command": "npx", "args": [word]}
