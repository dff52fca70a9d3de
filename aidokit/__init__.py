"""aidokit: the `aido` MCP configuration reconciler."""

__version__ = "0.1.0"
