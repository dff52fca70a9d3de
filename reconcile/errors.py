"""The reconciler's errors; the base and `CatalogError` come from the bottom layer."""

from __future__ import annotations

from aidokit.catalog.errors import AidoError, CatalogError

__all__ = [
    "AidoError",
    "CatalogError",
    "ConfigError",
    "DocumentError",
    "LockError",
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
