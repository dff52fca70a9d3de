"""A map aido adds, and an empty map written open, come back byte for byte (issue 14).

aido records in its state what a server map held before its first entry went in
(`MapOrigin`): a map it created goes again with its last entry, together with the
objects it created around it, and an empty map written `{`, line break, `}` stays so.
Checked through the CLI over several applies, as a user would get there.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from aidokit.reconcile.core.atomic import MapOrigin
from aidokit.reconcile.core.paths import user_state_dir
from aidokit.reconcile.documents import Document, Format
from aidokit.reconcile.read.ownership import load_state
from tests.helpers import aido, new_project, write_files

ENTRY = {"command": "npx", "args": ["-y", "pkg"]}
ADAPTERS = ["claude-code", "vscode", "cursor", "gemini-cli"]
# Each harness's project file, lacking the server map or holding it empty and open.
LACKING = {
    ".mcp.json": b'{"theme": "dark"}',
    ".vscode/mcp.json": b'{\n  // inputs come later\n  "inputs": []\n}\n',
    ".cursor/mcp.json": b"{\r\n}\r\n",
    ".gemini/settings.json": b'{\n  "theme": "GitHub",\n  "mcpServers": {\n  }\n}\n',
}


def _toml(servers: list[str]) -> str:
    return (
        f"adapters = {json.dumps(ADAPTERS)}\nsuggest = false\n[mcp]\nadd = {json.dumps(servers)}\n"
    )


def test_maps_aido_added_or_found_open_come_back_after_many_applies(tmp_path: Path) -> None:
    """apply, add a server, drop one, heal, destroy: each file is as the user wrote it."""
    project = new_project(tmp_path, _toml(["context7"]))
    write_files(project, LACKING)
    assert aido(project, "apply", "--yes") == 0
    assert json.loads((project / ".mcp.json").read_bytes())["mcpServers"].keys() == {"context7"}
    (project / "aido.toml").write_text(_toml(["context7", "git"]))
    assert aido(project, "apply", "--yes") == 0
    (project / "aido.toml").write_text(_toml(["git"]))
    assert aido(project, "apply", "--yes") == 0
    cursor = project / ".cursor/mcp.json"
    doc = Document(cursor, Format.JSON, cursor.read_bytes())
    git = doc.get_map(("mcpServers",))["git"]  # type: ignore[index]
    doc.set_entry(("mcpServers",), "git", {**git, "args": [*git["args"], "--drifted"]})
    cursor.write_bytes(doc.render())
    assert aido(project, "apply", "--yes") == 0
    assert b"--drifted" not in cursor.read_bytes()
    assert aido(project, "destroy", "--yes") == 0
    for rel, raw in LACKING.items():
        assert (project / rel).read_bytes() == raw, rel


def test_a_map_with_a_user_entry_stays_after_destroy(tmp_path: Path) -> None:
    """A map aido created that now holds the user's own entry keeps it, and only it."""
    project = new_project(tmp_path, _toml(["context7"]))
    write_files(project, {".mcp.json": b'{"theme": "dark"}'})
    assert aido(project, "apply", "--yes") == 0
    doc = Document(project / ".mcp.json", Format.JSON, (project / ".mcp.json").read_bytes())
    doc.set_entry(("mcpServers",), "mine", ENTRY)
    (project / ".mcp.json").write_bytes(doc.render())
    assert aido(project, "destroy", "--yes") == 0
    assert json.loads((project / ".mcp.json").read_bytes()) == {
        "theme": "dark",
        "mcpServers": {"mine": ENTRY},
    }


@pytest.mark.parametrize(
    "raw",
    [
        b'{\n  "numStartups": 3,\n  "projects": {\n    "/else": {"allowedTools": []}\n  }\n}\n',
        b'{\n  "numStartups": 3\n}\n',
        b'{"projects": {}}',
    ],
)
def test_local_scope_project_objects_aido_created_leave_with_its_last_entry(
    tmp_path: Path, raw: bytes
) -> None:
    """~/.claude.json local scope: `projects.<path>.mcpServers` and what aido made go again
    (a person's own addition, from aido.local.toml: local scope writes only that)."""
    home = Path(os.environ["HOME"])
    claude = home / ".claude.json"
    claude.write_bytes(raw)
    project = new_project(tmp_path, 'adapters = ["claude-code"]\nsuggest = false\n')
    (project / "aido.local.toml").write_text('[mcp]\nadd = ["context7"]\n', encoding="utf-8")
    assert aido(project, "apply", "--scope", "local", "--yes") == 0
    written = json.loads(claude.read_bytes())
    assert "context7" in written["projects"][str(project)]["mcpServers"]
    records = load_state(user_state_dir(os.environ) / "state.json").records
    assert {r.origin for r in records} == {
        MapOrigin(made=1 if "projects" in json.loads(raw) else 0)
    }
    assert aido(project, "destroy", "--scope", "local", "--yes") == 0
    assert claude.read_bytes() == raw


def test_an_object_harness_added_around_the_map_keeps_it_when_aido_leaves(
    tmp_path: Path,
) -> None:
    """Claude Code writing its own keys into the project object aido created: only the
    server map goes with aido's last entry, the harness's keys stay."""
    home = Path(os.environ["HOME"])
    claude = home / ".claude.json"
    claude.write_bytes(b'{\n  "projects": {}\n}\n')
    project = new_project(
        tmp_path, 'adapters = ["claude-code"]\nsuggest = false\n[mcp]\nadd = ["context7"]\n'
    )
    assert aido(project, "apply", "--scope", "local", "--yes") == 0
    doc = Document(claude, Format.JSON, claude.read_bytes())
    doc.set_entry(("projects", str(project)), "allowedTools", [])
    claude.write_bytes(doc.render())
    assert aido(project, "destroy", "--scope", "local", "--yes") == 0
    assert json.loads(claude.read_bytes()) == {"projects": {str(project): {"allowedTools": []}}}


@pytest.mark.parametrize(
    "raw",
    [b"GOOSE_MODEL: gpt-4o  # mine\n", b"# Goose\r\nGOOSE_PROVIDER: openai", b"extensions: {}\n"],
)
def test_goose_extensions_aido_added_leave_with_its_last_entry(tmp_path: Path, raw: bytes) -> None:
    """YAML too: Goose's `extensions:` that aido added goes again; one the user had stays."""
    config = Path(os.environ["HOME"]) / ".config" / "goose" / "config.yaml"
    config.parent.mkdir(parents=True)
    config.write_bytes(raw)
    project = new_project(tmp_path, 'adapters = ["goose"]\nsuggest = false\n[mcp]\nadd = ["git"]\n')
    (Path(os.environ["HOME"]) / ".config" / "aido").mkdir(parents=True, exist_ok=True)
    (Path(os.environ["HOME"]) / ".config" / "aido" / "aido.toml").write_text(
        (project / "aido.toml").read_text()
    )
    assert aido(project, "apply", "--scope", "user", "--yes") == 0
    assert b"extensions:\n" in config.read_bytes().replace(b"\r\n", b"\n")
    assert aido(project, "destroy", "--scope", "user", "--yes") == 0
    assert config.read_bytes() == raw
