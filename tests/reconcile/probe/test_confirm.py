"""Typed confirmations for probes, and the bounded tool-list cache."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from aidokit.reconcile.core.terminal import Terminal
from aidokit.reconcile.gate.confirmations import ConfirmationStore
from aidokit.reconcile.probe import tool_cache
from aidokit.reconcile.probe.confirm import confirm_probes, describe
from aidokit.reconcile.probe.prepare import Settings, prepare
from aidokit.reconcile.probe.targets import Job, Probe, Result, Status, probes_of
from aidokit.reconcile.read import tool_lists as tools
from aidokit.reconcile.read.world import gather, read_world
from tests.reconcile.probe.helpers import claude_project


class Device(io.BytesIO):
    """A console end backed by bytes (no real file descriptor), read a line at a time as a
    terminal in canonical mode gives them."""

    def read(self, size: int | None = -1, /) -> bytes:
        return self.readline()

    def fileno(self) -> int:
        raise OSError("no descriptor")


def probes(project: Path) -> list[Probe]:
    return probes_of(read_world(gather(project, scope="project", only=["claude-code"])))


def confirmed(project: Path) -> Settings:
    store = ConfirmationStore.load(os.environ, project)
    return Settings(project, offline=False, confirmed=store.covers)


ENTRY = {"type": "stdio", "command": "/bin/sh", "args": ["-c", "exit 0"], "env": {"K": "v4lue"}}


def test_typing_the_id_confirms_the_probe_and_anything_else_does_not(tmp_path: Path) -> None:
    """The prompt names what runs (never env values); only the exact id stores a confirmation."""
    project = claude_project(tmp_path, {"mine": ENTRY, "other": {**ENTRY, "args": ["x"]}},
                             confirm=False)  # fmt: skip
    found = sorted(probes(project), key=lambda p: p.id)
    writer = Device()
    terminal = Terminal(Device(b"mine\nnope\n"), writer)
    confirm_probes(terminal, found, os.environ, project)
    shown = writer.getvalue().decode()
    assert "aido did not write it" in shown and '["/bin/sh", "-c", "exit 0"]' in shown
    assert "v4lue" not in shown and ".mcp.json (claude-code)" in shown
    results = {p.id: prepare(p, confirmed(project)) for p in probes(project)}
    assert isinstance(results["mine"], Job)
    assert isinstance(results["other"], Result) and results["other"].status is Status.SKIPPED


def test_describe_a_remote_probe_names_its_url(tmp_path: Path) -> None:
    """A remote entry's prompt says where it connects."""
    project = claude_project(
        tmp_path, {"r": {"type": "http", "url": "https://mcp.example.test/mcp"}}, confirm=False
    )
    (probe,) = probes(project)
    assert 'connects to "https://mcp.example.test/mcp"' in describe(probe)


def test_the_tool_cache_keeps_the_newest_servers_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past LIMIT servers the oldest go; the file is owner-only."""
    monkeypatch.setattr(tool_cache, "LIMIT", 3)
    project = claude_project(tmp_path, {"r": {"type": "http", "url": "https://x.test/m"}},
                             confirm=False)  # fmt: skip
    (probe,) = probes(project)
    for n in range(5):
        result = Result(probe, Status.OK, ("t",), server=f"srv {n}", schema_sizes=(7,))
        tool_cache.remember([result], os.environ, project)
        data = json.loads(tools.cache_path(os.environ).read_text("utf-8"))
        data["servers"][f"srv {n}"]["seen"] = f"2026-01-0{n}"  # older than the next run's
        tools.cache_path(os.environ).write_text(json.dumps(data), "utf-8")
    kept = json.loads(tools.cache_path(os.environ).read_text("utf-8"))["servers"]
    assert sorted(kept) == ["srv 2", "srv 3", "srv 4"]
    assert kept["srv 4"]["tools"] == [{"name": "t", "schema_chars": 7}]
    assert tools.cache_path(os.environ).stat().st_mode & 0o077 == 0
