"""Progress on stderr during apply: only on a terminal, a counter past 5 files, a wait notice."""

from __future__ import annotations

import contextlib
import io
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from aidokit.reconcile.cli.main import main
from aidokit.reconcile.plan.model import Action, Change, FileChange, Plan
from aidokit.reconcile.show import progress
from aidokit.reconcile.write import apply


class TTY(io.StringIO):
    """A stderr stand-in that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def plan_with(files: int) -> Plan:
    change = Change(action=Action.CREATE, name="x", id="x", after={})
    return Plan(
        project="/p",
        scope="project",
        files=tuple(
            FileChange("a", "project", f"f{i}.json", "", "json", (), "", "", "", (change,))
            for i in range(files)
        ),
    )


def run_steps(plan: Plan, stream: io.StringIO, pause: float = 0.0) -> None:
    with progress.apply_progress(plan, stream) as on_file:
        assert on_file is not None
        for file in plan.files:
            on_file(file)
            time.sleep(pause)


def test_counter_past_five_files() -> None:
    """More than five files show `[n/total] writing FILE`, then the line is cleared."""
    stream = TTY()
    run_steps(plan_with(6), stream)
    text = stream.getvalue()
    assert "[1/6] writing f0.json" in text and "[6/6] writing f5.json" in text
    assert text.endswith("\r\033[K")


def test_no_counter_for_few_files() -> None:
    """Five files or fewer, written quickly, print nothing."""
    stream = TTY()
    run_steps(plan_with(5), stream)
    assert stream.getvalue() == ""


def test_nothing_when_not_a_terminal() -> None:
    """Without a terminal there is no reporter at all."""
    with progress.apply_progress(plan_with(9), io.StringIO()) as on_file:
        assert on_file is None


def test_wait_notice_when_a_file_takes_long(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file that takes longer than WAIT_NOTICE (a held lock) is reported as waited on."""
    monkeypatch.setattr(progress, "WAIT_NOTICE", 0.1)
    stream = TTY()
    run_steps(plan_with(1), stream, pause=0.4)
    assert "waiting for f0.json" in stream.getvalue()


def test_apply_reports_lock_wait_on_stderr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`aido apply` shows the wait notice on a terminal stderr while a lock is held."""

    @contextlib.contextmanager
    def slow_lock(path: Path) -> Iterator[None]:
        time.sleep(0.4)
        yield

    monkeypatch.setattr(progress, "WAIT_NOTICE", 0.1)
    monkeypatch.setattr(apply, "lock_file", slow_lock)
    stream = TTY()
    monkeypatch.setattr("sys.stderr", stream)
    (tmp_path / "aido.toml").write_text('adapters = ["claude-code"]\n')
    assert main(["apply", "--yes", "--project", str(tmp_path)]) == 0
    assert "waiting for .mcp.json" in stream.getvalue()
