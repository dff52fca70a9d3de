"""Writes under hostile conditions: a racing harness, concurrent runs, full or locked disks."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from aidokit.reconcile.cli.main import main
from aidokit.reconcile.core import atomic
from tests.faults.sandbox import env_for, parse, run, start

ADAPTERS = ["claude-code", "codex", "vscode", "opencode"]
FILES = [".mcp.json", ".codex/config.toml", ".vscode/mcp.json", "opencode.json"]
# The harness stand-in: rewrites the file as a harness would (its own temp + rename).
HARNESS = """
import json, os, sys
path = sys.argv[1]
data = json.load(open(path)) if os.path.exists(path) else {}
data.setdefault("mcpServers", {})["harness-added"] = {"command": "node", "args": ["h.js"]}
with open(path + ".harness", "w") as out:
    json.dump(data, out, indent=2)
os.replace(path + ".harness", path)
"""


@pytest.fixture
def demo(fixture_project: Callable[[str], Path]) -> Path:
    """A copy of the demo project (4 adapters, a hand-written .vscode/mcp.json)."""
    return fixture_project("demo-project")


def _aido(project: Path, *argv: str) -> int:
    return main([*argv, "--project", str(project)])


def _snapshot(project: Path) -> dict[str, bytes | None]:
    """Bytes of every harness file and of the state (None when absent)."""
    paths = [*FILES, ".aido/state.json"]
    return {p: (project / p).read_bytes() if (project / p).exists() else None for p in paths}


def _no_temp_files(project: Path) -> bool:
    return not [p for p in project.rglob("*") if p.name.startswith((".aido-tmp-", ".state-"))]


def test_harness_writing_during_the_temp_write_keeps_its_change(
    demo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A harness rewriting the file after aido read it and before the rename wins; aido exits 1."""
    real = atomic._write_temp
    target = demo / ".mcp.json"

    def racing(temp: Path, data: bytes, old: os.stat_result | None, *modes: int | None) -> None:
        # The slow part of a write (temp file, fsync) is where a real harness lands.
        real(temp, data, old, *modes)
        if temp.name.endswith("-.mcp.json"):
            subprocess.run([sys.executable, "-c", HARNESS, str(target)], check=True)

    monkeypatch.setattr(atomic, "_write_temp", racing)
    assert _aido(demo, "apply", "--yes", "--adapter", "claude-code") == 1
    assert "changed since it was read; run aido plan again" in capsys.readouterr().err
    written_by_harness = target.read_bytes()
    assert list(json.loads(written_by_harness)["mcpServers"]) == ["harness-added"]
    assert not (demo / ".aido" / "state.json").exists()
    assert _no_temp_files(demo)
    monkeypatch.setattr(atomic, "_write_temp", real)
    assert _aido(demo, "apply", "--yes", "--adapter", "claude-code") == 0
    assert "harness-added" in json.loads(target.read_bytes())["mcpServers"]
    assert _aido(demo, "plan", "--detailed-exitcode", "--adapter", "claude-code") == 0


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    assert len(keys) == len(set(keys)), f"duplicate keys {keys}"
    return dict(pairs)


@pytest.mark.slow
def test_six_concurrent_applies_serialise_without_corruption(
    demo: Path, sandbox_home: Path
) -> None:
    """Six concurrent applies (whole project and per adapter): whole files, no duplicates."""
    (demo / ".mcp.json").write_text('{"mcpServers": {"users-own": {"command": "node"}}}\n')
    runs = [(), (), *(("--adapter", name) for name in ADAPTERS)]
    children = [start(demo, sandbox_home, "apply", "--yes", *extra) for extra in runs]
    results = [(c.wait(timeout=120), c.communicate()[1].decode()) for c in children]
    for code, err in results:
        assert code == 0 or (code == 1 and "changed since" in err and "Traceback" not in err), err
    assert any(code == 0 for code, _ in results), results
    for rel in FILES:
        path = demo / rel
        if not path.exists():
            # Every run that targets it may lose the race to a fresher file or lock and
            # write nothing (exit 1 means nothing was written); the apply below creates it.
            continue
        if path.suffix == ".toml":
            tomllib.loads(path.read_text())  # refuses duplicate keys
        elif rel != ".vscode/mcp.json":
            json.loads(path.read_text(), object_pairs_hook=_unique_keys)
        else:
            parse(path)
    assert run(demo, sandbox_home, "apply", "--yes").returncode == 0
    plan = run(demo, sandbox_home, "plan", "--json", "--detailed-exitcode")
    assert plan.returncode == 0, plan.stdout
    assert json.loads(plan.stdout)["summary"]["conflict"] == 0
    assert "users-own" in json.loads((demo / ".mcp.json").read_text())["mcpServers"]
    assert _no_temp_files(demo)


