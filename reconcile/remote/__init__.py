"""What aido fetches over HTTP: download.py (the one `download`, its deadline and size cap),
npm and PyPI (package_index.py), the MCP Registry (mcp_registry.py, registry_custom.py).
Nothing here reads or writes a file."""
