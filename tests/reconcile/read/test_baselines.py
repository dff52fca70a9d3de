"""Shared baselines (issue 36): `extends` over a `git+file://` repository, pinned in aido.lock.

Each test builds a baseline repository with git in tmp_path, lets the
project name it (the folder is listed in AIDO_BASELINE_ROOTS, as a user
would), and drives `aido upgrade --baseline`, `aido outdated --baseline` and
`aido plan` in-process.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from aidokit.reconcile.read.choices.lockfile import load_lock
from tests.helpers import aido, new_project
from tests.test_json_schemas import assert_valid

Capture = pytest.CaptureFixture[str]
BASE = '[mcp]\nadd = ["fetch"]\n\n[custom.team-api]\nurl = "https://mcp.example.com/mcp"\n'


def git(repo: Path, *argv: str) -> str:
    """Run git in `repo` (no user config needed) and return its stdout."""
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *argv],
        cwd=repo,
        env=env,
        capture_output=True,
        check=True,
        text=True,
    )
    return done.stdout.strip()


def commit(repo: Path, files: dict[str, str], message: str = "change") -> str:
    """Write `files` into `repo`, commit them, and return the commit id."""
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text, "utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD")


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A baseline repository (branch main) in a folder the user allowed."""
    repo = tmp_path / "org" / "aido-base"
    repo.mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    commit(repo, {"aido.toml": BASE}, "first")
    monkeypatch.setenv("AIDO_BASELINE_ROOTS", str(tmp_path / "org"))
    return repo


def source(repo: Path, ref: str = "main", path: str = "aido.toml") -> str:
    return f"git+file://{repo}#{ref}:{path}"


def project_on(tmp_path: Path, repo: Path, extra: str = "", **kw: str) -> Path:
    """A project whose aido.toml extends the baseline, for Claude Code only."""
    text = f'extends = ["{source(repo, **kw)}"]\nadapters = ["claude-code"]\n{extra}'
    return new_project(tmp_path, text)


def tree(root: Path) -> dict[str, bytes]:
    """Every file under `root` with its bytes."""
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def plan_json(project: Path, capsys: Capture) -> dict[str, object]:
    capsys.readouterr()
    assert aido(project, "plan", "--json") == 0
    doc: dict[str, object] = json.loads(capsys.readouterr().out)
    return doc


def desired(doc: dict[str, object]) -> dict[str, str]:
    """Entry id -> reason of every change the plan makes."""
    files = doc["files"]
    assert isinstance(files, list)
    return {c["id"]: c["reason"] for f in files for c in f["changes"]}


def test_an_unpinned_baseline_is_an_error_naming_it(
    tmp_path: Path, base: Path, capsys: Capture
) -> None:
    """Before `upgrade --baseline` pins it, plan refuses and names the source and the fix."""
    project = project_on(tmp_path, base)
    before = tree(project)
    assert aido(project, "plan") == 1
    err = capsys.readouterr().err
    assert source(base) in err and "aido upgrade --baseline" in err
    assert tree(project) == before


def test_extend_pin_and_plan_from_the_baseline(tmp_path: Path, base: Path, capsys: Capture) -> None:
    """upgrade --baseline pins the ref's commit and digest; the plan then has the baseline's ids."""
    project = project_on(tmp_path, base)
    assert aido(project, "upgrade", "--baseline") == 0
    assert "+ baseline" in capsys.readouterr().out
    lock = load_lock(project / "aido.lock")
    assert lock is not None
    pin = lock.baselines[source(base)]
    assert pin.commit == git(base, "rev-parse", "HEAD")
    assert pin.digest.startswith("sha256:")
    assert_valid("aido-lock", json.loads((project / "aido.lock").read_text("utf-8")))
    doc = plan_json(project, capsys)
    reasons = desired(doc)
    assert reasons["fetch"] == f"added in baseline {source(base)}"
    assert "team-api" in reasons
    # plan --json names the baseline as pinned, for the fleet view (aido report).
    assert doc["baselines"] == [
        {"source": source(base), "commit": pin.commit, "digest": pin.digest}
    ]
    assert_valid("plan", doc)


