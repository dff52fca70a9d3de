"""Run `aido` the way a malicious repository meets it: in-process, or as the real script.

`run` calls the CLI entry point in this interpreter (same argv, folder,
environment and non-tty streams); `run_process` spawns the installed console
script, for the tests whose point is the process: a hang, the umask.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

from tests.helpers import new_project
from tests.inprocess import run_main

AIDO = str(Path(sys.executable).with_name("aido"))
TIMEOUT = 60  # a hang is the failure: never wait for it longer than this
CLAUDE_ONLY = 'adapters = ["claude-code"]\n[mcp]\nskip = ["sequential-thinking"]\n'


def run(project: Path, *argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `aido ARGV --project PROJECT` in-process with the test's sandboxed HOME."""
    env = {"CODEX_HOME": None, "APPDATA": None, "NO_COLOR": "1"}
    return run_main([*argv, "--project", str(project)], cwd=cwd or project, env=env)


def run_process(
    project: Path, *argv: str, cwd: Path | None = None, umask: int | None = None
) -> subprocess.CompletedProcess[str]:
    """Run `aido ARGV --project PROJECT` with the test's sandboxed HOME; never wait forever."""
    env = {k: v for k, v in os.environ.items() if k not in ("CODEX_HOME", "APPDATA")}
    env["NO_COLOR"] = "1"
    return subprocess.run(
        [AIDO, *argv, "--project", str(project)],
        cwd=cwd or project,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        timeout=TIMEOUT,
        preexec_fn=None if umask is None else (lambda: os.umask(umask) and None),
    )


def clean_error(result: subprocess.CompletedProcess[str], path_part: str) -> None:
    """Assert a one-sentence error (exit 1, one line naming `path_part`), never a traceback."""
    assert result.returncode == 1, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("aido: error:")]
    assert len(lines) == 1, result.stderr
    assert path_part in lines[0]
    assert "Traceback" not in result.stderr
    assert "bug in aido" not in result.stderr


def unsafe_chars(text: str) -> list[str]:
    """Every control, format or separator character in `text` (newline and tab allowed)."""
    return [
        char
        for char in text
        if char not in "\n\t" and unicodedata.category(char) in {"Cc", "Cf", "Zl", "Zp", "Co", "Cs"}
    ]


def project(tmp_path: Path, aido_toml: str | None = CLAUDE_ONLY) -> Path:
    """An empty project folder `tmp_path/repo`, with that aido.toml when given."""
    return new_project(tmp_path, aido_toml, "repo")


def write_json(path: Path, data: object) -> None:
    """Write `data` as JSON, creating the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
