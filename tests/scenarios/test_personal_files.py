"""A person's own files for a project (issue 49): out of `git status`, switched by `aido
use`, shown by `aido status`; the team's files and `aido.lock` untouched."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.helpers import aido, new_project
from tests.test_json_schemas import assert_valid

TEAM = 'adapters = ["claude-code", "cursor"]\nsuggest = false\n[mcp]\nadd = ["context7", "fetch"]\n'


def git(cwd: Path, *argv: str) -> str:
    ident = ["-c", "user.name=aido tests", "-c", "user.email=tests@aido.invalid"]
    done = subprocess.run(["git", *ident, *argv], cwd=cwd, check=True, capture_output=True)
    return done.stdout.decode()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A committed team repository, converged."""
    root = new_project(tmp_path, TEAM)
    git(root, "init", "-q")
    assert aido(root, "apply", "--yes") == 0
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "team")
    return root


def test_a_persons_files_never_show_in_git_status(project: Path) -> None:
    """`aido remove --local` starts aido.local.toml and .claude/settings.local.json; both
    go into .git/info/exclude (never the team's .gitignore), so `git status` stays clean."""
    assert aido(project, "remove", "fetch", "--local", "--yes") == 0
    assert (project / "aido.local.toml").is_file()
    assert (project / ".claude" / "settings.local.json").is_file()
    assert git(project, "status", "--porcelain") == ""
    exclude = (project / ".git" / "info" / "exclude").read_text()
    assert "/.claude/settings.local.json" in exclude and "/aido.local.toml" in exclude
    assert not (project / ".gitignore").exists()


def test_use_switches_per_person_and_status_shows_it(
    project: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido use` turns the team's other servers off in the person's file only, says where
    it cannot reach (Cursor), `aido status` (and `--json`) name the profile, `--none`
    ends it; an unknown profile is one sentence naming what there is."""
    (project / "aido.local.toml").write_text('[profiles.docs]\nenable = ["context7"]\n')
    capsys.readouterr()
    assert aido(project, "use", "nope") == 1
    err = capsys.readouterr().err
    assert "no [profiles.nope] in aido.toml or aido.local.toml" in err and "docs" in err
    assert aido(project, "use", "docs") == 0
    out = capsys.readouterr().out.replace("\n", " ")
    assert "cursor has no per-person file for this project" in out
    local = json.loads((project / ".claude" / "settings.local.json").read_text())
    assert local == {"disabledMcpjsonServers": ["fetch"]}
    assert aido(project, "status") == 0
    assert "Profile: docs" in capsys.readouterr().out
    assert aido(project, "status", "--json") == 0
    doc = json.loads(capsys.readouterr().out)
    assert_valid("status", doc)
    assert doc["profile"] == "docs"
    assert git(project, "status", "--porcelain") == "?? aido.local.toml\n"  # written by hand
    assert aido(project, "use", "--none") == 0
    assert not (project / ".claude" / "settings.local.json").exists()
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_import_at_local_scope_records_into_the_persons_layer(
    project: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido import --scope local` takes a server from the person's local scope into
    aido.local.toml (never aido.toml), adopts it there, and the team's files, aido.toml and
    aido.lock keep their bytes."""
    team = {p: (project / p).read_bytes() for p in ("aido.toml", "aido.lock", ".mcp.json")}
    claude = sandbox_home / ".claude.json"
    time = {"type": "stdio", "command": "uvx", "args": ["mcp-server-time"]}
    claude.write_text(json.dumps({"projects": {str(project): {"mcpServers": {"time": time}}}}))
    capsys.readouterr()
    assert aido(project, "import", "--scope", "local", "--yes") == 0
    assert "into aido.local.toml" in capsys.readouterr().out
    assert "time" in (project / "aido.local.toml").read_text()
    assert team == {p: (project / p).read_bytes() for p in team}
    assert aido(project, "plan", "--scope", "local", "--detailed-exitcode") == 0
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_a_local_choice_is_pinned_with_the_person(
    project: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A local addition's pin goes to the user state folder, per project, never to
    aido.lock; the next local plan renders from it; undo takes the local apply back whole."""
    from aidokit.reconcile.core.paths import user_state_dir
    from aidokit.reconcile.read.personal import personal_lock_path

    lock = (project / "aido.lock").read_bytes()
    (project / "aido.local.toml").write_text('[mcp]\nadd = ["time"]\n')
    assert aido(project, "apply", "--yes", "--scope", "local") == 0
    mine = personal_lock_path(user_state_dir(os.environ), project)
    pins = json.loads(mine.read_text())
    assert "time" in json.dumps(pins) and "context7" not in json.dumps(pins)
    assert (project / "aido.lock").read_bytes() == lock
    assert aido(project, "plan", "--scope", "local", "--detailed-exitcode") == 0
    capsys.readouterr()
    assert aido(project, "plan", "--scope", "local", "--json") == 0
    assert json.loads(capsys.readouterr().out)["lock"] is None  # aido.lock is the team's
    assert aido(project, "undo", "--yes", "--scope", "local") == 0
    assert not mine.exists()
    claude = sandbox_home / ".claude.json"  # aido created it: undo takes it away again
    assert not claude.exists() or "time" not in claude.read_text()


def _without_local_place() -> list[str]:
    """Adapters with a project file and no per-person place of their own."""
    from aidokit.adapters import ADAPTERS
    from aidokit.adapters.base import Scope

    return sorted(
        name
        for name, adapter in ADAPTERS.items()
        if Scope.PROJECT in adapter.scopes and Scope.LOCAL not in adapter.scopes
    )


@pytest.mark.parametrize("name", _without_local_place())
def test_a_project_file_git_ignores_is_the_persons_place(tmp_path: Path, name: str) -> None:
    """SPEC §4: a harness file git ignores is not the team's. Local scope writes the person's
    additions there (owned through their own state), the project plan stays converged, and
    destroying the local scope gives back the team's bytes; a tracked one gets nothing."""
    from aidokit.adapters import ADAPTERS
    from aidokit.adapters.base import Host, Scope

    root = new_project(tmp_path, f'adapters = ["{name}"]\nsuggest = false\n[mcp]\nadd = ["time"]\n')
    git(root, "init", "-q")
    location = ADAPTERS[name].location(Scope.PROJECT, Host.current(root))
    assert location is not None
    relative = location.path.relative_to(root).as_posix()
    (root / ".gitignore").write_text(f"/{relative}\n", encoding="utf-8")
    assert aido(root, "apply", "--yes") == 0
    team = location.path.read_bytes()
    (root / "aido.local.toml").write_text('[mcp]\nadd = ["fetch"]\n', encoding="utf-8")
    assert aido(root, "apply", "--scope", "local", "--yes") == 0
    assert b"mcp-server-fetch" in location.path.read_bytes()
    assert aido(root, "plan", "--detailed-exitcode") == 0
    assert aido(root, "plan", "--scope", "local", "--detailed-exitcode") == 0
    assert aido(root, "destroy", "--scope", "local", "--yes") == 0
    assert location.path.read_bytes() == team
    # Tracked again: the file is the team's, and the local plan writes nothing there.
    (root / ".gitignore").unlink()
    assert aido(root, "apply", "--scope", "local", "--yes") == 0
    assert location.path.read_bytes() == team
