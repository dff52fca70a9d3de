"""Apply is all or nothing across files: the k-th write fails, the k-1 before it are put back."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from aidokit.reconcile.cli.main import main
from aidokit.reconcile.core import atomic
from tests.faults.sandbox import CONFIG_A, CONFIG_B

ADAPTERS = ["claude-code", "codex", "vscode", "opencode"]
FILES = [".codex/config.toml", ".mcp.json", ".vscode/mcp.json", "opencode.json"]  # write order
STATE = ".aido/state.json"
HARNESS_SUFFIX = {".toml": b"# the harness was here\n", ".json": b"\n"}  # still parses


def _aido(project: Path, *argv: str) -> int:
    return main([*argv, "--project", str(project)])


def _configure(project: Path, template: str) -> None:
    (project / "aido.toml").write_text(template.format(adapters=json.dumps(ADAPTERS)))


def _snapshot(project: Path) -> dict[str, bytes | None]:
    """Bytes of every harness file and of the state (None when absent)."""
    return {
        p: (project / p).read_bytes() if (project / p).exists() else None for p in [*FILES, STATE]
    }


def _enospc(temp: Path) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _interrupt(temp: Path) -> None:
    raise KeyboardInterrupt


def _harness_races(temp: Path) -> None:
    """A harness rewrites the file while aido writes its temp: aido's rename is refused."""
    target = temp.parent / temp.name.split("-", 4)[4]
    suffix = HARNESS_SUFFIX[target.suffix]
    target.write_bytes(target.read_bytes() + suffix)


FAULTS: dict[str, tuple[Callable[[Path], None], int, str]] = {
    "disk full": (_enospc, 1, "No space left on device"),
    "interrupted": (_interrupt, 130, "Interrupted: nothing was written"),
    "harness wrote meanwhile": (_harness_races, 1, "changed since it was read"),
}


@pytest.fixture
def switched(fixture_project: Callable[[str], Path]) -> tuple[Path, dict[str, bytes | None]]:
    """The demo project applied with CONFIG_A, then set to CONFIG_B: all 4 files will change."""
    project = fixture_project("demo-project")
    _configure(project, CONFIG_A)
    assert _aido(project, "apply", "--yes") == 0
    _configure(project, CONFIG_B)
    return project, _snapshot(project)


@pytest.mark.parametrize("fault", sorted(FAULTS))
@pytest.mark.parametrize("k", range(1, len(FILES) + 1))
def test_kth_write_failing_rolls_back_the_files_before_it(
    k: int,
    fault: str,
    switched: tuple[Path, dict[str, bytes | None]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Failing the k-th of 4 writes: every file and the state as before, reported per file."""
    project, before = switched
    inject, code, message = FAULTS[fault]
    real = atomic._write_temp
    seen: list[str] = []

    def failing(temp: Path, *args: Any) -> None:
        if not temp.name.endswith("state.json"):
            seen.append(temp.name)
            if len(seen) == k:
                inject(temp)
        real(temp, *args)

    monkeypatch.setattr(atomic, "_write_temp", failing)
    assert _aido(project, "apply", "--yes") == code
    err = capsys.readouterr().err
    monkeypatch.setattr(atomic, "_write_temp", real)
    assert message in err and err.count("\n") == 1, err
    raced = FILES[k - 1] if fault == "harness wrote meanwhile" else None
    after = _snapshot(project)
    for rel in FILES:
        suffix = HARNESS_SUFFIX[Path(rel).suffix] if rel == raced else b""
        assert after[rel] == (before[rel] or b"") + suffix, rel
    if raced:
        assert f"{raced} left as it is: another program changed it meanwhile" in err, err
    assert after[STATE] == before[STATE]
    for rel in FILES[: k - 1]:
        assert f"{rel} put back" in err, err
    assert _aido(project, "apply", "--yes") == 0
    assert _aido(project, "plan", "--detailed-exitcode") == 0


def test_a_failed_commit_rolls_back_every_file(
    switched: tuple[Path, dict[str, bytes | None]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The journal cannot record the commit (disk full): all 4 written files are put back."""
    from aidokit.reconcile.core.errors import StateError
    from aidokit.reconcile.write import journal

    project, before = switched
    real = journal.save_record

    def full(folder: Path, tx: journal.Tx) -> None:
        if tx.status == journal.COMMITTED:
            raise StateError(f"cannot write aido's journal {folder}: No space left on device")
        real(folder, tx)

    monkeypatch.setattr(journal, "save_record", full)
    assert _aido(project, "apply", "--yes") == 1
    err = capsys.readouterr().err
    assert all(f"{rel} put back" in err for rel in FILES), err
    assert _snapshot(project) == before
    monkeypatch.setattr(journal, "save_record", real)  # not undo(): that drops the sandbox HOME
    assert _aido(project, "apply", "--yes") == 0
    assert _aido(project, "plan", "--detailed-exitcode") == 0
