"""`aido status`: every entry of every targeted file, classified from plan and state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.catalog import entries
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.reconcile.cli.main import main
from tests.helpers import new_project

CONTEXT7 = {"type": "http", "url": "https://mcp.context7.com/mcp"}


@pytest.fixture(autouse=True)
def only_context7(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plan against a one-entry catalog so the expected statuses stay small."""
    monkeypatch.setattr(entries, "MCP_CATALOG", tuple(e for e in MCP_CATALOG if e.id == "context7"))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return new_project(tmp_path, 'adapters = ["claude-code"]\n')


def write_servers(project: Path, servers: dict[str, object]) -> None:
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": servers}))


def status_json(project: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    capsys.readouterr()
    assert main(["status", "--json", "--project", str(project)]) == 0
    data = json.loads(capsys.readouterr().out)
    return {e["name"]: e["status"] for f in data["files"] for e in f["entries"]}


def test_managed_and_unmanaged(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An owned, equal entry is managed; the user's own entry is unmanaged."""
    assert main(["apply", "--yes", "--project", str(project)]) == 0
    data = json.loads((project / ".mcp.json").read_text())
    data["mcpServers"]["mine"] = {"command": "my-server"}
    (project / ".mcp.json").write_text(json.dumps(data))
    assert status_json(project, capsys) == {"context7": "managed", "mine": "unmanaged"}


def test_drifted_when_owned_entry_was_edited(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An owned entry that differs from what aido wants is drifted."""
    assert main(["apply", "--yes", "--project", str(project)]) == 0
    write_servers(project, {"context7": {**CONTEXT7, "type": "sse"}})
    assert status_json(project, capsys) == {"context7": "drifted"}


def test_conflict_when_same_name_is_not_owned(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry named like a desired one that aido does not own is a conflict."""
    write_servers(project, {"context7": CONTEXT7})
    assert status_json(project, capsys) == {"context7": "conflict"}


def test_missing_when_desired_entry_is_absent(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A desired entry not yet in the file is listed as missing."""
    assert status_json(project, capsys) == {"context7": "missing"}


def test_text_output_names_file_adapter_and_summary(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The text form groups entries under their file and adapter and ends with counts."""
    write_servers(project, {"context7": CONTEXT7, "mine": {"command": "x"}})
    assert main(["status", "--no-color", "--project", str(project)]) == 0
    out = capsys.readouterr().out
    assert "# .mcp.json (claude-code, project)" in out
    assert "conflict   context7" in out and "aido adopt context7 --adapter claude-code" in out
    assert "unmanaged  mine" in out
    assert out.endswith("Status: 0 managed, 0 drifted, 1 conflict, 1 unmanaged, 0 missing.\n")


def test_unreadable_file_is_an_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that cannot be parsed is reported with its error and exits 1."""
    (project / ".mcp.json").write_text("{not json")
    assert main(["status", "--json", "--project", str(project)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["summary"]["error"] == 1
    assert "not valid JSON" in data["files"][0]["error"]
