"""When a run targets no harness file, the message gives the real reason and its fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Scope
from tests.helpers import aido, user_layer

BARE = (
    "this folder has no aido.toml and is in no git repository, so it is no project. cd "
    "into your project, or start one here with `aido init`"
)


def test_a_bare_folder_is_said_to_be_no_project(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder with no aido.toml and no git (issue 54 item 5): plan, apply and the drift
    check say it is no project and what to do, and nothing is written there."""
    bare = tmp_path / "downloads"
    bare.mkdir()
    assert aido(bare, "plan") == 0
    out = capsys.readouterr().out
    assert BARE in out and "2 other notes" not in out  # the reason is not a note again
    assert aido(bare, "apply", "--yes") == 0
    assert BARE in capsys.readouterr().out
    assert aido(bare, "plan", "--detailed-exitcode") == 1
    assert BARE in capsys.readouterr().err
    assert list(bare.iterdir()) == []


@pytest.mark.parametrize("marker", [".git", "aido.toml", ".mcp.json"])
def test_a_project_is_not_called_bare(
    tmp_path: Path, marker: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A git repository, an aido.toml or a harness file: not the bare folder's message."""
    project = tmp_path / "proj"
    project.mkdir()
    if marker == ".git":
        (project / ".git").mkdir()
    else:
        (project / marker).write_text("{}\n" if marker.endswith(".json") else "")
    aido(project, "plan")
    assert "is no project" not in capsys.readouterr().out


def _user_adapters() -> list[str]:
    return sorted(name for name, a in ADAPTERS.items() if Scope.USER in a.scopes)


@pytest.mark.parametrize("adapter", _user_adapters())
def test_a_harness_not_installed_is_the_reason_given(
    tmp_path: Path, sandbox_home: Path, adapter: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """At user scope, `--adapter NAME` for a harness not installed here says so and how to
    fix it (issue 54 item 5: it said "pass --adapter NAME", which the user did, and the
    reason hid behind -v); the drift check's error says the same."""
    user_layer(sandbox_home, '[mcp]\nadd = ["context7"]\n')
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    aido(project, "plan", "--scope", "user", "--adapter", adapter, "-v")
    if f"{adapter} is not installed (" not in capsys.readouterr().out:
        pytest.skip(f"{adapter} counts as installed in an empty home")
    assert aido(project, "plan", "--scope", "user", "--adapter", adapter) == 0
    out = capsys.readouterr().out
    assert f"No harness config file is targeted: {adapter} is not installed (" in out
    assert "install the harness (or create that folder)" in out
    assert "pass --adapter NAME" not in out
    assert (
        aido(project, "plan", "--scope", "user", "--adapter", adapter, "--detailed-exitcode") == 1
    )
    err = capsys.readouterr().err
    assert f"{adapter} is not installed (" in err and "pass --adapter NAME" not in err
