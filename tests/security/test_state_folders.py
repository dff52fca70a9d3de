"""Every state folder under one rule, and git for baselines held to it (issue 48 items 4, 6).

The baseline cache, the tool cache, the decode memo, the journal and the
confirmations are believed and written only when they are the user's, no one
else may write them, they are no link, and they lie outside the project;
otherwise aido refuses before anything runs (git included). git runs with no
configuration but aido's own, its whole process group ends at the deadline,
and a `git+file://` baseline is judged where git reads it (a gitfile's
`gitdir:`, a `commondir`, an alternates file), not where its path points.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aidokit.reconcile.core.paths import state_folder_problem
from tests.helpers import aido, new_project
from tests.reconcile.read.test_baselines import commit, git

Capture = pytest.CaptureFixture[str]


def repo_at(folder: Path) -> Path:
    folder.mkdir(parents=True)
    git(folder, "init", "-q", "-b", "main")
    commit(folder, {"aido.toml": '[mcp]\nadd = ["memory"]\n'}, "first")
    return folder


def test_one_rule_for_every_state_folder(tmp_path: Path) -> None:
    """Inside the project, a link, or writable by others: refused, saying why."""
    project = tmp_path / "proj"
    (project / "state").mkdir(parents=True)
    assert "inside the project" in (state_folder_problem(project / "state", project) or "")
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    (tmp_path / "link").symlink_to(real)
    assert "link" in (state_folder_problem(tmp_path / "link", project) or "")
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    assert "others" in (state_folder_problem(shared, project) or "")
    assert state_folder_problem(real, project) is None
    assert state_folder_problem(tmp_path / "missing", project) is None


def test_a_baseline_cache_inside_the_project_is_refused_before_git_runs(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """XDG_STATE_HOME pointed into the project, with a planted cache repository whose config
    runs `core.alternateRefsCommand`: refused, and the command never runs."""
    base = repo_at(tmp_path / "org" / "base")
    monkeypatch.setenv("AIDO_BASELINE_ROOTS", str(tmp_path / "org"))
    project = new_project(tmp_path, f'extends = ["git+file://{base}#main:aido.toml"]\n')
    monkeypatch.setenv("XDG_STATE_HOME", str(project / ".state"))
    from aidokit.reconcile.read.baselines.cache import repository_folder

    planted = repository_folder(f"file://{base}", os.environ)
    planted.parent.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "--bare", str(planted)], check=True)
    marker = tmp_path / "ran"
    (planted / "objects" / "info" / "alternates").write_text(f"{base}/.git/objects\n", "utf-8")
    with (planted / "config").open("a", encoding="utf-8") as config:
        config.write(f"[core]\n\talternateRefsCommand = touch {marker} #\n")
    assert aido(project, "upgrade", "--baseline") == 1
    err = capsys.readouterr().err
    assert "inside the project" in err, err
    assert not marker.exists()


def test_a_planted_cache_repository_config_is_refused(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even in the user's own cache, a repository with alternates or configuration aido did
    not write is refused (delete it), and nothing it names runs."""
    base = repo_at(tmp_path / "org" / "base")
    monkeypatch.setenv("AIDO_BASELINE_ROOTS", str(tmp_path / "org"))
    project = new_project(tmp_path, f'extends = ["git+file://{base}#main:aido.toml"]\n')
    from aidokit.reconcile.read.baselines.cache import repository_folder

    planted = repository_folder(f"file://{base}", os.environ)
    planted.parent.mkdir(parents=True, mode=0o700)
    planted.parent.parent.chmod(0o700)
    subprocess.run(["git", "init", "-q", "--bare", str(planted)], check=True)
    marker = tmp_path / "ran"
    (planted / "objects" / "info" / "alternates").write_text(f"{base}/.git/objects\n", "utf-8")
    with (planted / "config").open("a", encoding="utf-8") as config:
        config.write(f"[core]\n\talternateRefsCommand = touch {marker} #\n")
    assert aido(project, "upgrade", "--baseline") == 1
    err = capsys.readouterr().err
    assert str(planted) in err and "delete it" in err, err
    assert not marker.exists()


