"""Deep Agents Code's own MCP config discovery and loader, run offline with the venv's python.

Prints the config files `dcode` discovers from the project folder
(`discover_mcp_config_sources`: the profile's `.mcp.json`, then the project's
`.deepagents/.mcp.json` and root `.mcp.json`, each with its trust scope), and every
server `load_mcp_config` accepts from them (later files win), with the transport
`_resolve_server_type` gives it and the entry `resolve_mcp_server_env` starts it with
(`${VAR}` expanded; an error when a variable it needs is unset). A file it refuses
prints {"error": ...} and exits 1.
"""

import json
import sys
from importlib.metadata import version

from deepagents_code.mcp_config import resolve_mcp_server_env
from deepagents_code.mcp_tools import (
    _resolve_server_type,
    discover_mcp_config_sources,
    load_mcp_config,
)


def expanded(name: str, server: dict) -> object:
    """The entry as the server is started, or why it cannot be."""
    try:
        return resolve_mcp_server_env(name, server)
    except (RuntimeError, TypeError, ValueError) as exc:
        return {"error": str(exc)}


try:
    sources = discover_mcp_config_sources()
    servers = {}
    for source in sources:
        for name, server in load_mcp_config(str(source.path))["mcpServers"].items():
            servers[name] = {
                **server,
                "_transport": _resolve_server_type(server),
                "_scope": source.scope.value,
                "_expanded": expanded(name, server),
            }
except (OSError, ValueError, TypeError) as exc:
    print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}))
    sys.exit(1)
files = [{"path": str(s.path), "scope": s.scope.value} for s in sources]
print(json.dumps({"version": version("deepagents-code"), "files": files, "servers": servers}))
