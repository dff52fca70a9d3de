"""The antigravity adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.antigravity import ADAPTER
from aidokit.adapters.base import Host, Scope
from tests.adapters.runner import Case, case_params, make_host, run_case


@pytest.mark.parametrize("case", case_params("antigravity"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_antigravity_2_files_and_their_evidence() -> None:
    """Antigravity 2.0's project and user files (issue 55), and the evidence says secondary."""
    host = make_host({})
    project = ADAPTER.location(Scope.PROJECT, host)
    user = ADAPTER.location(Scope.USER, host)
    assert project is not None and user is not None
    assert project.path == host.project / ".agents" / "mcp_config.json"
    assert user.path == host.home / ".gemini" / "config" / "mcp_config.json"
    assert ADAPTER.evidence.verified_by == "secondary"
    assert "rulesync" in ADAPTER.evidence.link


def test_the_pre_2_0_user_file_is_said_when_found(tmp_path: Path) -> None:
    """A leftover ~/.gemini/antigravity/mcp_config.json is no longer read: the plan says so."""
    host = Host(project=tmp_path / "p", home=tmp_path, os="linux", environ={})
    user = ADAPTER.location(Scope.USER, host)
    assert user is not None
    assert ADAPTER.file_notes(user, host) == ()
    legacy = tmp_path / ".gemini" / "antigravity" / "mcp_config.json"
    legacy.parent.mkdir(parents=True)
    legacy.write_text("{}", encoding="utf-8")
    (note,) = ADAPTER.file_notes(user, host)
    assert "before 2.0" in note and "~/.gemini/config/mcp_config.json" in note
    project = ADAPTER.location(Scope.PROJECT, host)
    assert project is not None and ADAPTER.file_notes(project, host) == ()