def test_git_reads_no_inherited_configuration(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A global git config (insteadOf rewriting the source) and GIT_* variables in the
    environment do not reach the git aido runs."""
    base = repo_at(tmp_path / "org" / "base")
    evil = repo_at(tmp_path / "org" / "evil")
    commit(evil, {"aido.toml": '[mcp]\nadd = ["fetch"]\n'}, "evil")
    monkeypatch.setenv("AIDO_BASELINE_ROOTS", str(tmp_path / "org"))
    rewrite = f'[url "file://{evil}"]\n\tinsteadOf = file://{base}\n'
    global_config = tmp_path / "gitconfig"
    global_config.write_text(rewrite, "utf-8")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(global_config))
    (Path(os.environ["HOME"]) / ".gitconfig").write_text(rewrite, "utf-8")
    monkeypatch.setenv("GIT_CONFIG_COUNT", "1")
    monkeypatch.setenv("GIT_CONFIG_KEY_0", f"url.file://{evil}.insteadOf")
    monkeypatch.setenv("GIT_CONFIG_VALUE_0", f"file://{base}")
    project = new_project(tmp_path, f'extends = ["git+file://{base}#main:aido.toml"]\n')
    assert aido(project, "upgrade", "--baseline") == 0, capsys.readouterr().err
    lock = (project / "aido.lock").read_text("utf-8")
    assert git(base, "rev-parse", "HEAD") in lock
    assert git(evil, "rev-parse", "HEAD") not in lock


def test_a_gitfile_leading_outside_the_project_is_refused(tmp_path: Path, capsys: Capture) -> None:
    """A committed `.git` file (`gitdir: <home>/private/.git`) inside the project does not
    take a git+file:// baseline outside it."""
    private = repo_at(tmp_path / "home" / "private")
    project = new_project(tmp_path, 'extends = ["git+file://PROJECT/vendor/base#main:aido.toml"]\n')
    text = (project / "aido.toml").read_text("utf-8").replace("PROJECT", str(project))
    (project / "aido.toml").write_text(text, "utf-8")
    (project / "vendor" / "base").mkdir(parents=True)
    (project / "vendor" / "base" / ".git").write_text(f"gitdir: {private}/.git\n", "utf-8")
    assert aido(project, "upgrade", "--baseline") == 1
    err = capsys.readouterr().err
    assert "outside the project" in err, err
    assert not (project / "aido.lock").exists()
    (project / "vendor" / "bare.git").write_text(f"gitdir: {private}/.git\n", "utf-8")
    text = text.replace("vendor/base", "vendor/bare.git")
    (project / "aido.toml").write_text(text, "utf-8")
    assert aido(project, "upgrade", "--baseline") == 1
    assert "outside the project" in capsys.readouterr().err


@pytest.mark.slow
def test_git_s_whole_process_group_ends_at_the_deadline(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A git whose transport helper hangs: at AIDO_GIT_TIMEOUT git and its children end."""
    from aidokit.reconcile.read.baselines.git import run_git
    from aidokit.reconcile.read.baselines.source import parse_source

    pids = tmp_path / "pids"
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "git").write_text(
        f"#!{sys.executable}\nimport subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'])\n"
        f"open({str(pids)!r}, 'w').write(str(child.pid))\n"
        "time.sleep(600)\n",
        "utf-8",
    )
    (fake / "git").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("AIDO_GIT_TIMEOUT", "2")
    from aidokit.reconcile.core.errors import ConfigError

    start = time.monotonic()
    with pytest.raises(ConfigError, match="did not finish within 2 seconds"):
        run_git(["ls-remote"], parse_source("git+https://example.com/x#main"), os.environ,
                what="read the remote ref")  # fmt: skip
    assert time.monotonic() - start < 15
    child = int(pids.read_text("utf-8"))
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(child)


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text("utf-8")
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"
