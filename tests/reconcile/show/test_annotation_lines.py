"""CI annotations land on the exact line (issue 54 item 5): a file's error where its message
says, a new entry on the line of aido.toml that names it, a drifted entry on its own line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.reconcile.show.annotations import error_position, github_annotations
from aidokit.reconcile.show.artifact import plan_doc
from tests.helpers import aido, new_project


def _annotations(project: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    capsys.readouterr()
    aido(project, "plan", "--json")
    doc = plan_doc(json.loads(capsys.readouterr().out))
    assert not isinstance(doc, str)
    return github_annotations(doc, root=project)


def test_a_new_entry_is_annotated_on_the_aido_toml_line_that_adds_it(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No .mcp.json yet: `memory` points at `add = [...]` on line 4, not line 1."""
    toml = '# team servers\nadapters = ["claude-code"]\n[mcp]\nadd = ["memory"]\n'
    project = new_project(tmp_path, toml)
    found = [a for a in _annotations(project, capsys) if "::memory would be added" in a]
    assert found and found[0].startswith("::error file=aido.toml,line=4,")


def test_a_files_error_is_annotated_at_its_line_and_column(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A comment in Cursor's strict JSON at 3:29 is annotated at line 3, column 29."""
    project = new_project(tmp_path, 'adapters = ["cursor"]\n')
    (project / ".cursor").mkdir()
    (project / ".cursor/mcp.json").write_text(
        '{\n  "mcpServers": {\n    "a": {"command": "x"} // mine\n  }\n}\n'
    )
    errors = [a for a in _annotations(project, capsys) if "title=aido error" in a]
    assert len(errors) == 1
    line, col = error_position(errors[0].split("::", 2)[2])
    assert errors[0].startswith(f"::error file=.cursor/mcp.json,line={line},col={col},")
    assert line == 3 and col is not None


def test_a_drifted_entry_is_annotated_on_its_own_line(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry aido wrote and someone edited: its line in .mcp.json."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\n[mcp]\nadd = ["memory"]\n')
    assert aido(project, "apply", "--yes") == 0
    path = project / ".mcp.json"
    data = json.loads(path.read_text())
    data["mcpServers"]["memory"]["args"].append("--extra")
    path.write_text(json.dumps(data, indent=2))
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if '"memory"' in t)
    found = [a for a in _annotations(project, capsys) if "::memory " in a]
    assert found and found[0].startswith(f"::error file=.mcp.json,line={line},")


@pytest.mark.parametrize(
    ("message", "position"),
    [
        ("/x/.cursor/mcp.json:3:29: Cursor reads strict JSON", (3, 29)),
        ("aido.toml: invalid value at line 4, column 7", (4, 7)),
        ("aido.toml line 2: is not valid TOML", (2, None)),
        ("it is not valid JSON", (1, None)),
    ],
)
def test_error_position_reads_the_forms_aido_writes(
    message: str, position: tuple[int, int | None]
) -> None:
    assert error_position(message) == position


def test_the_job_summary_heads_conflicts_apart_and_shows_each_file_in_its_syntax(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A plan of 0 changes and 1 conflict is headed so; a .mcp.json entry is shown as JSON,
    a Codex one as TOML; a long error is shown whole (issue 54 item 5)."""
    from aidokit.reconcile.show.job_summary import render_job_summary

    project = new_project(
        tmp_path, 'adapters = ["claude-code"]\n[mcp]\nskip = ["sequential-thinking"]\n'
    )
    (project / ".mcp.json").write_text('{"mcpServers": {"context7": {"command": "mine"}}}\n')
    capsys.readouterr()
    aido(project, "plan", "--json")
    doc = plan_doc(json.loads(capsys.readouterr().out))
    assert not isinstance(doc, str)
    text = render_job_summary(doc, name="acme/shop", root=project)
    assert "<summary>The plan (0 changes, 1 conflict)</summary>" in text

    codex = new_project(tmp_path, 'adapters = ["codex", "claude-code"]\n', folder="two")
    aido(codex, "plan", "--json")
    doc = plan_doc(json.loads(capsys.readouterr().out))
    assert not isinstance(doc, str)
    text = render_job_summary(doc, name="acme/shop", root=codex)
    toml = text[text.index("# .codex/config.toml") : text.index("# .mcp.json")]
    assert 'url = "https://mcp.context7.com/mcp"' in toml
    assert '"url": "https://mcp.context7.com/mcp"' in text[text.index("# .mcp.json") :]

    broken = "x" * 400 + " then run aido again"
    error = plan_doc({"format_version": 1, "error": {"code": "config", "message": broken}})
    assert broken in render_job_summary(error, name="acme/shop", root=codex)
