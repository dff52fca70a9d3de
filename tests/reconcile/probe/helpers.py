"""Projects, confirmations and local servers for the probe tests."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from aidokit.reconcile.cli.main import main
from aidokit.reconcile.probe.targets import probes_of
from aidokit.reconcile.read.world import gather, read_world
from aidokit.reconcile.trust.confirmations import ConfirmationStore

SERVERS = Path(__file__).with_name("servers.py")
# The fixture server imports the SDK's server half: a few seconds on a busy machine.
START = "40"


def stdio(mode: str, *args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    """A Claude Code stdio entry running the fixture server in `mode`."""
    entry: dict[str, Any] = {"type": "stdio", "command": sys.executable,
                             "args": [str(SERVERS), mode, *args]}  # fmt: skip
    if env:
        entry["env"] = env
    return entry


def claude_project(tmp_path: Path, servers: dict[str, Any], *, confirm: bool = True) -> Path:
    """A project whose `.mcp.json` holds `servers`, every entry confirmed unless told."""
    project = tmp_path / "proj"
    project.mkdir()
    (project / "aido.toml").write_text('adapters = ["claude-code"]\n', encoding="utf-8")
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    if confirm:
        confirm_all(project, "claude-code")
    return project


def confirm_all(project: Path, *adapters: str) -> None:
    """Store a confirmation of every entry of `adapters`' files, as typing each id would."""
    world = read_world(gather(project, scope="project", only=list(adapters)))
    store = ConfirmationStore.load(os.environ, project)
    store.confirm(use.target for probe in probes_of(world) for use in probe.uses).save()


def probe(
    project: Path, capsys: pytest.CaptureFixture[str], *argv: str, ids: tuple[str, ...] = ()
) -> tuple[int, dict[str, Any]]:
    """Run `aido doctor --probe [IDS] --json ARGV`: the exit code and the document."""
    capsys.readouterr()
    code = main(["doctor", "--probe", *ids, "--json", *argv, "--project", str(project)])
    captured = capsys.readouterr()
    assert captured.err == ""  # no progress line, no log: --json and no terminal
    return code, json.loads(captured.out)


def by_id(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The probes of a `--probe --json` document by id."""
    return {item["id"]: item for item in doc["probes"]}


def free_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on (now)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def http_server(mode: str) -> Iterator[str]:
    """The fixture server in `mode` (`http`, `sse` or `auth`) on 127.0.0.1: its MCP URL."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(SERVERS), mode, str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert process.poll() is None, "the fixture server exited"
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/{'sse' if mode == 'sse' else 'mcp'}"
    finally:
        process.terminate()
        process.wait(timeout=30)


def alive(pid: int) -> bool:
    """Whether process `pid` exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"
