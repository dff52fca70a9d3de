"""The reconciler's errors; the base and `CatalogError` come from the bottom layer."""

from __future__ import annotations

from aidokit.catalog.errors import AidoError, CatalogError

__all__ = [
    "AidoError",
    "CatalogError",
    "ConfigError",
    "DocumentError",
    "JsoncInStrictJsonError",
    "LockError",
    "PolicyError",
    "SecurityError",
    "StaleError",
    "StateError",
]


class ConfigError(AidoError):
    """`aido.toml` (or a command-line value) is invalid."""

    code = "config"


class DocumentError(AidoError):
    """A harness config file cannot be read, parsed or edited safely."""

    code = "document"


class JsoncInStrictJsonError(DocumentError):
    """A strict-JSON harness file holds a comment or a trailing comma (JSONC, not JSON).

    The document layer does not know the harness: `harness_words` says it in the terms
    of the harness that reads the file, once the caller knows which one that is.
    """

    def __init__(self, *, path: str, what: str, line: int, column: int) -> None:
        self.path, self.what, self.line, self.column = path, what, line, column
        super().__init__(self.harness_words("its harness"))
        self.details = {"path": path, "line": line, "column": column, "found": what}

    def harness_words(self, harness: str) -> str:
        """`path:line:col: <harness> reads strict JSON; the comment at line N ...; fix`."""
        name = self.path.replace("\\", "/").rsplit("/", 1)[-1]
        fix = f"delete the {self.what}"
        if self.what == "comment":
            fix += " (strict JSON has none; a note can live in a README)"
        return (
            f"{self.path}:{self.line}:{self.column}: {harness} reads strict JSON, and the "
            f"{self.what} at line {self.line} makes {name} unreadable to {harness} too; "
            f"{fix}, then run aido again (aido will not edit this file until then)"
        )


class StaleError(AidoError):
    """A file changed between reading it and writing it, or since a saved plan."""

    code = "stale"


class LockError(AidoError):
    """Another aido run holds the lock on a file."""

    code = "lock"


class StateError(AidoError):
    """aido's ownership state is corrupt or from a newer format."""

    code = "state"


class SecurityError(AidoError):
    """A security gate refused (unconfirmed sensitive entry, unsafe value)."""

    code = "security"


class PolicyError(ConfigError):
    """A policy (`[policy]`, the managed policy file) refuses an entry the project asks for."""

    code = "policy"
