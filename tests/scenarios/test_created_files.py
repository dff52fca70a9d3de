"""SPEC §6: a file aido created and that holds nothing else after destroy is removed again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Scope
from tests.helpers import aido, new_project

PROJECT_ADAPTERS = sorted(
    name for name, adapter in ADAPTERS.items() if Scope.PROJECT in adapter.scopes
)
CONFIG = 'adapters = ["{name}"]\nsuggest = false\n[mcp]\nadd = ["time"]\n'


def _files(project: Path) -> set[str]:
    skip = {"aido.toml", "aido.lock"}
    return {
        p.relative_to(project).as_posix()
        for p in project.rglob("*")
        if p.is_file() and p.name not in skip and ".aido" not in p.parts
    }


@pytest.mark.parametrize("name", PROJECT_ADAPTERS)
def test_apply_then_destroy_removes_the_files_aido_created(name: str, tmp_path: Path) -> None:
    """On an empty project, destroy leaves no harness file behind, for every adapter."""
    project = new_project(tmp_path, CONFIG.format(name=name))
    assert aido(project, "apply", "--yes") == 0
    assert _files(project), f"{name} wrote nothing"
    assert aido(project, "destroy", "--yes") == 0
    assert _files(project) == set()
    assert aido(project, "plan", "--detailed-exitcode") == 2  # apply would create them again


def test_a_created_file_the_user_added_to_stays(tmp_path: Path) -> None:
    """Once the user's own server is in the file aido created, destroy keeps the file."""
    project = new_project(tmp_path, CONFIG.format(name="claude-code"))
    assert aido(project, "apply", "--yes") == 0
    path = project / ".mcp.json"
    data = json.loads(path.read_text())
    data["mcpServers"]["mine"] = {"command": "my-server"}
    path.write_text(json.dumps(data, indent=2) + "\n")
    assert aido(project, "destroy", "--yes") == 0
    assert json.loads(path.read_text()) == {"mcpServers": {"mine": {"command": "my-server"}}}


def test_a_file_that_was_there_before_is_kept_byte_for_byte(tmp_path: Path) -> None:
    """A file the user had, even an empty map, comes back exactly; it is never removed."""
    project = new_project(tmp_path, CONFIG.format(name="claude-code"))
    original = b'{\r\n  "mcpServers": {}\r\n}\r\n'
    (project / ".mcp.json").write_bytes(original)
    assert aido(project, "apply", "--yes") == 0
    assert aido(project, "destroy", "--yes") == 0
    assert (project / ".mcp.json").read_bytes() == original


def test_a_comment_the_user_left_keeps_the_file(tmp_path: Path) -> None:
    """A comment is the user's: a created JSONC file with one is not removed."""
    project = new_project(tmp_path, CONFIG.format(name="vscode"))
    assert aido(project, "apply", "--yes") == 0
    path = project / ".vscode" / "mcp.json"
    path.write_text(path.read_text().replace("{", "{\n  // keep me", 1))
    assert aido(project, "apply", "--yes") == 0
    assert aido(project, "destroy", "--yes") == 0
    assert "// keep me" in path.read_text()


def test_undo_of_the_destroy_brings_the_removed_file_back(tmp_path: Path) -> None:
    """The removal is journaled like any write: `aido undo` puts the file back."""
    project = new_project(tmp_path, CONFIG.format(name="claude-code"))
    assert aido(project, "apply", "--yes") == 0
    written = (project / ".mcp.json").read_bytes()
    assert aido(project, "destroy", "--yes") == 0
    assert not (project / ".mcp.json").exists()
    assert aido(project, "undo", "--yes") == 0
    assert (project / ".mcp.json").read_bytes() == written
