"""The error base every layer raises: only the CLI boundary catches these (STYLE.md, Code 3).

It lives in `catalog`, the lowest layer, so that `catalog` and `adapters` can raise
aido's errors without importing `reconcile`; `reconcile/core/errors.py` adds the
subclasses only the reconciler raises.
"""

from __future__ import annotations


class AidoError(Exception):
    """A known failure, told to the user in one sentence naming the file and the fix."""

    exit_code = 1
    # The stable `code` of the JSON error object under --json (docs/cli.md).
    code = "error"
    # Extra facts for the JSON error object (`error.details`); empty for most errors.
    details: dict[str, object] | None = None


class CatalogError(AidoError):
    """The catalog cannot give what was asked (unknown id, no install spec)."""

    code = "catalog"


class NoInstallSpecError(CatalogError):
    """A catalog entry has no install spec for a harness it was asked for."""

    code = "MCP_NO_INSTALL_FOR_ADAPTER"

    def __init__(self, message: str, *, entry_id: str, adapter: str, supported: list[str]):
        super().__init__(message)
        # Shown as `error.details` under --json, for scripts to act on.
        self.details = {"id": entry_id, "adapter": adapter, "supported": sorted(supported)}
