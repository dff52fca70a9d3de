"""`build_plan` reads nothing (issue 29 §4): every fact it needs is in the World.

The lock's digest, the companion files (Claude Code's settings file, where a budget
puts deny items) and the harnesses' trust records (Claude Code's settings files and
~/.claude.json, Codex's and Copilot's configs, Gemini's trusted folders and agent
acknowledgements, Qwen's approvals) are read by `read_world`, once, under the safe-read
rules; the plan is then computed with the filesystem forbidden and must equal the plan
computed with it allowed.
"""

from __future__ import annotations

import builtins
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from aidokit.reconcile.plan.engine import build_plan
from aidokit.reconcile.read.world import gather, read_world
from tests.helpers import aido, new_project

ADAPTERS = ["claude-code", "codex", "copilot-cli", "gemini-cli", "qwen-code", "cursor"]
FORBIDDEN = ("open", "stat", "lstat", "scandir", "listdir", "access", "readlink")


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    toml = (
        f"adapters = {json.dumps(ADAPTERS)}\n"
        '[mcp]\nadd = ["git"]\nskip = ["sequential-thinking"]\n'
        '[roles]\ntester-reviewer = ["qa"]\n[mcp.roles]\ngit = ["tester-reviewer"]\n'
        # A budget Claude Code keeps in its settings file (a companion file, read by the world).
        '[override.context7]\nexclude_tools = ["resolve-library-id"]\n'
    )
    root = new_project(tmp_path, toml).resolve()
    _write(root / ".claude/agents/qa.md", "---\nname: qa\ndescription: tests\n---\nTest.\n")
    _write(root / ".gemini/agents/qa.md", "---\nname: qa\ndescription: tests\n---\nTest.\n")
    _write(root / ".claude/settings.json", '{"enabledMcpjsonServers": ["context7"]}\n')
    home = Path(os.environ["HOME"])
    _write(home / ".claude.json", json.dumps({"projects": {str(root): {}}}))
    _write(home / ".codex/config.toml", f'[projects."{root}"]\ntrust_level = "trusted"\n')
    _write(home / ".gemini/trustedFolders.json", json.dumps({str(root): "TRUST_FOLDER"}))
    return root


@pytest.fixture
def no_filesystem(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every open, stat and listing through `os` and `builtins` raises (and is recorded),
    except of Python's own files (a lazy import reads code, not data)."""
    calls: list[str] = []
    code = tuple(str(Path(p).resolve()) for p in {sys.prefix, sys.base_prefix, *sys.path} if p)

    def forbid(name: str) -> object:
        original = getattr(builtins if name == "open" else os, name)

        def refused(*args: object, **kwargs: object) -> object:
            target = str(args[0]) if args else ""
            if target.startswith(code) and not target.startswith(str(Path.home())):
                return original(*args, **kwargs)
            calls.append(f"{name}({target})")
            raise PermissionError(f"build_plan touched the filesystem: {name}({target})")

        return refused

    with monkeypatch.context() as patch:
        for name in FORBIDDEN:
            patch.setattr(os, name, forbid(name))
        patch.setattr(builtins, "open", forbid("open"))
        yield calls


@pytest.mark.parametrize("applied", [False, True], ids=["fresh", "converged"])
def test_build_plan_reads_nothing(
    project: Path, applied: bool, request: pytest.FixtureRequest
) -> None:
    """The same plan with the filesystem forbidden, fresh and after an apply."""
    if applied:
        assert aido(project, "apply", "--yes") == 0
    expected = build_plan(read_world(gather(project, scope="project", only=None)))
    # A fresh World (no cache of a first build filled): what build_plan uses, it carries.
    world = read_world(gather(project, scope="project", only=None))
    calls = request.getfixturevalue("no_filesystem")
    assert build_plan(world) == expected
    assert calls == []
    # Not vacuous: the gates were judged from records the world read (Claude Code's
    # `git` is not approved, Gemini's agent file is not acknowledged).
    assert world.trust.parsed and any(f.trust is not None for f in expected.files)
    # Claude Code's settings file is planned from the World too (its deny items).
    settings = [f for f in expected.files if f.path == ".claude/settings.json"]
    assert settings and any(c.name.startswith("mcp__context7__") for c in settings[0].changes)
