"""`display(path, host)`: the one way aido names a path to the user (adapters/base.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.adapters.base import Host, display


def _host(project: str, home: str) -> Host:
    return Host(project=Path(project), home=Path(home), os="linux", environ={})


@pytest.mark.parametrize(
    ("project", "home", "path", "shown"),
    [
        ("/w/proj", "/h/u", "/w/proj/.mcp.json", ".mcp.json"),
        ("/w/proj", "/h/u", "/w/proj/.claude/settings.json", ".claude/settings.json"),
        ("/w/proj", "/h/u", "/h/u/.claude.json", "~/.claude.json"),
        ("/w/proj", "/h/u", "/etc/aido/policy.toml", "/etc/aido/policy.toml"),
        ("/h/u/proj", "/h/u", "/h/u/proj/aido.toml", "aido.toml"),
        ("/h/u/proj", "/h/u", "/h/u/.config/aido/aido.toml", "~/.config/aido/aido.toml"),
        ("/", "/h/u", "/h/u/.codex/config.toml", "~/.codex/config.toml"),
        ("/h", "/h/u", "/h/.mcp.json", ".mcp.json"),
    ],
)
def test_display_names_a_path_from_the_nearest_of_project_and_home(
    project: str, home: str, path: str, shown: str
) -> None:
    """Relative to the project, `~/` under home, else absolute; the nearer folder wins."""
    assert display(Path(path), _host(project, home)) == shown


_parts = st.lists(st.sampled_from(["a", "b", ".c"]), max_size=3)


@given(project=_parts, home=_parts, path=_parts)
def test_display_names_the_same_file(project: list[str], home: list[str], path: list[str]) -> None:
    """Whatever the project and home are, what `display` says leads back to the same file."""
    root = Path("/")
    host = _host(str(root.joinpath(*project)), str(root.joinpath(*home)))
    target = root.joinpath(*path)
    shown = display(target, host)
    if shown.startswith("~/"):
        assert host.home / shown[2:] == target
    elif shown.startswith("/"):
        assert Path(shown) == target
        assert not target.is_relative_to(host.home)
        assert not target.is_relative_to(host.project)
    else:
        assert host.project / shown == target
