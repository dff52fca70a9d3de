"""Mistral Vibe's own config loader, run offline with the venv's python in the project.

Builds the CLI's layer stack (`build_default_orchestrator`, what `vibe` starts with) once
with the user source only and once with the user and project sources, and prints the
MCP servers each resolved (pydantic models, with the argv Vibe would run and the headers
it would send), each marked `project` when the project layer added or changed it. A
config it refuses prints {"error": ...} and exits 1.
"""

import asyncio
import json
import sys
from importlib.metadata import version

from vibe.core.config import harness_files
from vibe.core.config.default_orchestrator import build_default_orchestrator
from vibe.core.config.harness_files import _harness_manager
from vibe.core.config.models import MCPStdio


def dump(server: object) -> dict[str, object]:
    """One server as Vibe holds it, plus what it would start or send."""
    record = server.model_dump(mode="json")
    if isinstance(server, MCPStdio):
        record["_argv"] = server.argv()
    else:
        record["_headers"] = server.http_headers()
    return record


async def load(*sources: str) -> dict[str, dict[str, object]]:
    """The servers of the layer stack built from `sources`, by name."""
    _harness_manager.reset_harness_files_manager()
    harness_files.init_harness_files_manager(*sources)
    orchestrator = await build_default_orchestrator()
    return {server.name: dump(server) for server in orchestrator.config.mcp_servers}


async def main() -> None:
    try:
        user = await load("user")
        both = await load("user", "project")
    except Exception as exc:  # the loader refusing the config is the answer
        print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}))
        sys.exit(1)
    servers = {
        name: {**record, "_scope": "user" if user.get(name) == record else "project"}
        for name, record in both.items()
    }
    print(json.dumps({"version": version("mistral-vibe"), "servers": servers}))


asyncio.run(main())
