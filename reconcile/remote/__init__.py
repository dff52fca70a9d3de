"""Clients of what aido fetches over HTTP: npm and PyPI (package_index.py), the MCP Registry
(mcp_registry.py, registry_custom.py). Nothing here reads or writes a file."""
