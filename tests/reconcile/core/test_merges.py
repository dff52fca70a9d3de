"""Git merge conflict markers in a harness file, `aido.lock` or the committed state (issue 49
§6): one sentence names the file, the line and the way out; run with real git, as
docs/ci.md's "Merging" section says to do it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from aidokit.reconcile.core.merges import marker_line
from tests.helpers import aido, new_project

TOML = (
    'adapters = ["claude-code", "vscode"]\nsuggest = false\n'
    '[mcp]\nadd = [\n  "context7",\n  "fetch",\n]\n'
)


def git(cwd: Path, *argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run git with a fixed identity in `cwd`."""
    ident = ["-c", "user.name=aido tests", "-c", "user.email=tests@aido.invalid"]
    return subprocess.run(
        ["git", *ident, *argv], cwd=cwd, check=check, capture_output=True, text=True
    )


def _branch(project: Path, name: str, old: str, new: str) -> None:
    """A branch that changes aido.toml's `add` list and commits what `aido apply` writes."""
    git(project, "checkout", "-q", "-b", name, "main")
    toml = project / "aido.toml"
    toml.write_text(toml.read_text().replace(old, new))
    assert aido(project, "apply", "--yes") == 0
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", name)


@pytest.fixture
def merged(tmp_path: Path) -> Path:
    """Two branches that each added a server, merged: aido.toml merges cleanly, the files
    aido writes do not."""
    project = new_project(tmp_path, TOML)
    git(project, "init", "-q", "-b", "main")
    assert aido(project, "apply", "--yes") == 0
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "start")
    _branch(project, "memory", '  "context7",\n', '  "memory",\n  "context7",\n')
    _branch(project, "time", '  "fetch",\n', '  "fetch",\n  "time",\n')
    git(project, "checkout", "-q", "main")
    git(project, "merge", "-q", "memory")
    assert git(project, "merge", "time", check=False).returncode != 0
    return project


def test_merge_conflicts_are_named_with_the_way_out(
    merged: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each conflicted file aido reads is one sentence (file, line, `git checkout
    --ours/--theirs`, then `aido apply`); taking a side and applying converges the
    merge with both servers, and nothing is written before."""
    conflicted = set(git(merged, "diff", "--name-only", "--diff-filter=U").stdout.split())
    assert {"aido.lock", ".aido/state.json", ".mcp.json", ".vscode/mcp.json"} <= conflicted
    assert "aido.toml" not in conflicted
    first = ["aido.lock", ".aido/state.json"]  # read before the harness files
    for name in [*first, *sorted(conflicted - set(first))]:
        raw = (merged / name).read_bytes()
        line = marker_line(raw)
        assert line is not None
        capsys.readouterr()
        assert aido(merged, "plan") == 1
        said = capsys.readouterr()
        text = (said.out + said.err).replace("\n", " ")
        path = merged / name
        assert f"{path} has git merge conflict markers (line {line}: <<<<<<<)" in text
        assert f"`git checkout --ours {path}` or `git checkout --theirs {path}`" in text
        again = {"aido.lock": "derives aido.lock again", ".aido/state.json": "records aido's"}
        again = again.get(name, "writes aido's entries again")
        assert "then run `aido apply`, which" in text and again in text
        assert "Traceback" not in text and "Expecting" not in text
        assert aido(merged, "apply", "--yes") == 1  # nothing written
        assert (merged / name).read_bytes() == raw
        git(merged, "checkout", "--ours", name)
    assert aido(merged, "apply", "--yes") == 0
    for name in (".mcp.json", ".vscode/mcp.json"):
        servers = json.loads((merged / name).read_text())
        assert {"memory", "time"} <= set(servers.get("mcpServers", servers.get("servers", {})))
    assert {"memory", "time"} <= set(json.loads((merged / "aido.lock").read_text())["entries"])
    git(merged, "add", "-A")
    git(merged, "commit", "-q", "--no-edit")
    assert aido(merged, "plan", "--detailed-exitcode") == 0


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (b'{\n<<<<<<< HEAD\n  "a": 1\n=======\n  "b": 2\n>>>>>>> theirs\n}\n', 2),
        (b"x = 1\r\n<<<<<<< ours\r\n|||||||\r\n=======\r\n>>>>>>> b\r\n", 2),
        (b'{"s": "<<<<<<< not at a line start"}\n', None),
        (b"<<<<<<< HEAD\nno end marker\n", None),
    ],
)
def test_marker_line(text: bytes, line: int | None) -> None:
    """The first `<<<<<<<` at a line start that a `>>>>>>>` line follows (CRLF, diff3)."""
    assert marker_line(text) == line
