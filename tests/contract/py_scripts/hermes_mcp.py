"""Hermes Agent's own MCP config loader, run offline with the venv's python.

Prints the config file Hermes resolves (`get_config_path()`: HERMES_HOME, else the
platform default), the `mcp_servers` as written there (the file parsed with PyYAML,
before `load_config()` expands anything), and the servers
`tools.mcp_tool._load_mcp_config()` hands to its MCP client (`${VAR}` and `${env:VAR}`
interpolated, suspicious entries dropped), each with the transport the client starts it
with. A config it cannot read prints {"error": ...} and exits 1.
"""

import json
import sys
from importlib.metadata import version

import yaml
from hermes_cli.config import get_config_path
from tools.mcp_tool import _load_mcp_config


def transport(server: dict) -> str:
    """What tools/mcp_tool.py connects with: stdio for `command`, else HTTP or SSE."""
    if "command" in server:
        return "stdio"
    return "sse" if server.get("transport") == "sse" else "http"


try:
    path = get_config_path()
    written = {}
    if path.exists():
        with open(path, encoding="utf-8") as file:
            written = (yaml.safe_load(file) or {}).get("mcp_servers") or {}
    loaded = _load_mcp_config()
except Exception as exc:  # the loader's own refusal, reported as data
    print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}))
    sys.exit(1)
servers = {name: {**server, "_transport": transport(server)} for name, server in loaded.items()}
out = {
    "version": version("hermes-agent"),
    "path": str(get_config_path()),
    "written": written,
    "servers": servers,
}
print(json.dumps(out))
