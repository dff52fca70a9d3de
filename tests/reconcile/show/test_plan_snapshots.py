"""Dry-run plans (text and JSON) per fixture project and adapter, as reviewed snapshots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from projects import FIXTURES, materialize  # fixtures/ is put on sys.path by tests/conftest.py
from syrupy.assertion import SnapshotAssertion

from aidokit.reconcile.cli.main import main

CASES = sorted(p.name for p in (FIXTURES / "plans").iterdir() if p.is_dir())
ADAPTERS = ("claude-code", "codex", "vscode", "opencode")


def _drift(case: Path, project: Path) -> None:
    """Converge the project, then apply the case's hand edits (`drift.json`)."""
    assert main(["apply", "--yes", "--project", str(project)]) == 0
    for edit in json.loads((case / "drift.json").read_text(encoding="utf-8")):
        path = project / edit["file"]
        text = path.read_text(encoding="utf-8")
        assert edit["find"] in text, f"drift.json: {edit['find']!r} not in {edit['file']}"
        path.write_text(text.replace(edit["find"], edit["replace"], 1), encoding="utf-8")


def _plan(project: Path, adapter: str, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    capsys.readouterr()
    main(["plan", "--adapter", adapter, "--project", str(project), "--no-color", *extra])
    return capsys.readouterr().out.replace(str(project), "<project>")


@pytest.mark.parametrize("adapter", ADAPTERS)
@pytest.mark.parametrize("case", CASES)
def test_plan_snapshot(
    case: str,
    adapter: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    snapshot: SnapshotAssertion,
) -> None:
    """The text and JSON plan for this fixture and adapter match the reviewed snapshot."""
    project = materialize(f"plans/{case}/project", tmp_path / "project")
    if (FIXTURES / "plans" / case / "drift.json").exists():
        _drift(FIXTURES / "plans" / case, project)
    assert _plan(project, adapter, capsys) == snapshot(name="text")
    assert json.loads(_plan(project, adapter, capsys, "--json")) == snapshot(name="json")
