"""OpenHands CLI's own MCP config loader, run offline with the venv's python.

Prints the file the CLI resolves (OPENHANDS_PERSISTENCE_DIR, else ~/.openhands) and the
servers `load_mcp_config()` parsed (fastmcp models, dumped without unset fields), with
the transport fastmcp would start each with and the CLI's own enabled check. A file it
refuses prints {"error": ...} and exits 1.
"""

import json
import sys
from importlib.metadata import version

from fastmcp.mcp_config import RemoteMCPServer, infer_transport_type_from_url
from openhands_cli.mcp import mcp_utils


def effective(server: object) -> str:
    """The transport fastmcp starts the server with (`to_transport`'s rule)."""
    if not isinstance(server, RemoteMCPServer):
        return "stdio"
    kind = server.transport or infer_transport_type_from_url(server.url)
    return "http" if kind == "streamable-http" else kind


try:
    servers = mcp_utils.list_servers()
except mcp_utils.MCPConfigurationError as exc:
    print(json.dumps({"error": str(exc)}))
    sys.exit(1)
out = {
    name: {**server.model_dump(mode="json", exclude_none=True), "_transport": effective(server)}
    for name, server in servers.items()
}
enabled = sorted(mcp_utils.list_enabled_servers())
path = str(mcp_utils._get_mcp_config_path())
loaded = {"version": version("openhands"), "path": path, "servers": out, "enabled": enabled}
print(json.dumps(loaded))
