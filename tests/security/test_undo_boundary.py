"""Undo writes only where apply would, from a journal aido trusts (issue 30, section 2)."""

from __future__ import annotations

import json
import os
import shutil
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from aidokit.reconcile.core.atomic import ABSENT, sha256
from aidokit.reconcile.write.journal import journal_root
from tests.helpers import new_project
from tests.security.cli import clean_error, run

FILES = {
    "claude-code": ".mcp.json",
    "codex": ".codex/config.toml",
    "vscode": ".vscode/mcp.json",
    "opencode": "opencode.json",
}
EVIL = b"ssh-ed25519 AAAA attacker@evil\n"


def _tree(root: Path) -> dict[str, bytes | str | None]:
    """Every entry under `root` (not following links): bytes, a link's target, or a kind."""
    found: dict[str, bytes | str | None] = {}
    if not root.exists() and not root.is_symlink():
        return found
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_symlink():
            found[rel] = f"-> {os.readlink(path)}"
        elif path.is_file():
            found[rel] = path.read_bytes()
        elif not path.is_dir():
            found[rel] = "special"
    return found


def _outside(home: Path) -> dict[str, bytes | str | None]:
    """Everything of the home folder but aido's own state (the journal, locks, memo)."""
    return {k: v for k, v in _tree(home).items() if not k.startswith(".local/state/aido")}


@pytest.fixture
def destroyed(fixture_project: Callable[[str], Path]) -> Path:
    """The demo project (4 adapters) after apply then destroy: undo would bring files back."""
    project = fixture_project("demo-project")
    assert run(project, "apply", "--yes").returncode == 0
    assert run(project, "destroy", "--yes").returncode == 0
    return project


def test_undo_never_writes_the_users_vscode_config_through_a_folder_link(
    destroyed: Path, sandbox_home: Path
) -> None:
    """`.vscode -> ~/.config/Code/User` after destroy: undo refuses and the user's files stay."""
    user = sandbox_home / ".config/Code/User"
    user.mkdir(parents=True)
    shutil.copy(destroyed / ".vscode/mcp.json", user / "mcp.json")
    shutil.rmtree(destroyed / ".vscode")
    (destroyed / ".vscode").symlink_to(user)
    home, inside = _outside(sandbox_home), _tree(destroyed)
    result = run(destroyed, "undo", "--yes")
    clean_error(result, ".vscode")
    assert "outside the project" in result.stderr
    assert _outside(sandbox_home) == home
    assert _tree(destroyed) == inside


def _layouts() -> list[tuple[str, str]]:
    """(file, how it is replaced) for every file of the transaction and folder on its path."""
    cases = []
    for rel in FILES.values():
        for kind in ("link-out-copy", "link-user-file", "link-dangling", "fifo", "directory"):
            cases.append((rel, kind))
        if "/" in rel:
            for kind in ("dir-out-copy", "dir-out-empty", "dir-scope", "dir-dangling", "dir-in"):
                cases.append((rel, kind))
    return cases


def _replace(project: Path, home: Path, rel: str, kind: str) -> None:
    """Replace `rel` (or its folder) in `project` the way `kind` says."""
    path = project / rel
    folder = path.parent
    other = home / "elsewhere"
    if kind.startswith("dir-"):
        held = other / folder.name
        if kind == "dir-out-copy":
            shutil.copytree(folder, held)
        elif kind == "dir-out-empty":
            held.mkdir(parents=True)
        elif kind == "dir-scope":  # the user's own config folder of that harness
            held = home / (".config/Code/User" if folder.name == ".vscode" else folder.name)
            held.mkdir(parents=True, exist_ok=True)
        elif kind == "dir-in":
            held = project / "moved" / folder.name
            shutil.copytree(folder, held)
        shutil.rmtree(folder)
        folder.symlink_to(held if kind != "dir-dangling" else home / "missing")
        return
    if path.exists():
        content = path.read_bytes()
        path.unlink()
    else:
        content = b""
    if kind == "link-out-copy":
        other.mkdir(exist_ok=True)
        (other / path.name).write_bytes(content)
        path.symlink_to(other / path.name)
    elif kind == "link-user-file":
        (home / ".claude.json").write_text('{"numStartups": 1}\n')
        path.symlink_to(home / ".claude.json")
    elif kind == "link-dangling":
        path.symlink_to(home / "missing.json")
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()


@pytest.mark.parametrize(("rel", "kind"), _layouts())
def test_undo_writes_nothing_outside_the_project_whatever_the_layout(
    destroyed: Path, sandbox_home: Path, rel: str, kind: str
) -> None:
    """Any file or folder of the undo replaced by a link, FIFO or folder: nothing outside the
    project changes, and a refused undo changes nothing at all."""
    _replace(destroyed, sandbox_home, rel, kind)
    home, inside = _outside(sandbox_home), _tree(destroyed)
    result = run(destroyed, "undo", "--yes")
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr
    assert _outside(sandbox_home) == home
    if result.returncode:
        assert _tree(destroyed) == inside


