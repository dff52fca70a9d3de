"""Remote servers whose auth a harness cannot reference are left out there with a note (M5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import aido, new_project

TOML = 'adapters = ["zed", "kiro"]\n[mcp]\nadd = ["github"]\nskip = ["sequential-thinking"]\n'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return new_project(tmp_path, TOML)


def test_github_is_left_out_of_zed_with_a_note_even_when_asked_for(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`add = ["github"]` on zed: no entry without its Authorization header, a note says why."""
    assert aido(project, "plan", "--json") == 0
    plan = json.loads(capsys.readouterr().out)
    note = next(n for n in plan["notes"] if n.startswith("github: left out of zed"))
    assert "GITHUB_PERSONAL_ACCESS_TOKEN" in note and "fail to authenticate" in note
    files = {f["adapter"]: f for f in plan["files"]}
    assert "github" not in {c["name"] for c in files["zed"]["changes"]}
    assert "github" in {c["name"] for c in files["kiro"]["changes"]}


def test_apply_writes_no_entry_known_to_fail(project: Path) -> None:
    """After apply, Zed's settings hold no github entry; Kiro's holds it with its header."""
    (project / ".zed").mkdir()
    (project / ".kiro" / "settings").mkdir(parents=True)
    assert aido(project, "apply", "--yes") == 0
    zed = json.loads((project / ".zed" / "settings.json").read_text())
    assert "github" not in zed.get("context_servers", {})
    kiro = json.loads((project / ".kiro" / "settings" / "mcp.json").read_text())
    auth = kiro["mcpServers"]["github"]["headers"]["Authorization"]
    assert auth == "Bearer ${GITHUB_PERSONAL_ACCESS_TOKEN}"
