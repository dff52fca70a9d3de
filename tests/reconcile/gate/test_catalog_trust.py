"""A catalog you can trust (issue 19): deprecation, sensitive marks, min_cli_version, errors."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from aidokit.catalog import entries
from tests.helpers import ONLY_CONTEXT7, aido, new_project
from tests.reconcile.security_helpers import catalog_with, entry

Capture = pytest.CaptureFixture[str]


def test_deprecated_trigger_selected_entry_is_deleted_with_its_replacement(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Capture
) -> None:
    """An entry a trigger selected and aido wrote goes with "deprecated, use X"; doctor agrees."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    live = dataclasses.replace(entry("old-docs"), triggers=("always",))
    monkeypatch.setattr(entries, "MCP_CATALOG", catalog_with(live))
    assert aido(project, "apply", "--yes") == 0
    assert "old-docs" in json.loads((project / ".mcp.json").read_text())["mcpServers"]

    retired = dataclasses.replace(live, deprecated=True, replaced_by="context7")
    monkeypatch.setattr(entries, "MCP_CATALOG", catalog_with(retired))
    capsys.readouterr()
    assert aido(project, "plan") == 0
    assert "- old-docs  (delete: deprecated, use context7)" in capsys.readouterr().out
    assert aido(project, "doctor", "--json") == 0
    found = json.loads(capsys.readouterr().out)["findings"]
    (hit,) = [f for f in found if f["check"] == "deprecated"]
    assert "'old-docs': deprecated, use context7" in hit["message"]
    assert aido(project, "apply", "--yes") == 0
    assert "old-docs" not in json.loads((project / ".mcp.json").read_text())["mcpServers"]


def test_text_plan_marks_security_sensitive_entries(tmp_path: Path, capsys: Capture) -> None:
    """A sensitive entry's create line says so; a routine one's does not."""
    toml = 'adapters = ["claude-code"]\n[mcp]\nadd = ["filesystem", "time"]\n'
    project = new_project(tmp_path, toml)
    assert aido(project, "plan") == 0
    out = capsys.readouterr().out
    assert "+ filesystem [sensitive]" in out
    assert "written only after you confirm it (aido confirm filesystem)" in out
    assert "+ time  (" in out and "+ time [sensitive]" not in out


@pytest.mark.parametrize(("version", "code"), [("2.1.31", 1), ("2.1.32", 0)])
def test_context7_needs_claude_code_2_1_32(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Capture, version: str, code: int
) -> None:
    """The real catalog's context7 sets min_cli_version 2.1.32 for Claude Code; doctor checks it."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "claude"
    fake.write_text(f"#!/bin/sh\necho '{version} (Claude Code)'\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    capsys.readouterr()
    assert aido(project, "doctor", "--json") == code
    found = json.loads(capsys.readouterr().out)["findings"]
    hits = [f for f in found if f["check"] == "cli-version"]
    assert bool(hits) == bool(code)
    if hits:
        assert f"{version} is older than 2.1.32" in hits[0]["message"]


def test_no_install_spec_error_has_a_stable_code_and_details(
    tmp_path: Path, capsys: Capture
) -> None:
    """An added entry the harness cannot run fails with MCP_NO_INSTALL_FOR_ADAPTER and details."""
    # azure-devops takes its organization as an argument, which Codex cannot expand: no
    # spec for codex (neon was the example until it moved to Neon's hosted server).
    toml = 'adapters = ["codex"]\n[mcp]\nadd = ["azure-devops"]\n'
    project = new_project(tmp_path, toml)
    assert aido(project, "plan", "--json") == 1
    captured = capsys.readouterr()
    error = json.loads(captured.out)["error"]
    assert error["code"] == "MCP_NO_INSTALL_FOR_ADAPTER"
    assert error["details"]["id"] == "azure-devops"
    assert error["details"]["adapter"] == "codex"
    assert "codex" not in error["details"]["supported"]
    assert "claude-code" in error["details"]["supported"]
    assert captured.err.count("\n") == 1 and "no install spec for codex" in captured.err


def test_state_records_each_entry_source_never_its_confirmation(tmp_path: Path) -> None:
    """State says where an entry not from the catalog came from, and never that the user
    confirmed it: committed state names ownership and never vouches (SPEC §6); the
    confirmation lives in the person's own store."""
    from tests.reconcile.gate.test_gate import CUSTOM, confirm_in_store

    project = new_project(tmp_path, ONLY_CONTEXT7 + 'add = ["time"]\n' + CUSTOM)
    confirm_in_store(project)
    assert aido(project, "apply", "--yes") == 0
    records = json.loads((project / ".aido/state.json").read_text())["records"]
    seen = {r["id"]: r.get("source", "catalog") for r in records}
    assert seen == {"context7": "catalog", "time": "catalog", "my-api": "custom"}
    assert not [r for r in records if "confirmed" in r]
    lock = json.loads((project / "aido.lock").read_text())["entries"]
    assert {key: value["source"] for key, value in lock.items()} == {
        "context7": "catalog",
        "time": "catalog",
        "my-api": "custom",
    }