def _last_record(project: Path) -> Path:
    """The record of the project's newest transaction (ids of one second sort at random)."""
    groups = [g for g in journal_root().iterdir() if g.name != "open"]
    records = [p for g in groups for p in g.glob("*/record.json")]
    return max(records, key=lambda p: json.loads(p.read_text())["started_ns"])


def _plant(record: Path, target: Path, scope: str | None = None) -> None:
    """Edit a record so that its first file restores EVIL bytes at `target`."""
    data = json.loads(record.read_text())
    digest = sha256(EVIL).hexdigest()
    (record.parent / f"{digest}.z").write_bytes(zlib.compress(EVIL))
    first = data["files"][0]
    first.update(abs_path=str(target), path=str(target), before=digest, after=ABSENT)
    if scope:
        data["scope"] = scope
    record.write_text(json.dumps(data))


def test_a_planted_record_in_a_trusted_journal_restores_only_where_apply_writes(
    destroyed: Path, sandbox_home: Path
) -> None:
    """A record naming ~/.ssh/authorized_keys is refused whole, even in the user's own journal."""
    keys = sandbox_home / ".ssh" / "authorized_keys"
    _plant(_last_record(destroyed), keys)
    inside = _tree(destroyed)
    result = run(destroyed, "undo", "--yes")
    clean_error(result, "authorized_keys")
    assert not keys.exists()
    assert _tree(destroyed) == inside


@pytest.mark.parametrize("where", ["in-project", "others-write", "foreign-owner"])
def test_a_journal_aido_cannot_trust_is_refused(
    destroyed: Path, sandbox_home: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """A journal inside the project, writable by others or not the user's: undo refuses, naming
    the folder and the fix, and writes nothing."""
    if where == "in-project":
        state = destroyed / ".state"
        shutil.copytree(sandbox_home / ".local/state", state)
        monkeypatch.setenv("XDG_STATE_HOME", str(state))
    root = journal_root()
    if where == "others-write":
        root.chmod(0o777)
    if where == "foreign-owner":
        if os.getuid() != 0:
            pytest.skip("only root can give a folder to another user")
        os.chown(root, 4242, 4242)
    _plant(_last_record(destroyed), sandbox_home / ".ssh" / "authorized_keys")
    inside = _tree(destroyed)
    for argv in (("undo", "--yes"), ("undo", "--list")):
        result = run(destroyed, *argv)
        clean_error(result, str(root))
        assert "XDG_STATE_HOME" in result.stderr or "chmod 700" in result.stderr
    assert not (sandbox_home / ".ssh").exists()
    assert _tree(destroyed) == inside


def test_apply_refuses_a_journal_inside_the_project_before_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """XDG_STATE_HOME in the repository: apply would copy files into it; it refuses instead."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\n')
    monkeypatch.setenv("XDG_STATE_HOME", str(project / ".state"))
    result = run(project, "apply", "--yes")
    clean_error(result, str(project / ".state"))
    assert not (project / ".mcp.json").exists()


def test_an_interrupted_record_is_rolled_back_only_where_apply_writes(
    destroyed: Path, sandbox_home: Path
) -> None:
    """A dead run's record naming a file outside the project is left, not rolled back."""
    record = _last_record(destroyed)
    _plant(record, sandbox_home / ".ssh" / "authorized_keys")
    data = json.loads(record.read_text())
    data["status"] = "open"
    record.write_text(json.dumps(data))
    root = journal_root()
    (root / "open").mkdir(exist_ok=True)
    (root / "open" / data["id"]).write_text(str(record.parent.relative_to(root)))
    result = run(destroyed, "apply", "--yes")
    assert "did not roll back the interrupted" in result.stderr
    assert not (sandbox_home / ".ssh").exists()


@pytest.mark.parametrize(
    "damage", ["truncated", "not-json", "wrong-shape", "newer-version", "missing", "deep"]
)
def test_a_damaged_newest_record_is_an_error_naming_it(destroyed: Path, damage: str) -> None:
    """The destroy's record damaged: undo names it instead of undoing the apply before it;
    --list shows it as damaged."""
    record = _last_record(destroyed)
    raw = record.read_bytes()
    damaged = {
        "truncated": raw[: len(raw) // 2],
        "not-json": b"\xff\xfe garbage",
        "wrong-shape": b'{"version": 1, "id": 7}',
        "newer-version": raw.replace(b'"version": 1', b'"version": 2'),
        "deep": b"[" * 100_000,
    }
    if damage == "missing":
        record.unlink()
    else:
        record.write_bytes(damaged[damage])
    inside = _tree(destroyed)
    result = run(destroyed, "undo", "--yes")
    clean_error(result, str(record))
    assert _tree(destroyed) == inside
    listed = run(destroyed, "undo", "--list")
    assert listed.returncode == 0, listed.stderr
    assert f"{record.parent.name}  damaged: " in listed.stdout
