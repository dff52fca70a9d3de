"""A refused apply leaves nothing behind: no file, and no empty folder (issue 54 item 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Scope
from tests.helpers import aido, new_project
from tests.reconcile.security_helpers import AIDO, run_in_pty, sandbox_env

CUSTOM = '[custom.mine]\ncommand = "npx"\nargs = ["-y", "my-mcp-server"]\n'


def _tree(root: Path) -> set[str]:
    """Every path under `root` but git's own folder."""
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if ".git" not in p.parts}


def _project_adapters() -> list[str]:
    return sorted(n for n, a in ADAPTERS.items() if Scope.PROJECT in a.scopes)


@pytest.mark.parametrize("adapter", _project_adapters())
def test_an_apply_refused_at_the_gate_leaves_no_folder(tmp_path: Path, adapter: str) -> None:
    """Without a terminal a custom server cannot be confirmed: apply refuses, and no
    harness folder (`.cursor/`, `.vscode/`, ...) or `.aido/` is left, for every adapter."""
    project = new_project(tmp_path, f'adapters = ["{adapter}"]\nsuggest = false\n' + CUSTOM)
    (project / ".git").mkdir()
    before = _tree(project)
    assert aido(project, "apply", "--yes") == 1
    assert _tree(project) == before


def test_a_broken_file_among_several_leaves_no_folder(tmp_path: Path) -> None:
    """One file that cannot be parsed stops the whole apply before any write (SPEC §6): the
    folders the other files would need are not made either."""
    toml = 'adapters = ["cursor", "vscode", "codex", "claude-code"]\nsuggest = false\n'
    project = new_project(tmp_path, toml + '[mcp]\nadd = ["context7"]\n')
    (project / ".git").mkdir()
    (project / ".mcp.json").write_text("{bad")
    before = _tree(project)
    assert aido(project, "apply", "--yes") == 1
    assert _tree(project) == before


@pytest.mark.parametrize("answer", ["no", ""])
def test_a_refused_confirmation_at_a_terminal_leaves_no_folder(
    tmp_path: Path, sandbox_home: Path, answer: str
) -> None:
    """Typing anything but the id at the prompt writes nothing and leaves no folder."""
    toml = 'adapters = ["cursor", "codex"]\nsuggest = false\n[mcp]\nadd = ["context7"]\n'
    project = new_project(tmp_path, toml + CUSTOM)
    (project / ".git").mkdir()
    before = _tree(project)
    code, out = run_in_pty(
        [AIDO, "apply", "--yes", "--project", str(project)], sandbox_env(sandbox_home), answer
    )
    assert code == 1, out
    assert _tree(project) == before, out


def test_a_stale_saved_plan_leaves_no_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A saved plan whose file changed since is refused whole: the new files' folders too."""
    toml = 'adapters = ["cursor", "claude-code"]\nsuggest = false\n[mcp]\nadd = ["context7"]\n'
    project = new_project(tmp_path, toml)
    (project / ".git").mkdir()
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {}}))
    saved = tmp_path / "plan.json"
    assert aido(project, "plan", "--out", str(saved)) == 0
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"mine": {"command": "x"}}}))
    before = _tree(project)
    assert aido(project, "apply", str(saved)) == 1
    assert _tree(project) == before
