"""`aido catalog list|show|import|schema` and `aido suggest` through the real CLI entry point."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from aidokit.catalog.entries import MCP_CATALOG
from aidokit.reconcile.cli.main import main

SERVER_JSON = Path(__file__).resolve().parents[2] / "fixtures" / "server-json"
Capture = pytest.CaptureFixture[str]


def test_catalog_list_text(capsys: Capture) -> None:
    """The list shows every entry and the count."""
    assert main(["catalog", "list"]) == 0
    out = capsys.readouterr().out
    assert f"{len(MCP_CATALOG)} entries" in out
    assert len(MCP_CATALOG) >= 20
    assert "deprecated -> playwright" in out


def test_catalog_list_json(capsys: Capture) -> None:
    """--json gives one object per entry with its gates and adapters."""
    assert main(["catalog", "list", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["format_version"] == 1
    rows = doc["entries"]
    assert [row["id"] for row in rows] == [entry.id for entry in MCP_CATALOG]
    filesystem = next(row for row in rows if row["id"] == "filesystem")
    assert filesystem["security_sensitive"] is True
    assert "claude-code" in filesystem["adapters"]


def test_catalog_show(capsys: Capture) -> None:
    """show prints the triggers, env and install specs of one entry."""
    assert main(["catalog", "show", "github"]) == 0
    out = capsys.readouterr().out
    assert "detect.githubRemote" in out
    assert "GITHUB_PERSONAL_ACCESS_TOKEN (secret, required)" in out
    assert "https://api.githubcopilot.com/mcp/" in out


def test_catalog_show_json(capsys: Capture) -> None:
    """show --json holds the entry's full model dump under `entry`."""
    assert main(["catalog", "show", "context7", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["format_version"] == 1
    data = doc["entry"]
    assert data["id"] == "context7"
    assert data["install"]["claude-code"]["url"] == "https://mcp.context7.com/mcp"


def test_catalog_show_unknown_id(capsys: Capture) -> None:
    """An unknown id exits 1 with a hint, no traceback."""
    assert main(["catalog", "show", "playwrite"]) == 1
    err = capsys.readouterr().err
    assert "no entry 'playwrite'" in err
    assert "did you mean 'playwright'" in err


def test_catalog_show_needs_an_id(capsys: Capture) -> None:
    """show without an id is a usage error."""
    assert main(["catalog", "show"]) == 1
    assert "needs an entry id" in capsys.readouterr().err


def test_catalog_import_prints_python(capsys: Capture) -> None:
    """import prints a ready MCPDef(...) with review notes, and registers nothing."""
    before = len(MCP_CATALOG)
    assert main(["catalog", "import", str(SERVER_JSON / "weather-npm-and-remote.json")]) == 0
    out = capsys.readouterr().out
    assert out.lstrip().startswith("# imported from weather-npm-and-remote.json")
    assert 'MCPDef(\n        id="weather",' in out
    # The remote form where an adapter can run it, the npm package for every other one.
    assert '"remote": RemoteSpec(url="https://weather.example.com/mcp"' in out
    assert '"stdio": StdioSpec(command="npx"' in out
    assert len(MCP_CATALOG) == before


def test_catalog_import_invalid(capsys: Capture) -> None:
    """An invalid server.json exits 1 naming the file and the field."""
    path = SERVER_JSON / "invalid" / "no-namespace.json"
    assert main(["catalog", "import", str(path)]) == 1
    err = capsys.readouterr().err
    assert "no-namespace.json is not a valid server.json at name" in err


def test_catalog_schema(capsys: Capture) -> None:
    """schema prints the catalog's JSON Schema."""
    assert main(["catalog", "schema"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "aido MCP catalog"


def test_suggest_react_github(capsys: Capture, project_copy: Callable[[str], Path]) -> None:
    """A React project on GitHub selects context7, playwright and github, each explained."""
    project = project_copy("react-github")
    assert main(["suggest", "--project", str(project)]) == 0
    out = capsys.readouterr().out
    assert "  context7: always\n" in out
    assert "  sequential-thinking: always\n" in out
    assert "  playwright: stack.hasFrontend (react, from package.json)\n" in out
    assert "  github: detect.githubRemote (github.com, from .git/config)\n" in out
    assert "puppeteer: deprecated; use playwright" in out
    # Gated entries that would not match here are one line, not one each (issue 54 §6).
    assert "filesystem" not in out
    assert "more security-sensitive or deprecated entries match nothing here" in out


def test_suggest_json(capsys: Capture, project_copy: Callable[[str], Path]) -> None:
    """suggest --json lists one object per selected entry with id, trigger and reason."""
    project = project_copy("fastapi-gitlab")
    assert main(["suggest", "--json", "--project", str(project)]) == 0
    data = json.loads(capsys.readouterr().out)
    selected = {row["id"]: row for row in data["selected"]}
    assert selected["gitlab"]["trigger"] == "detect.gitlabRemote"
    assert selected["gitlab"]["reason"] == "detect.gitlabRemote (gitlab.com, from .git/config)"
    assert "github" not in selected
    assert {row["id"] for row in data["left_out"]} >= {"filesystem", "puppeteer"}
    assert data["facts"]["stack_packs"]["fastapi"] == {
        "value": "fastapi",
        "source": "pyproject.toml",
    }


def test_suggest_reads_aido_toml(capsys: Capture, tmp_path: Path) -> None:
    """stack_packs in aido.toml replace detection for suggest."""
    (tmp_path / "aido.toml").write_text('stack_packs = ["nx"]\n', encoding="utf-8")
    assert main(["suggest", "--project", str(tmp_path)]) == 0
    assert "  nx: stack.has(nx) (from aido.toml stack_packs)\n" in capsys.readouterr().out


def test_suggest_missing_project(capsys: Capture, tmp_path: Path) -> None:
    """A --project that does not exist is a one-line error."""
    assert main(["suggest", "--project", str(tmp_path / "nope")]) == 1
    assert "does not exist" in capsys.readouterr().err