def test_a_new_upstream_commit_shows_in_outdated_and_upgrade_moves_it(
    tmp_path: Path, base: Path, capsys: Capture
) -> None:
    """A commit upstream: `outdated --baseline --exit-code` exits 2; upgrade moves the pin."""
    project = project_on(tmp_path, base)
    assert aido(project, "upgrade", "--baseline") == 0
    first = git(base, "rev-parse", "HEAD")
    capsys.readouterr()
    assert aido(project, "outdated", "--baseline", "--exit-code") == 0
    assert "every baseline is at its ref's newest commit" in capsys.readouterr().out
    commit(base, {"README.md": "docs\n"})
    newest = commit(base, {"aido.toml": BASE.replace('"fetch"', '"fetch", "memory"')})
    assert aido(project, "outdated", "--baseline", "--exit-code") == 2
    out = capsys.readouterr().out
    assert "2 commits behind" in out and first[:12] in out and newest[:12] in out
    assert aido(project, "outdated", "--baseline", "--json") == 0
    doc = json.loads(capsys.readouterr().out)
    assert_valid("outdated", doc)
    assert doc["baselines"] == [
        {"source": source(base), "locked": first, "latest": newest, "behind": 2}
    ]
    assert "memory" not in desired(plan_json(project, capsys))  # the lock still pins `first`
    assert aido(project, "upgrade", "--baseline") == 0
    assert f"{first[:12]} -> {newest[:12]}" in capsys.readouterr().out
    lock = load_lock(project / "aido.lock")
    assert lock is not None and lock.baselines[source(base)].commit == newest
    assert "memory" in desired(plan_json(project, capsys))
    assert aido(project, "outdated", "--baseline", "--exit-code") == 0


