"""Projects, confirmations and local servers for the probe tests."""

from __future__ import annotations

import io
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
from aidokit.reconcile.gate.confirmations import ConfirmationStore
from aidokit.reconcile.probe.targets import probes_of
from aidokit.reconcile.read.world import gather, read_world

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
    path = "sse" if mode == "sse" else "mcp"
    with _listening([sys.executable, str(SERVERS), mode, str(port)], port, path) as url:
        yield url


@contextmanager
def _listening(argv: list[str], port: int, path: str) -> Iterator[str]:
    """Run `argv`, wait (60 s at most) until it accepts connections on 127.0.0.1:`port`,
    yield its URL at `path`, and end it."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert process.poll() is None, "the fixture server exited"
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/{path}"
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


def write_server(
    path: Path,
    tools: list[dict[str, Any]],
    *,
    version: str = "1.0.0",
    http_port: int | None = None,
    many: int = 0,
) -> Path:
    """Write an MCP server to `path` with the SDK's own server (`MCPServer`), listing `tools`
    (each: name, description, params as Python source, optional annotations) and `many`
    more (`tool_00000`...); served over stdio, or over streamable HTTP on 127.0.0.1."""
    lines = [
        "from mcp.server.mcpserver import MCPServer",
        "from mcp_types import ToolAnnotations",
        f"server = MCPServer('pin-fixture', version={version!r})",
    ]
    for index, tool in enumerate(tools):
        lines.append(f"def _tool{index}({tool.get('params', '')}) -> str:\n    return 'ok'")
        notes = tool.get("annotations")
        extra = f", annotations=ToolAnnotations(**{notes!r})" if notes else ""
        lines.append(f"server.add_tool(_tool{index}, name={tool['name']!r}, "
                     f"description={tool['description']!r}{extra})")  # fmt: skip
    if many:  # the SDK's low-level server: MCPServer.add_tool takes ~5 ms a tool
        lines = [
            "import anyio, mcp_types as types",
            "from mcp.server.lowlevel.server import Server",
            "from mcp.server.stdio import stdio_server",
            "SCHEMA = {'type': 'object', 'properties': {'text': {'type': 'string'}}}",
            f"TOOLS = [types.Tool(name=f'tool_{{n:05d}}', description=f'Tool number {{n}}.', "
            f"input_schema=SCHEMA) for n in range({many})]",
            "async def tools(ctx, params):\n    return types.ListToolsResult(tools=TOOLS)",
            f"server = Server('pin-fixture', version={version!r}, on_list_tools=tools)",
            "async def main():",
            "    async with stdio_server() as (read, write):",
            "        await server.run(read, write, server.create_initialization_options())",
            "anyio.run(main)",
        ]
    elif http_port is None:
        lines.append("server.run()")
    else:
        lines += [
            "import uvicorn",
            f"uvicorn.run(server.streamable_http_app(), host='127.0.0.1', port={http_port}, "
            "log_level='warning')",
        ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@contextmanager
def serve_http(script: Path, port: int) -> Iterator[str]:
    """Run a server `write_server(..., http_port=port)` wrote: its MCP URL."""
    with _listening([sys.executable, str(script)], port, "mcp") as url:
        yield url


class Device(io.BytesIO):
    """A console end backed by bytes, read a line at a time as a terminal gives them."""

    def read(self, size: int | None = -1, /) -> bytes:
        return self.readline()

    def fileno(self) -> int:
        raise OSError("no descriptor")

    def close(self) -> None:
        """Kept open, so a test reads what was shown after the terminal closed."""


def typing(monkeypatch: pytest.MonkeyPatch, *answers: str) -> Device:
    """Make the terminal answer `answers` in turn; what it showed is the returned device."""
    from aidokit.reconcile.core import terminal

    shown = Device()
    reader = Device("".join(f"{a}\n" for a in answers).encode())
    monkeypatch.setattr(terminal, "open_terminal", lambda *a: terminal.Terminal(reader, shown))
    return shown
