"""`aido import` on a brownfield project: one person's servers stay theirs (issue 38 §4),
a catalog server under the user's own name or in another form becomes that catalog entry
(issue 32 §4), and no credential inside a URL is copied."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from aidokit.reconcile.write.importer import Found, personal
from tests.helpers import aido, new_project, write_files
from tests.reconcile.security_helpers import AIDO, run_in_pty, sandbox_env

TWO = 'adapters = ["claude-code", "cursor"]\nsuggest = false\n'
CONTEXT7_NPX = {"command": "npx", "args": ["-y", "@upstash/context7-mcp@latest"]}


def _cursor(tmp_path: Path, servers: dict[str, object], config: str = TWO) -> Path:
    project = new_project(tmp_path, config)
    body = json.dumps({"mcpServers": servers}, indent=2).encode()
    return write_files(project, {".cursor/mcp.json": body})


def _toml(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _servers(project: Path, name: str = ".cursor/mcp.json") -> dict[str, Any]:
    return dict(json.loads((project / name).read_text())["mcpServers"])


def test_context7_via_npx_becomes_exactly_the_catalog_remote_in_cursor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The catalog renders context7 as a URL for Cursor: the import replaces the npx form,
    so no `command`/`args` stay beside the new `url` (the harness would see two servers)."""
    project = _cursor(
        tmp_path, {"context7": CONTEXT7_NPX}, 'adapters = ["cursor"]\nsuggest = false\n'
    )
    assert aido(project, "import", "--yes") == 0
    assert _servers(project)["context7"] == {"url": "https://mcp.context7.com/mcp"}
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_a_catalog_server_under_another_name_is_imported_under_its_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`ctx7` running context7 becomes catalog id context7: the entry is renamed (the plan
    deletes ctx7 and adds context7), aido.toml adds context7, and undo puts ctx7 back."""
    project = _cursor(tmp_path, {"ctx7": {"command": "npx", "args": ["@upstash/context7-mcp"]}})
    before = (project / ".cursor/mcp.json").read_bytes()
    capsys.readouterr()
    assert aido(project, "import", "--yes") == 0
    out = capsys.readouterr().out
    assert "import ctx7 from .cursor/mcp.json as catalog id context7 (the entry is renamed" in out
    assert "- ctx7  (delete: renamed to context7, its catalog id)" in out
    assert _toml(project / "aido.toml")["mcp"] == {"add": ["context7"]}
    assert set(_servers(project)) == {"context7"}
    assert "context7" in _servers(project, ".mcp.json")
    assert aido(project, "plan", "--detailed-exitcode") == 0
    assert aido(project, "undo", "--yes") == 0
    assert (project / ".cursor/mcp.json").read_bytes() == before


def test_a_second_name_for_a_server_the_file_has_is_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With `context7` already in the file, `ctx7` (the same server) is skipped, and said."""
    servers = {"context7": CONTEXT7_NPX, "ctx7": CONTEXT7_NPX}
    project = _cursor(tmp_path, servers, 'adapters = ["cursor"]\nsuggest = false\n')
    capsys.readouterr()
    assert aido(project, "import", "--yes") == 0
    out = capsys.readouterr().out
    assert "skipped ctx7 in .cursor/mcp.json: runs catalog entry 'context7'" in out
    assert _servers(project)["ctx7"] == CONTEXT7_NPX


@pytest.mark.parametrize(
    ("url", "leaked"),
    [
        ("https://me:hunter2@mcp.example.com/mcp", "hunter2"),
        ("https://mcp.example.com/mcp?apiKey=sk-abcdefabcdef1234", "sk-abcdefabcdef1234"),
        ("https://mcp.example.com/mcp?token=abc123secretvalue&v=1", "abc123secretvalue"),
    ],
    ids=["userinfo", "api-key-query", "token-query"],
)
def test_a_credential_inside_a_url_is_never_copied(
    tmp_path: Path, sandbox_home: Path, url: str, leaked: str
) -> None:
    """A remote server's URL credential becomes a `${...}` reference in aido.toml and in
    every harness file the import writes; the prompt names the variable."""
    project = _cursor(tmp_path, {"my-api": {"url": url}})
    argv = [AIDO, "import", "--yes", "--project", str(project)]
    code, out = run_in_pty(argv, sandbox_env(sandbox_home), "my-api")
    assert code == 0, out
    assert "is not copied" in out
    for path in (project / "aido.toml", project / ".mcp.json"):
        assert leaked not in path.read_text(), path
    assert "${" in _toml(project / "aido.toml")["custom"]["my-api"]["url"]


