"""SIGKILL an apply at every durable step, inside the journal and inside the roll-back.

`killpoint.py` kills aido just before its N-th rename or unlink, so each
kill lands at an exact point, no timers. After each kill every file is its
old or its new version; the next run's recovery leaves all files old (or all
new, past the commit) with the state bytes to match; then an apply converges.
The kills run in forked children of the test process (`killpoint.fork`); two
tests drive the hook as a script, a fresh interpreter.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from aidokit.reconcile.cli.main import main
from aidokit.reconcile.write.transaction import recover
from tests.faults import killpoint
from tests.faults.sandbox import CONFIG_A, CONFIG_B, env_for

KILLPOINT = str(Path(__file__).with_name("killpoint.py"))
ADAPTERS = ["claude-code", "codex", "vscode", "opencode"]
FILES = [".codex/config.toml", ".mcp.json", ".vscode/mcp.json", "opencode.json"]
STATE = ".aido/state.json"
Snapshot = dict[str, bytes | None]


class Bench:
    """A project and a home under `run/`, reset from `base/` before every kill."""

    def __init__(self, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.base, self.run = tmp / "base", tmp / "run"
        self.project, self.home = self.run / "project", self.run / "home"
        for key, value in env_for(self.home).items():
            monkeypatch.setenv(key, value)

    def reset(self) -> None:
        """Put `run/` back as `base/` holds it."""
        shutil.rmtree(self.run, ignore_errors=True)
        shutil.copytree(self.base, self.run, symlinks=True)

    def aido(
        self, *argv: str, kill_at: int = 0, fail_write: int = 0, script: bool = False
    ) -> tuple[int, list[int]]:
        """Run aido through the kill hook; its exit code and (steps, step of the failure).

        A forked child of this process, or with `script` a fresh interpreter.
        """
        count = self.run.parent / "count"
        count.unlink(missing_ok=True)
        full = [*argv, "--project", str(self.project)]
        if script:
            hook = ["--kill-at", str(kill_at), "--count", str(count)]
            done = subprocess.run(
                [sys.executable, KILLPOINT, *hook, "--fail-write", str(fail_write), *full],
                env=env_for(self.home),
                capture_output=True,
                check=False,
                timeout=120,
            )
            code = done.returncode
        else:
            hooks = {"kill_at": kill_at, "count": str(count), "fail_write": fail_write}
            code, _ = killpoint.fork(full, cwd=self.run.parent, env=env_for(self.home), **hooks)
        steps = [int(n) for n in count.read_text().split()] if count.exists() else []
        return code, steps

    def snapshot(self) -> Snapshot:
        """Bytes of every harness file and of the state."""
        paths = [self.project / p for p in [*FILES, STATE]]
        return {str(p): p.read_bytes() if p.exists() else None for p in paths}


@pytest.fixture
def bench(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Bench:
    """The demo project applied with CONFIG_A and set to CONFIG_B, saved as `base/`."""
    return _bench(tmp_path, monkeypatch)


def _bench(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Bench:
    from projects import materialize

    bench = Bench(tmp_path, monkeypatch)
    materialize("demo-project", bench.project)
    bench.home.mkdir()
    _configure(bench.project, CONFIG_A)
    assert main(["apply", "--yes", "--project", str(bench.project)]) == 0
    _configure(bench.project, CONFIG_B)
    shutil.copytree(bench.run, bench.base, symlinks=True)
    return bench


def _configure(project: Path, template: str) -> None:
    (project / "aido.toml").write_text(template.format(adapters=json.dumps(ADAPTERS)))


def _old_or_new(now: Snapshot, old: Snapshot, new: Snapshot) -> int:
    """Assert each harness file is its old or new version; return how many are new."""
    fresh = 0
    for path, raw in now.items():
        if not path.endswith("state.json"):
            assert raw in (old[path], new[path]), path
            fresh += raw == new[path] != old[path]
    return fresh


def _recover_and_converge(bench: Bench, old: Snapshot, new: Snapshot) -> str:
    """Recover in-process: all old or all new, state to match; then apply converges."""
    recover()
    after = bench.snapshot()
    assert after in (old, new), "recovery left a mix of old and new files or state"
    project = str(bench.project)
    assert main(["apply", "--yes", "--project", project]) == 0
    assert main(["plan", "--detailed-exitcode", "--project", project]) == 0
    assert bench.snapshot() == new
    return "old" if after == old else "new"


@pytest.mark.slow
def test_kill_at_every_step_of_an_apply(bench: Bench, capsys: pytest.CaptureFixture[str]) -> None:
    """A kill before each rename/unlink of a 4-file apply: old-or-new, then a full roll-back."""
    old = bench.snapshot()
    code, (total, _) = bench.aido("apply", "--yes")
    assert code == 0
    new = bench.snapshot()
    seen = {"old": 0, "new": 0}
    for n in range(1, total + 1):
        bench.reset()
        code, _ = bench.aido("apply", "--yes", kill_at=n)
        assert code == -9, n
        _old_or_new(bench.snapshot(), old, new)
        seen[_recover_and_converge(bench, old, new)] += 1
    assert seen["old"] > 0 and seen["new"] > 0, seen
    with capsys.disabled():
        print(f"\n{total} kill points over the apply: recovered to {seen}")


@pytest.mark.slow
def test_kill_at_every_step_of_the_roll_back(bench: Bench) -> None:
    """The 4th write fails; a kill at each step of the roll-back: the next run finishes it."""
    old = bench.snapshot()
    code, (total, failed_at) = bench.aido("apply", "--yes", fail_write=4)
    assert code == 1 and bench.snapshot() == old
    bench.reset()
    assert bench.aido("apply", "--yes")[0] == 0
    new = bench.snapshot()
    assert total > failed_at + 3  # three files put back, state, the record
    for n in range(failed_at + 1, total + 1):
        bench.reset()
        code, _ = bench.aido("apply", "--yes", kill_at=n, fail_write=4)
        assert code == -9, n
        assert _old_or_new(bench.snapshot(), old, new) <= 3
        assert _recover_and_converge(bench, old, new) == "old"


@pytest.mark.slow
def test_kill_at_every_step_of_the_recovery(bench: Bench) -> None:
    """An apply killed after two files, then its recovery killed at each step: all old at last."""
    old = bench.snapshot()
    _, (total, _) = bench.aido("apply", "--yes")
    new = bench.snapshot()
    for n in range(1, total + 1):
        bench.reset()
        bench.aido("apply", "--yes", kill_at=n)
        if _old_or_new(bench.snapshot(), old, new) == 2:
            break
    shutil.rmtree(bench.base)
    shutil.copytree(bench.run, bench.base, symlinks=True)  # the killed apply is the new base
    code, (steps, _) = bench.aido("recover")
    assert code == 0 and bench.snapshot() == old
    for n in range(1, steps + 1):
        bench.reset()
        code, _ = bench.aido("recover", kill_at=n)
        assert code == -9, n
        assert _old_or_new(bench.snapshot(), old, new) <= 2
        assert _recover_and_converge(bench, old, new) == "old"


@pytest.mark.slow
def test_kill_at_every_step_of_an_undo(bench: Bench) -> None:
    """`aido undo` killed at each step: old or new files; recovery puts the applied ones back."""
    old = bench.snapshot()
    assert bench.aido("apply", "--yes")[0] == 0
    applied = bench.snapshot()
    shutil.rmtree(bench.base)
    shutil.copytree(bench.run, bench.base, symlinks=True)  # the applied project is the base
    code, (total, _) = bench.aido("undo", "--yes")
    assert code == 0 and bench.snapshot() == old
    for n in range(1, total + 1):
        bench.reset()
        code, _ = bench.aido("undo", "--yes", kill_at=n)
        assert code == -9, n
        _old_or_new(bench.snapshot(), applied, old)
        recover()
        assert bench.snapshot() in (applied, old), n
        if bench.snapshot() == applied:  # rolled back: the apply can still be undone
            assert main(["undo", "--yes", "--project", str(bench.project)]) == 0
        assert bench.snapshot() == old


def test_the_next_apply_says_what_it_rolled_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A killed apply: plan notes it; the next `aido apply` rolls it back, naming each file."""
    bench = _bench(tmp_path, monkeypatch)
    old = bench.snapshot()
    code, _ = bench.aido("apply", "--yes", kill_at=12, script=True)  # inside the writes
    assert code == -9 and bench.snapshot() != old
    killed = bench.snapshot()
    capsys.readouterr()
    assert main(["plan", "--project", str(bench.project)]) == 0
    assert "Note: an apply of this project was interrupted (transaction " in capsys.readouterr().out
    assert bench.snapshot() == killed  # plan only says so
    assert main(["apply", "--yes", "--project", str(bench.project)]) == 0
    err = capsys.readouterr().err
    assert "aido: an interrupted apply (" in err and "was rolled back: " in err, err
    assert "opencode.json untouched" in err and ".codex/config.toml put back" in err, err
    assert main(["plan", "--detailed-exitcode", "--project", str(bench.project)]) == 0


def test_the_forked_hook_matches_the_script(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A forked kill hook counts the same steps, dies by SIGKILL and leaves the same bytes."""
    bench = _bench(tmp_path, monkeypatch)
    seen = []
    for script in (True, False):
        bench.reset()
        full = bench.aido("apply", "--yes", script=script)
        bench.reset()
        killed = bench.aido("apply", "--yes", kill_at=5, script=script)
        seen.append((full, killed[0], bench.snapshot()))
    assert seen[0] == seen[1]
    assert seen[0][0][0] == 0 and seen[0][1] == -9
