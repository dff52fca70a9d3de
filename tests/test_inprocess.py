"""The in-process runner gives what the real console script gives (tests/inprocess.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ONLY_CONTEXT7, new_project
from tests.inprocess import run_main

AIDO = str(Path(sys.executable).with_name("aido"))
CASES = {
    "version": ["--version"],
    "help": ["--help"],
    "plan": ["plan", "--detailed-exitcode"],
    "plan-json": ["plan", "--json"],
    "apply": ["apply", "--yes"],
    "usage error": ["no-such-command"],
    "json usage error": ["plan", "--json", "--no-such-flag"],
    "missing project": ["status", "--project", "missing-folder"],
}


@pytest.mark.parametrize("argv", CASES.values(), ids=list(CASES))
def test_in_process_run_matches_the_console_script(tmp_path: Path, argv: list[str]) -> None:
    """Exit code, stdout and stderr are the same in-process as from the real `aido`."""
    results = []
    for runner in ("process", "in-process"):
        shutil.rmtree(tmp_path / "proj", ignore_errors=True)
        project = new_project(tmp_path, ONLY_CONTEXT7)
        if runner == "process":
            env = {**os.environ, "NO_COLOR": "1"}
            done = subprocess.run(
                [AIDO, *argv], cwd=project, env=env, capture_output=True, text=True, check=False
            )
        else:
            done = run_main(argv, cwd=project, env={"NO_COLOR": "1"})
        results.append((done.returncode, done.stdout, done.stderr))
    process, in_process = results
    assert in_process == process


def test_in_process_run_restores_folder_streams_and_environment(tmp_path: Path) -> None:
    """After a run the test's folder, sys streams and environment are as before."""
    before = os.getcwd(), sys.stdin, sys.stdout, sys.stderr, dict(os.environ)
    os.environ["AIDO_TEST_UNSET_ME"] = "1"
    done = run_main(["--version"], cwd=tmp_path, env={"AIDO_TEST_UNSET_ME": None, "X_Y": "z"})
    assert done.returncode == 0 and done.stdout.startswith("aido ")
    assert os.environ.pop("AIDO_TEST_UNSET_ME") == "1" and "X_Y" not in os.environ
    assert (os.getcwd(), sys.stdin, sys.stdout, sys.stderr, dict(os.environ)) == before
