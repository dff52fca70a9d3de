"""The deepagents adapter (Deep Agents Code, `dcode`): golden fixture cases and specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.adapters.runner import Case, case_params, run_case


@pytest.mark.parametrize("case", case_params("deepagents"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_a_project_file_waits_for_trust_and_claude_codes_file_is_left_alone() -> None:
    """dcode uses a project's servers once the project is trusted; the project root's
    .mcp.json, which it also reads, is Claude Code's and never this adapter's."""
    from aidokit.adapters.base import Scope
    from aidokit.adapters.deepagents import ADAPTER
    from tests.adapters.runner import make_host

    host = make_host({})
    project = ADAPTER.location(Scope.PROJECT, host)
    assert project is not None and project.path == host.project / ".deepagents" / ".mcp.json"
    (note,) = ADAPTER.file_notes(project, host)
    assert "trusted" in note