def _found(entry: dict[str, Any]) -> Found:
    class File:
        shown = ".cursor/mcp.json"

        class location:
            from aidokit.adapters.base import Scope

            scope = Scope.PROJECT

    return Found(File(), "x", entry)  # type: ignore[arg-type]


HOME = "/home/me"


@pytest.mark.parametrize(
    "entry",
    [
        {"command": "node", "args": ["/home/me/tools/notes.js"]},
        {"command": "/home/me/.local/bin/notes-mcp"},
        {"command": "node", "args": ["~/tools/notes.js"]},
        {"command": "node", "args": ["--config=/home/me/notes.toml"]},
        {"command": "node", "args": ["x.js"], "cwd": "/home/me/src"},
        {"command": "node", "args": ["x.js"], "env": {"NOTES_DIR": "$HOME/notes"}},
        {"command": "node", "args": ["${userHome}/x.js"]},
        {"command": ["node", "/home/me/x.js"]},
    ],
)
def test_a_path_under_home_is_personal(entry: dict[str, Any]) -> None:
    """A command, argument, cwd or env value under the home folder marks the server as one
    person's, in every spelling a harness file uses."""
    assert personal(_found(entry), HOME) is not None


@pytest.mark.parametrize(
    "entry",
    [
        {"command": "npx", "args": ["-y", "@upstash/context7-mcp"]},
        {"command": "node", "args": ["tools/notes.js"]},
        {"command": "node", "args": ["/home/meadow/x.js"]},  # another user's prefix
        {"url": "https://mcp.example.com/home/me"},
    ],
)
def test_a_team_server_is_not_personal(entry: dict[str, Any]) -> None:
    """Relative paths, packages, URLs and look-alike prefixes stay the team's."""
    assert personal(_found(entry), HOME) is None


def test_a_personal_server_goes_to_aido_local_toml(tmp_path: Path, sandbox_home: Path) -> None:
    """A Cursor-only `node ~/tools/notes.js` is recorded in aido.local.toml, never in the
    committed aido.toml; the prompt says where each server goes and for which harnesses."""
    notes = {"command": "node", "args": [str(sandbox_home / "tools/notes.js")]}
    project = _cursor(tmp_path, {"context7": CONTEXT7_NPX, "notes": notes})
    argv = [AIDO, "import", "--yes", "--project", str(project)]
    env = {**sandbox_env(sandbox_home), "COLUMNS": "500"}  # a terminal: one line per import
    code, out = run_in_pty(argv, env, "notes")
    assert code == 0, out
    lines = out.replace("\r\n", "\n").splitlines()
    assert (
        "import context7 from .cursor/mcp.json as catalog id into aido.toml (the team's, "
        "committed); for claude-code, cursor"
    ) in lines
    assert any(
        line.startswith("import notes from .cursor/mcp.json as [custom.notes] into "
                        "aido.local.toml (yours, never committed: it runs ")
        and line.endswith("under your home folder)")
        for line in lines
    ), lines  # fmt: skip
    team, mine = _toml(project / "aido.toml"), _toml(project / "aido.local.toml")
    assert "custom" not in team and team["mcp"] == {"add": ["context7"]}
    assert mine["custom"]["notes"]["args"] == notes["args"]
    assert (
        "Recorded 1 server(s) in aido.local.toml; `aido apply --scope local` writes them into "
        "your own files."
    ) in lines
    assert aido(project, "plan", "--detailed-exitcode") == 0  # left as written: not aido's
