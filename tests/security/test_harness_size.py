"""SPEC §7: harness files are read with a size cap too; an enormous one is that file's error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from aidokit.reconcile.core import atomic
from tests.helpers import ONLY_CONTEXT7, aido, new_project


def test_an_enormous_harness_file_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sparse 300 MiB .mcp.json is one sentence naming the file; it is never read or written."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    path = project / ".mcp.json"
    with path.open("wb") as handle:
        handle.truncate(atomic.MAX_HARNESS_BYTES + (44 << 20))
    before = os.stat(path)
    assert aido(project, "plan") == 1
    out = capsys.readouterr().out
    assert ".mcp.json is 300 MiB, more than the 256 MiB aido reads" in out
    assert aido(project, "apply", "--yes") == 1
    after = os.stat(path)
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
