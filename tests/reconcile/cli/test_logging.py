"""`-vv` (or `--log-level debug`) and `--log-format json`: operators see which files were read
and why servers were chosen; `-v` is for people and logs nothing more."""

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
    assert aido(project, "-vv", "--log-format", "json", "plan") == 0
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


@pytest.mark.parametrize("verbose", [("-v",), ("plan", "-v"), ("--log-level", "info", "-v")])
def test_one_verbose_prints_no_debug_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], verbose: tuple[str, ...]
) -> None:
    """`-v` (docs/ci.md's `args: [-v]` for pre-commit) shows notices in full, never debug logs."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    (project / ".mcp.json").write_text('{"mcpServers": {"mine": {"command": "x"}}}\n')
    args = [*verbose, "plan"] if "plan" not in verbose else list(verbose)
    assert aido(project, *args) == 0
    captured = capsys.readouterr()
    assert "debug" not in captured.err and "debug" not in captured.out
    assert captured.err == ""


@pytest.mark.parametrize("switch", [("-vv",), ("-v", "-v"), ("--log-level", "debug")])
def test_debug_logging_is_asked_for_by_name_or_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], switch: tuple[str, ...]
) -> None:
    """`-vv`, `-v -v` and `--log-level debug` each log the files read at debug level."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    assert aido(project, *switch, "plan") == 0
    err = capsys.readouterr().err
    assert "[debug" in err and "desired" in err


def test_log_level_wins_over_verbose(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A named level is what is logged, whatever the count of -v."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    assert aido(project, "-vvv", "--log-level", "warning", "plan") == 0
    assert capsys.readouterr().err == ""
