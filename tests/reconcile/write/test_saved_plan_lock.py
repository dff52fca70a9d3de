"""A saved plan's lock is derived, not trusted (issue 30 §1): its text must be what aido gives."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from aidokit.catalog.models import StdioSpec
from aidokit.reconcile.read.choices.lockfile import (
    LOCK_NAME,
    Lock,
    Locked,
    Spec,
    parse_lock,
    render_lock,
)
from tests.helpers import aido, new_project, saved_plan

TOML = 'adapters = ["claude-code"]\n[mcp]\nadd = ["memory"]\nskip = ["sequential-thinking"]\n'


def tree(root: Path) -> dict[str, bytes | None]:
    """Every path under `root` with its bytes (None for a folder)."""
    return {
        str(p.relative_to(root)): None if p.is_dir() else p.read_bytes()
        for p in sorted(root.rglob("*"))
    }


def evil_lock(text: str, path: Path) -> str:
    """`text` (a lock) with memory's package swapped, its digest recomputed (no signature)."""
    lock = parse_lock(text.encode(), path)
    memory = lock.entries["memory"]

    def evil(spec: Spec) -> Spec:
        if isinstance(spec, StdioSpec):
            return dataclasses.replace(spec, args=("-y", "@evil/server-memory@1.0.0"))
        return spec

    install = {adapter: evil(spec) for adapter, spec in memory.install.items()}
    default = evil(memory.default) if memory.default is not None else None
    entries = {**lock.entries, "memory": Locked("memory", "catalog", install, default)}
    return render_lock(Lock(entries))


def test_saved_plan_with_a_well_formed_foreign_lock_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A saved plan carrying another (valid, digest-consistent) lock is refused, naming the fix."""
    project = new_project(tmp_path, TOML)
    saved, data = saved_plan(project)
    data["lock"]["text"] = evil_lock(data["lock"]["text"], project / LOCK_NAME)
    saved.write_text(json.dumps(data))
    before = tree(project)
    capsys.readouterr()
    assert aido(project, "apply", str(saved)) == 1
    err = capsys.readouterr().err
    assert str(saved) in err and f"aido plan --out {saved}" in err
    assert tree(project) == before


def test_saved_plan_made_before_aido_toml_changed_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A plan whose lock no longer follows from aido.toml (an entry added since) writes nothing."""
    project = new_project(tmp_path, TOML)
    assert aido(project, "apply", "--yes") == 0
    (project / "aido.toml").write_text(TOML.replace('["memory"]', '["memory", "git"]'))
    saved, _ = saved_plan(project)
    (project / "aido.toml").write_text(TOML)
    before = tree(project)
    capsys.readouterr()
    assert aido(project, "apply", str(saved)) == 1
    assert f"aido plan --out {saved}" in capsys.readouterr().err
    assert tree(project) == before


def test_saved_plan_with_its_own_lock_applies(tmp_path: Path) -> None:
    """The lock a saved plan holds, when it is the derived one, is written as planned."""
    project = new_project(tmp_path, TOML)
    saved, data = saved_plan(project)
    assert aido(project, "apply", str(saved)) == 0
    assert (project / LOCK_NAME).read_text() == data["lock"]["text"]
