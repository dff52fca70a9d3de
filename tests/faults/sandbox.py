"""Run the real `aido` console script in a subprocess against a sandboxed HOME."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

AIDO = str(Path(sys.executable).with_name("aido"))
# The demo's servers sort as chrome-devtools, context7, git, github, playwright, serena:
# toggling the last two keeps re-added entries in the same place, so each file has
# exactly one byte version per config and "old or new" is a byte comparison.
CONFIG_A = (
    'adapters = {adapters}\n[mcp]\nadd = ["playwright", "serena"]\nskip = ["sequential-thinking"]\n'
)
CONFIG_B = 'adapters = {adapters}\n[mcp]\nskip = ["sequential-thinking", "playwright", "serena"]\n'


def env_for(home: Path) -> dict[str, str]:
    """Environment with HOME and the XDG folders inside `home`."""
    env = {k: v for k, v in os.environ.items() if k not in ("CODEX_HOME", "APPDATA")}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        NO_COLOR="1",
        AIDO_LOCK_TIMEOUT="30",
    )
    return env


def start(project: Path, home: Path, *argv: str) -> subprocess.Popen[bytes]:
    """Start `aido ARGV --project PROJECT` without waiting."""
    return subprocess.Popen(
        [AIDO, *argv, "--project", str(project)],
        cwd=project,
        env=env_for(home),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def run(project: Path, home: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run `aido ARGV --project PROJECT` to the end."""
    return subprocess.run(
        [AIDO, *argv, "--project", str(project)],
        cwd=project,
        env=env_for(home),
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def parse(path: Path) -> dict[str, Any]:
    """Parse a harness file with the stdlib (JSONC only by the document layer)."""
    raw = path.read_bytes()
    if path.suffix == ".toml":
        return tomllib.loads(raw.decode("utf-8"))
    from aidokit.reconcile.documents import Format, read_document

    if path.parent.name == ".vscode":
        return read_document(path, Format.JSONC).value
    result: dict[str, Any] = json.loads(raw)
    return result


def claude_json(path: Path, *, target_bytes: int, project_key: str) -> None:
    """Write a Claude Code `~/.claude.json` of about `target_bytes` with thousands of projects."""
    rng = random.Random(8)
    projects: dict[str, Any] = {}
    size = 0
    while size < target_bytes:
        n = len(projects)
        history = [
            {"display": f"fix test {i} in módulo {n} " * rng.randint(1, 5)} for i in range(8)
        ]
        servers = {f"own-{i}": {"command": "uvx", "args": [f"tool-{i}"]} for i in range(n % 3)}
        project = {"history": history, "mcpServers": servers, "lastCost": rng.random()}
        projects[f"/home/dev/work/app-{n:05d}"] = project
        size += len(json.dumps(project, indent=2)) + 40
        if n == 2000:
            projects[project_key] = {"history": [], "mcpServers": {"mine": {"command": "x"}}}
    data = {
        "numStartups": 7,
        "mcpServers": {"users-own": {"command": "node"}},
        "projects": projects,
    }
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
