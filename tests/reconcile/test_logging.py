"""`-v` and `--log-format json`: operators see which files were read and why servers were chosen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import ONLY_CONTEXT7, aido, new_project


def _events(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in capsys.readouterr().err.splitlines() if line]


def test_verbose_json_logs_name_every_file_read_and_each_choice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each targeted file gives one `read` event, each desired server one `desired` event."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    (project / ".mcp.json").write_text('{"mcpServers": {"mine": {"command": "x"}}}\n')
    assert aido(project, "-v", "--log-format", "json", "plan") == 0
    events = _events(capsys)
    reads = [e for e in events if e["event"] == "read"]
    assert [(e["path"], e["entries"], e["exists"]) for e in reads] == [
        (str(project / ".mcp.json"), 1, True)
    ]
    desired = [e for e in events if e["event"] == "desired"]
    assert [(e["id"], e["reason"]) for e in desired] == [("context7", "always")]
    assert all(e["level"] == "debug" and "timestamp" in e for e in events)


def test_without_verbose_nothing_is_logged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The default level keeps stderr quiet on a clean run."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    assert aido(project, "plan") == 0
    assert capsys.readouterr().err == ""
