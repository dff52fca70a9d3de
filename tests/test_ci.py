"""The pre-commit hook and the GitHub Action's script, run locally against fixtures."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SCRIPT = ROOT / "ci" / "aido-check.sh"


def hook() -> dict[str, str]:
    """The `aido-check` hook's keys (the file is flat YAML: one `key: value` per line)."""
    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    pairs = re.findall(r"^\s*-?\s*([a-z_]+): (.+)$", text, re.M)
    return dict(pairs)


def environ(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "GITHUB_"))}
    env.update(HOME=str(home), PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}", **extra)
    return env


@pytest.fixture
def drifted(fixture_project: Callable[[str], Path]) -> Path:
    """The demo project before its first apply: its files lack the desired entries."""
    return fixture_project("demo-project")


@pytest.fixture
def converged(drifted: Path, sandbox_home: Path) -> Path:
    subprocess.run(
        [str(BIN / "aido"), "apply", "--yes"], cwd=drifted, env=environ(sandbox_home), check=True
    )
    return drifted


def snapshot(project: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in project.rglob("*") if p.is_file()}


def test_hook_is_a_project_scope_plan_that_takes_no_filenames() -> None:
    """The hook runs `aido plan --detailed-exitcode` in project scope, as a python hook."""
    keys = hook()
    assert keys["id"] == "aido-check"
    assert keys["entry"].startswith("aido plan --detailed-exitcode --scope project")
    assert (keys["language"], keys["pass_filenames"]) == ("python", "false")


@pytest.mark.parametrize(("state", "expected"), [("drifted", 2), ("converged", 0)])
def test_hook_entry_fails_on_drift_and_writes_nothing(
    state: str, expected: int, request: pytest.FixtureRequest, sandbox_home: Path
) -> None:
    """The hook's entry exits 2 on a drifted project, 0 on a converged one; no file changes."""
    project: Path = request.getfixturevalue(state)
    before = snapshot(project)
    result = subprocess.run(
        shlex.split(hook()["entry"]), cwd=project, env=environ(sandbox_home), capture_output=True
    )
    assert result.returncode == expected, result.stdout
    assert snapshot(project) == before


def test_action_installs_from_its_path_and_runs_the_script() -> None:
    """action.yml is composite, pip-installs `github.action_path`, and calls ci/aido-check.sh."""
    text = (ROOT / "action.yml").read_text(encoding="utf-8")
    assert "using: composite" in text
    assert "${{ github.action_path }}" in text and 'pip install --quiet "$AIDO_SRC"' in text
    assert '"$GITHUB_ACTION_PATH/ci/aido-check.sh"' in text
    assert os.access(SCRIPT, os.X_OK)


def run_check(project: Path, home: Path, summary: Path) -> subprocess.CompletedProcess[str]:
    env = environ(home, AIDO_PROJECT=str(project), GITHUB_STEP_SUMMARY=str(summary))
    return subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True)


def test_script_fails_on_drift_with_plan_in_summary(
    drifted: Path, sandbox_home: Path, tmp_path: Path
) -> None:
    """A drifted project fails the step and the job summary holds the rendered plan."""
    summary = tmp_path / "summary.md"
    result = run_check(drifted, sandbox_home, summary)
    assert result.returncode == 2
    text = summary.read_text()
    assert "MCP config drifted" in text and "aido apply" in text
    assert "+ context7" in text and re.search(r"Plan: \d+ to add", text)
    assert "::error title=aido drift::" in result.stdout


def test_script_passes_when_converged(converged: Path, sandbox_home: Path, tmp_path: Path) -> None:
    """A converged project passes and the summary says so."""
    summary = tmp_path / "summary.md"
    result = run_check(converged, sandbox_home, summary)
    assert result.returncode == 0, result.stdout
    assert "is converged" in summary.read_text()


def test_script_reports_errors(drifted: Path, sandbox_home: Path, tmp_path: Path) -> None:
    """An unparsable config file is an error (exit 1), with aido's message in the summary."""
    (drifted / ".mcp.json").write_text("{broken")
    summary = tmp_path / "summary.md"
    result = run_check(drifted, sandbox_home, summary)
    assert result.returncode == 1
    assert "the check failed" in summary.read_text() and "not valid JSON" in summary.read_text()
