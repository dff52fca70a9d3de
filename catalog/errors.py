"""How aido tells the user: the error base, the log, and printable excerpts of input.

The error base every layer raises: only the CLI boundary catches these (STYLE.md, Code 3).

It lives in `catalog`, the lowest layer, so that `catalog` and `adapters` can raise
aido's errors without importing `reconcile`; `reconcile/core/errors.py` adds the
subclasses only the reconciler raises.
"""

from __future__ import annotations

import re
import sys
from typing import Any


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


# ======================================================================================
# Logging: structlog on stderr, configured once, imported only when a line is logged.
#
# structlog is a heavy import for a run that logs nothing, so `get_logger()` hands out a
# proxy that configures structlog on first use. The proxy buys ~38 ms of CPU on every
# converged plan (119 vs 157 ms, 3.11, 2026-12-06: `make bench`, row "start-up device:
# lazy structlog proxy"); it stays while it buys at least 10 ms (issue 52).
# ======================================================================================

# The stdlib logging levels, without importing `logging` (start-up time).
LEVELS = {"debug": 10, "info": 20, "warning": 30, "error": 40}
DEBUG, INFO, ERROR = LEVELS["debug"], LEVELS["info"], LEVELS["error"]

_settings: dict[str, Any] = {"level": INFO, "format": "console"}
_configured = False


def configure(*, verbosity: int = 0, log_format: str = "console", level: str | None = None) -> None:
    """Record the CLI's logging choices; structlog is set up lazily from them.

    `verbosity` steps down from info (1 is debug, -1 warning); a named `level`
    wins over it.
    """
    global _configured
    number = LEVELS[level] if level in LEVELS else INFO - 10 * verbosity
    _settings["level"] = max(DEBUG, min(ERROR, number))
    _settings["format"] = log_format
    _configured = False


def _setup() -> Any:
    global _configured
    import structlog

    if not _configured:
        renderer: Any
        if _settings["format"] == "json":
            renderer = structlog.processors.JSONRenderer(sort_keys=True)
        else:
            renderer = structlog.dev.ConsoleRenderer(colors=False)
        structlog.configure(
            processors=[
                structlog.processors.add_log_level,
                structlog.processors.TimeStamper(fmt="iso", utc=True),
                renderer,
            ],
            wrapper_class=structlog.make_filtering_bound_logger(_settings["level"]),
            # Look sys.stderr up at each call, so a redirected stderr is honoured.
            logger_factory=lambda *_: structlog.PrintLogger(file=sys.stderr),
            cache_logger_on_first_use=False,
        )
        _configured = True
    return structlog


class _LazyLogger:
    """Stand-in for a structlog logger that imports structlog on first call."""

    def __init__(self, name: str) -> None:
        self._name = name

    def _emit(self, method: str, event: str, **kw: Any) -> None:
        if not enabled(method):
            return
        structlog = _setup()
        getattr(structlog.get_logger(self._name), method)(event, **kw)

    def debug(self, event: str, **kw: Any) -> None:
        self._emit("debug", event, **kw)

    def info(self, event: str, **kw: Any) -> None:
        self._emit("info", event, **kw)

    def warning(self, event: str, **kw: Any) -> None:
        self._emit("warning", event, **kw)

    def error(self, event: str, **kw: Any) -> None:
        self._emit("error", event, **kw)


def enabled(method: str) -> bool:
    """Whether a line at `method`'s level would be logged, before building its fields."""
    return bool(LEVELS.get(method, INFO) >= _settings["level"])


def get_logger(name: str) -> _LazyLogger:
    """Return a logger for module `name`."""
    return _LazyLogger(name)


# ======================================================================================
# The one sanitiser for text that came from files, at the render boundary (SPEC §7).
#
# A server name, key or value read from a repository's file may hold escape
# sequences (clear the screen, set the window title, write the clipboard with
# OSC 52), C1 controls, or bidi overrides that make a line read differently
# from what it is. Everything aido prints that came from a file goes through
# `printable`, which shows such characters as visible `\x1b` / `\u202e` escapes.
# ======================================================================================

# Cc: C0, DEL, C1; Cf: bidi controls, zero-width and other format characters;
# Zl/Zp: line and paragraph separators; Co/Cs: private use and lone surrogates.
_UNSAFE = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs"})


def printable(text: str, *, keep: str = "") -> str:
    """`text` with every control, format, bidi and separator character escaped (except `keep`)."""
    if text.isprintable():
        return text
    import unicodedata  # noqa: PLC0415 (only for text that is not all printable (docs/benchmarks.md))

    return "".join(
        char if char in keep or unicodedata.category(char) not in _UNSAFE else _escape(char)
        for char in text
    )


# A line a CI runner reads as a workflow command: GitHub Actions trims a line's blanks
# and runs one that then starts with `::` (`::add-mask::`, `::stop-commands::`).
_COMMAND = r"(?m)^([^\S\n]*):(?=:)"


def no_commands(text: str) -> str:
    """`text` with no line a CI runner would run as a workflow command: the first colon of a
    line that starts with `::` (after blanks) is escaped as `\\x3a`."""
    if "::" not in text:
        return text

    return re.sub(_COMMAND, r"\1\\x3a", text)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


EXCERPT = 80  # characters of a value an error message quotes


def shortened(text: str, limit: int) -> str:
    """`text`, or its first `limit` characters, an ellipsis and its length when longer."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """`value` quoted as `!r` does, cut to `limit` characters: `'aaaa'… (60,000,000 characters)`.

    Error messages quote the offending value (STYLE.md 4), and that value came
    from a file or an answer that may hold megabytes: every message that
    quotes input quotes this excerpt, never the whole value.
    """
    if isinstance(value, str):
        return (
            repr(value)
            if len(value) <= limit
            else f"{value[:limit]!r}… ({len(value):,} characters)"
        )
    try:
        return shortened(repr(value), limit)
    except RecursionError:
        return f"<a {type(value).__name__} nested too deep to show>"