def test_plan_and_apply_never_touch_the_network(
    tmp_path: Path, base: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the remote gone and no process allowed to start, plan still reads the pinned copy."""
    project = project_on(tmp_path, base, '[mcp]\nskip = ["sequential-thinking"]\n')
    assert aido(project, "upgrade", "--baseline") == 0
    base.rename(tmp_path / "org" / "gone")  # no git remote reachable

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"plan started a process: {args}")

    monkeypatch.setattr(subprocess, "run", refuse)
    monkeypatch.setattr(subprocess, "Popen", refuse)
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    assert "fetch" in desired(plan_json(project, capsys))
    assert aido(project, "plan", "--detailed-exitcode") == 2


def test_a_missing_cache_names_the_source_and_outdated_fetches_the_locked_commit(
    tmp_path: Path, base: Path, capsys: Capture, sandbox_home: Path
) -> None:
    """A fresh machine (no cached copy): plan says how; outdated fetches the lock's commit."""
    project = project_on(tmp_path, base)
    assert aido(project, "upgrade", "--baseline") == 0
    locked = git(base, "rev-parse", "HEAD")
    commit(base, {"aido.toml": BASE + '\n[mcp.roles]\nfetch = ["*"]\n'})
    cache = sandbox_home / ".local" / "state" / "aido" / "baselines"
    import shutil

    shutil.rmtree(cache)
    lock_bytes = (project / "aido.lock").read_bytes()
    assert aido(project, "plan") == 1
    err = capsys.readouterr().err
    assert source(base) in err and locked[:12] in err and "aido outdated --baseline" in err
    assert aido(project, "outdated", "--baseline") == 0
    assert (project / "aido.lock").read_bytes() == lock_bytes  # outdated moves nothing
    assert "fetch" in desired(plan_json(project, capsys))


def test_project_and_local_layers_win_over_the_baseline(
    tmp_path: Path, base: Path, capsys: Capture
) -> None:
    """baseline < project < local: the project skips what the baseline adds; local adds it back."""
    project = project_on(tmp_path, base, '[mcp]\nskip = ["fetch"]\n')
    assert aido(project, "upgrade", "--baseline") == 0
    assert "fetch" not in desired(plan_json(project, capsys))
    (project / "aido.local.toml").write_text('[mcp]\nadd = ["fetch"]\n', "utf-8")
    assert "fetch" not in desired(plan_json(project, capsys))  # the team's files: aido.toml's
    capsys.readouterr()
    assert aido(project, "plan", "--json", "--scope", "local") == 0
    local = json.loads(capsys.readouterr().out)
    assert desired(local)["fetch"] == "added in aido.local.toml"


def test_a_custom_server_from_a_baseline_needs_the_confirmation(
    tmp_path: Path, base: Path, capsys: Capture
) -> None:
    """A custom server from the baseline is sensitive here too: apply --yes does not write it."""
    project = project_on(tmp_path, base)
    assert aido(project, "upgrade", "--baseline") == 0
    capsys.readouterr()
    assert aido(project, "apply", "--yes") != 0
    assert "team-api" in capsys.readouterr().err
    mcp = project / ".mcp.json"
    assert not mcp.exists() or "team-api" not in mcp.read_text("utf-8")


@pytest.mark.parametrize(
    ("files", "ref", "why"),
    [
        ({"aido.toml": "[mcp\nadd = 1\n"}, "main", "is not valid TOML"),
        ({"aido.toml": '[mcp]\nad = ["fetch"]\n'}, "main", "unknown key 'mcp.ad'"),
        ({"other.toml": "\n"}, "main", "no file 'aido.toml'"),
        ({}, "no-such-branch", "cannot fetch"),
    ],
)
def test_an_unfetchable_or_unparsable_baseline_writes_nothing(
    tmp_path: Path,
    base: Path,
    capsys: Capture,
    files: dict[str, str],
    ref: str,
    why: str,
) -> None:
    """upgrade --baseline exits 1 naming the source and why; aido.lock stays byte for byte."""
    project = project_on(tmp_path, base, ref=ref)
    (project / "aido.lock").write_bytes(b'{"entries": {}, "format_version": 1}\n')
    if files:
        git(base, "rm", "-q", "aido.toml")
        commit(base, files)
    before = tree(project)
    capsys.readouterr()
    assert aido(project, "upgrade", "--baseline") == 1
    err = capsys.readouterr().err
    assert source(base, ref=ref) in err and why in err, err
    assert tree(project) == before


def test_an_unreachable_remote_is_one_sentence(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A repository that does not exist: exit 1, the source named, nothing written."""
    monkeypatch.setenv("AIDO_BASELINE_ROOTS", str(tmp_path))
    project = project_on(tmp_path, tmp_path / "missing")
    before = tree(project)
    assert aido(project, "upgrade", "--baseline") == 1
    err = capsys.readouterr().err.strip()
    assert source(tmp_path / "missing") in err and err.count("\n") == 0
    assert tree(project) == before
    assert aido(project, "outdated", "--baseline") == 1


def test_baselines_of_baselines_and_loops(tmp_path: Path, base: Path, capsys: Capture) -> None:
    """A baseline may extend another (it comes first); one that reaches itself is an error."""
    org = tmp_path / "org" / "org-wide"
    org.mkdir()
    git(org, "init", "-q", "-b", "main")
    commit(org, {"aido.toml": '[mcp]\nadd = ["memory"]\n'})
    commit(base, {"aido.toml": f'extends = ["{source(org)}"]\n' + BASE})
    project = project_on(tmp_path, base)
    assert aido(project, "upgrade", "--baseline") == 0
    lock = load_lock(project / "aido.lock")
    assert lock is not None and set(lock.baselines) == {source(base), source(org)}
    assert desired(plan_json(project, capsys))["memory"] == f"added in baseline {source(org)}"
    commit(org, {"aido.toml": f'extends = ["{source(base)}"]\n'})
    assert aido(project, "upgrade", "--baseline") == 1
    assert "extends itself" in capsys.readouterr().err


@pytest.mark.parametrize(
    "named",
    ["../outside.toml", "/etc/aido.toml", "git+file:///etc/repo#main:aido.toml"],
)
def test_a_project_cannot_reach_outside_itself(tmp_path: Path, capsys: Capture, named: str) -> None:
    """A local path or git+file:// repository outside the project (and the allowed roots) fails."""
    project = new_project(tmp_path, f'extends = ["{named}"]\n')
    assert aido(project, "plan") == 1
    err = capsys.readouterr().err
    assert "outside the project" in err or "invalid path" in err
    assert aido(project, "upgrade", "--baseline") == 1


def test_a_link_inside_the_project_that_leaves_it_is_refused(
    tmp_path: Path, capsys: Capture
) -> None:
    """`extends = ["shared.toml"]` where shared.toml links outside: refused, never read."""
    secret = tmp_path / "secret.toml"
    secret.write_text('[mcp]\nadd = ["memory"]\n', "utf-8")
    project = new_project(tmp_path, 'extends = ["shared.toml"]\n')
    (project / "shared.toml").symlink_to(secret)
    assert aido(project, "plan") == 1
    assert "outside the project" in capsys.readouterr().err


def test_a_local_baseline_in_the_project_is_pinned_by_digest(
    tmp_path: Path, capsys: Capture
) -> None:
    """A local path inside the project is read as it is; the lock records its digest."""
    project = new_project(tmp_path, 'extends = ["team/base.toml"]\nadapters = ["claude-code"]\n')
    (project / "team").mkdir()
    (project / "team" / "base.toml").write_text('[mcp]\nadd = ["memory"]\n', "utf-8")
    assert desired(plan_json(project, capsys))["memory"] == "added in baseline team/base.toml"
    assert aido(project, "apply", "--yes") == 0
    lock = load_lock(project / "aido.lock")
    assert lock is not None
    pin = lock.baselines["team/base.toml"]
    assert pin.commit is None and pin.digest.startswith("sha256:")
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_a_tampered_cached_copy_is_refused(
    tmp_path: Path, base: Path, capsys: Capture, sandbox_home: Path
) -> None:
    """The cached copy must have the digest aido.lock pins: an edited copy is an error."""
    project = project_on(tmp_path, base)
    assert aido(project, "upgrade", "--baseline") == 0
    cache = sandbox_home / ".local" / "state" / "aido" / "baselines" / "files"
    (copy,) = [p for p in cache.rglob("*") if p.is_file()]
    copy.write_text('[custom.evil]\ncommand = "sh"\n', "utf-8")
    assert aido(project, "plan") == 1
    assert "does not match its digest" in capsys.readouterr().err


def test_user_scope_extends_a_baseline_pinned_beside_the_user_file(
    tmp_path: Path, base: Path, capsys: Capture, sandbox_home: Path
) -> None:
    """User scope: baseline < user; the pin lives in the aido.lock beside the user's aido.toml."""
    user = sandbox_home / ".config" / "aido"
    user.mkdir(parents=True)
    (user / "aido.toml").write_text(
        f'extends = ["{source(base)}"]\nadapters = ["claude-code"]\n', "utf-8"
    )
    project = new_project(tmp_path)
    assert aido(project, "upgrade", "--baseline", "--scope", "user") == 0
    lock = load_lock(user / "aido.lock")
    assert lock is not None and source(base) in lock.baselines
    capsys.readouterr()
    assert aido(project, "plan", "--scope", "user") == 0
    assert "fetch" in capsys.readouterr().out
    assert not (project / "aido.lock").exists()


def test_upgrade_baseline_frozen_fails_when_the_pin_would_move(
    tmp_path: Path, base: Path, capsys: Capture
) -> None:
    """--frozen with --baseline: exit 1 when upstream moved, the lock left as it was."""
    project = project_on(tmp_path, base)
    assert aido(project, "upgrade", "--baseline") == 0
    assert aido(project, "upgrade", "--baseline", "--frozen") == 0
    commit(base, {"aido.toml": BASE + "\n"})
    before = (project / "aido.lock").read_bytes()
    assert aido(project, "upgrade", "--baseline", "--frozen") == 1
    assert (project / "aido.lock").read_bytes() == before


def test_a_baselines_policy_holds_and_names_the_baseline(
    tmp_path: Path, base: Path, capsys: Capture
) -> None:
    """`[policy]` in a baseline is passed through as a layer: the plan refuses, naming it."""
    commit(base, {"aido.toml": BASE + '\n[policy]\ndeny = ["memory"]\n'})
    project = project_on(tmp_path, base, '[mcp]\nadd = ["memory"]\n')
    assert aido(project, "upgrade", "--baseline") == 0
    capsys.readouterr()
    assert aido(project, "plan") == 1
    err = capsys.readouterr().err
    assert "memory" in err and f"baseline {source(base)}" in err, err
