"""The mcp-json adapter (the SEP-2633 draft's standard file): fixtures and its rules."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from aidokit.adapters.base import Scope
from aidokit.adapters.mcp_json import ADAPTER, REVISION
from aidokit.catalog.errors import CatalogError
from aidokit.catalog.models import StdioSpec
from tests.adapters.runner import Case, case_params, make_host, make_server, run_case
from tests.helpers import aido, new_project


@pytest.mark.parametrize("case", case_params("mcp-json"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_marked_as_a_draft_with_its_revision() -> None:
    """`aido adapters` says it is the SEP-2633 draft and which revision aido follows."""
    assert "SEP-2633 draft" in ADAPTER.title and REVISION in ADAPTER.title
    assert ADAPTER.evidence.link.endswith("2633-standard-client-mcp-json-configuration.md")
    assert any("draft" in gap for gap in ADAPTER.evidence.unconfirmed)
    project = ADAPTER.location(Scope.PROJECT, make_host({}))
    assert project is not None
    (note,) = ADAPTER.file_notes(project, make_host({}))
    assert "SEP-2633 draft" in note and "aido import" in note


def test_project_only_and_never_detected(tmp_path: Path) -> None:
    """The draft names no user file; a stray mcp.json never makes aido target it."""
    host = make_host({}, project=tmp_path)
    assert ADAPTER.location(Scope.USER, host) is None
    (tmp_path / "mcp.json").write_text('{"servers": {}}', encoding="utf-8")
    assert ADAPTER.detect(host, Scope.PROJECT) is None


@pytest.mark.parametrize("name", ["my.server", "a b", "tool/one", "émoji"])
def test_a_name_the_draft_refuses_is_not_written(name: str) -> None:
    """Server names must match ^[a-zA-Z0-9_\\[\\]-]+$: anything else fails, naming the fix."""
    server = make_server("mcp-json", {"id": name, "stdio": {"command": "npx"}})
    with pytest.raises(CatalogError, match="SEP-2633"):
        ADAPTER.build(server, StdioSpec(command="npx"))


def test_a_team_imports_from_the_standard_file(tmp_path: Path) -> None:
    """A hand-written mcp.json in the draft's shape is read back by `aido import`: its
    catalog servers become aido.toml choices, then aido owns them there."""
    project = new_project(tmp_path, 'adapters = ["mcp-json"]\nsuggest = false\n')
    servers = {
        "context7": {
            "title": "Context7",
            "type": "streamable-http",
            "url": "https://mcp.context7.com/mcp",
        }
    }
    (project / "mcp.json").write_text(json.dumps({"mcpServers": servers}, indent=2))
    assert aido(project, "import", "--yes") == 0
    config = tomllib.loads((project / "aido.toml").read_text(encoding="utf-8"))
    assert config["mcp"] == {"add": ["context7"]}
    assert aido(project, "plan", "--detailed-exitcode") in (0, 2)
    assert aido(project, "apply", "--yes") == 0
    assert aido(project, "plan", "--detailed-exitcode") == 0
    written = json.loads((project / "mcp.json").read_text())["mcpServers"]["context7"]
    assert (written["type"], written["url"]) == ("streamable-http", "https://mcp.context7.com/mcp")