def _enospc_on_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full)


def _eacces_on_temp(monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.open

    def denied(path: Any, flags: int, mode: int = 0o777, **kw: Any) -> int:
        if Path(path).name.startswith(atomic.TEMP_PREFIX):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real(path, flags, mode, **kw)

    monkeypatch.setattr(atomic.os, "open", denied)


FAULTS = {
    "disk full at fsync": (_enospc_on_fsync, "No space left on device; nothing was changed"),
    "temp file permission denied": (_eacces_on_temp, "Permission denied; nothing was changed"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_failed_write_is_a_clear_error_and_changes_nothing(
    fault: str,
    demo: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ENOSPC or EACCES while writing the temp file: exit 1, one clear line, every file intact."""
    before = _snapshot(demo)
    patch, message = FAULTS[fault]
    patch(monkeypatch)
    assert _aido(demo, "apply", "--yes") == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err
    monkeypatch.undo()
    assert _snapshot(demo) == before
    assert _no_temp_files(demo)


def test_read_only_directory_is_refused_and_its_file_untouched(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A read-only .codex/ stops apply with a clear error; its file and state stay as they were."""
    codex = demo / ".codex"
    codex.mkdir()
    (codex / "config.toml").write_text('model = "o4"\n')
    codex.chmod(0o555)
    try:
        assert _aido(demo, "apply", "--yes") == 1
    finally:
        codex.chmod(0o755)
    assert ".codex is read-only; make it writable" in capsys.readouterr().err
    assert (codex / "config.toml").read_text() == 'model = "o4"\n'
    assert not (demo / ".aido/state.json").exists()  # .codex sorts first: nothing recorded
    assert _aido(demo, "apply", "--yes") == 0
    assert _aido(demo, "plan", "--detailed-exitcode") == 0


STATES = {
    "corrupt": (b'{"version": 1, "records": [', "is corrupt; restore it from version control"),
    "newer format": (b'{"version": 99, "records": []}', "written by a newer aido (format 99)"),
    "wrong shape": (b'{"version": 1, "records": [{"adapter": 1}]}', "is corrupt"),
}


@pytest.mark.parametrize("case", sorted(STATES))
@pytest.mark.parametrize("command", ["plan", "apply"])
def test_bad_state_is_a_clear_error_and_nothing_is_written(
    case: str, command: str, demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Corrupt or newer-format .aido/state.json: exit 1 naming it, no file written or reset."""
    raw, message = STATES[case]
    (demo / ".aido").mkdir()
    (demo / ".aido/state.json").write_bytes(raw)
    before = _snapshot(demo)
    argv = ["apply", "--yes"] if command == "apply" else ["plan"]
    assert _aido(demo, *argv) == 1
    captured = capsys.readouterr()
    assert message in captured.err and ".aido/state.json" in captured.err
    assert _snapshot(demo) == before


def test_bad_user_state_is_a_clear_error(
    sandbox_home: Path, demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A corrupt $XDG_STATE_HOME/aido/state.json stops a user-scope apply; nothing is written."""
    state = Path(env_for(sandbox_home)["XDG_STATE_HOME"]) / "aido" / "state.json"
    state.parent.mkdir(parents=True)
    state.write_bytes(b"\x00not json")
    (sandbox_home / ".claude.json").write_text('{"mcpServers": {}}\n')
    assert _aido(demo, "apply", "--yes", "--scope", "user", "--adapter", "claude-code") == 1
    assert "is corrupt" in capsys.readouterr().err
    assert (sandbox_home / ".claude.json").read_text() == '{"mcpServers": {}}\n'
    assert state.read_bytes() == b"\x00not json"
