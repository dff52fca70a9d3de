"""The one error hierarchy: only the CLI boundary catches these (STYLE.md, Code 3)."""

from __future__ import annotations


class AidoError(Exception):
    """A known failure, told to the user in one sentence naming the file and the fix."""

    exit_code = 1


class ConfigError(AidoError):
    """`aido.toml` (or a command-line value) is invalid."""


class CatalogError(AidoError):
    """The catalog cannot give what was asked (unknown id, no install spec)."""


class DocumentError(AidoError):
    """A harness config file cannot be read, parsed or edited safely."""


class StaleError(AidoError):
    """A file changed between reading it and writing it, or since a saved plan."""


class LockError(AidoError):
    """Another aido run holds the lock on a file."""


class StateError(AidoError):
    """aido's ownership state is corrupt or from a newer format."""


class SecurityError(AidoError):
    """A security gate refused (unconfirmed sensitive entry, unsafe value)."""
