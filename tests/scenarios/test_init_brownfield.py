"""`aido init` in a project that already has hand-written servers (issue 38 §1): it lists
them (name, file) and ends with "Next: aido import"; a file it cannot read is named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import aido, new_project, write_files

CONTEXT7 = {"command": "npx", "args": ["-y", "@upstash/context7-mcp@latest"]}
NOTES = {"command": "node", "args": ["tools/notes.js"]}


def _servers(servers: dict[str, object]) -> bytes:
    return json.dumps({"mcpServers": servers}, indent=2).encode()


def test_init_lists_the_hand_written_servers_and_points_at_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each hand-written server is listed with its file; the last line says aido import."""
    project = write_files(
        new_project(tmp_path),
        {".cursor/mcp.json": _servers({"context7": CONTEXT7, "notes": NOTES}),
         ".mcp.json": _servers({"notes": NOTES})},
    )  # fmt: skip
    assert aido(project, "init", "--yes") == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Found 3 servers written by hand; aido leaves them alone until you import them:" in (
        lines
    )
    assert "  context7  .cursor/mcp.json" in lines
    assert "  notes     .cursor/mcp.json" in lines and "  notes     .mcp.json" in lines
    assert lines[-1].startswith("Next: aido import")


def test_init_without_hand_written_servers_says_plan_then_apply(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No hand-written server: no list, and the next step is plan then apply."""
    project = write_files(new_project(tmp_path), {".cursor/mcp.json": _servers({})})
    assert aido(project, "init", "--yes") == 0
    out = capsys.readouterr().out
    assert "written by hand" not in out
    assert out.splitlines()[-1] == "Next: aido plan, then aido apply."


def test_init_names_a_file_it_cannot_read_and_writes_nothing_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A commented strict-JSON file is named with its error and the fix comes first."""
    raw = b'{\n  // mine\n  "mcpServers": {"notes": {"command": "node"}}\n}\n'
    project = write_files(new_project(tmp_path), {".cursor/mcp.json": raw})
    assert aido(project, "init", "--yes") == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(
        line.startswith("aido cannot read .cursor/mcp.json yet: ") and "comment at line 2" in line
        for line in lines
    )
    assert lines[-1].startswith("Next: fix .cursor/mcp.json, then aido import")
    assert (project / ".cursor/mcp.json").read_bytes() == raw


def test_servers_aido_owns_are_not_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """After an apply, init (in a fresh copy of the config) lists none of aido's entries."""
    project = new_project(
        tmp_path, 'adapters = ["claude-code"]\nsuggest = false\n[mcp]\nadd = ["time"]\n'
    )
    assert aido(project, "apply", "--yes") == 0
    (project / "aido.toml").unlink()
    capsys.readouterr()
    assert aido(project, "init", "--yes", "--adapter", "claude-code") == 0
    assert "written by hand" not in capsys.readouterr().out
