"""A conflict's hint starts with one command that works as hinted (issue 38 §1): adopt when
the entry already holds aido's version, import when it runs the catalog entry in another
form, adopt --force otherwise. Each hint is run, as printed, and must converge."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import pytest

from aidokit.reconcile.cli.main import main
from tests.helpers import aido, new_project

CLAUDE = 'adapters = ["claude-code"]\nsuggest = false\n[mcp]\nadd = ["context7"]\n'
AIDOS = {"type": "http", "url": "https://mcp.context7.com/mcp"}
NPX = {"command": "npx", "args": ["-y", "@upstash/context7-mcp@latest"]}
OTHER = {"command": "node", "args": ["my-own-context.js"]}


def _hint(project: Path, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert aido(project, "plan", "--json") == 0
    plan = json.loads(capsys.readouterr().out)
    [change] = [c for f in plan["files"] for c in f["changes"] if c["action"] == "conflict"]
    return str(change["hint"])


def _run_hint(project: Path, hint: str) -> int:
    """The first command of the hint, as a person would type it (with --yes: no terminal)."""
    command = hint.split(" takes ", 1)[0].split(" replaces ", 1)[0]
    argv = shlex.split(command)
    assert argv[0] == "aido", hint
    return main([*argv[1:], "--yes", "--project", str(project)])


@pytest.mark.parametrize(
    ("entry", "starts"),
    [
        (AIDOS, "aido adopt context7 --adapter claude-code takes it over as it stands"),
        ({**AIDOS, "timeout": 30}, "aido adopt context7 --adapter claude-code takes it over"),
        (NPX, "aido import takes it over as catalog entry 'context7'"),
        ({"command": "npx", "args": ["@upstash/context7-mcp"]}, "aido import takes it over"),
        (OTHER, "aido adopt context7 --adapter claude-code --force replaces it"),
    ],
    ids=["as-aido-writes-it", "with-a-key-of-its-own", "npx-form", "npx-unpinned", "other"],
)
def test_each_conflict_hint_works_as_hinted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], entry: dict[str, Any], starts: str
) -> None:
    """The hint's first command succeeds as printed, and the plan is converged after it."""
    project = new_project(tmp_path, CLAUDE)
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"context7": entry}}))
    hint = _hint(project, capsys)
    assert hint.startswith(starts), hint
    assert _run_hint(project, hint) == 0
    assert aido(project, "plan", "--detailed-exitcode") == 0
    servers = json.loads((project / ".mcp.json").read_text())["mcpServers"]
    assert servers["context7"]["url"] == AIDOS["url"]


def test_adopt_without_force_refuses_only_when_the_hint_says_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido adopt NAME --adapter A` (no --force) is hinted only where it succeeds."""
    for number, entry in enumerate((AIDOS, NPX, OTHER)):
        project = new_project(tmp_path, CLAUDE, folder=f"p{number}")
        (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"context7": entry}}))
        hint = _hint(project, capsys)
        plain = "aido adopt context7 --adapter claude-code takes it over" in hint
        code = aido(project, "adopt", "context7", "--adapter", "claude-code")
        assert (code == 0) == plain, (hint, code)
