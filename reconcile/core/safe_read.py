"""The one way aido reads a file it did not write itself (SPEC §7: a repository is
untrusted input).

A repository is untrusted input: any file in it may be a FIFO (an open that
never returns), a link to `/dev/zero` (a read that never ends), or nested a
hundred thousand levels deep (a parser that overflows the stack). Every read
here opens the path non-blocking, refuses anything but a regular file, stops
at a size cap, and every parse turns too-deep nesting into one sentence. TOML text is
parsed here too (`parse`), importing tomllib only when a file must be parsed.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aidokit.reconcile.core.atomic import READ_FLAGS
from aidokit.reconcile.core.errors import AidoError, SecurityError
from aidokit.reconcile.core.paths import private

MAX_BYTES = 64 << 20  # a 20 MB ~/.claude.json is real; 64 MiB is not a config file
MAX_DEPTH = 200  # no config aido reads nests deeper; JSON parsers overflow near 1000
_KINDS = {
    stat.S_IFDIR: "a directory",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
}


class UnsafeFileError(AidoError):
    """A file aido must read is not a regular file, too large, or nested too deep."""


def read_file(
    path: Path, *, limit: int = MAX_BYTES, error: type[AidoError] = UnsafeFileError
) -> bytes | None:
    """The bytes of the regular file at `path`; None when it does not exist.

    Raises `error` (one sentence naming the file and the fix) for anything
    else: a FIFO, device, socket or directory, a dangling link, a file larger
    than `limit`, or one that cannot be read.
    """
    try:
        # READ_FLAGS has O_NONBLOCK: opening a FIFO returns at once instead of waiting.
        fd = os.open(path, READ_FLAGS)
    except FileNotFoundError:
        if os.path.lexists(path):
            raise error(f"{path} is a link to a missing file; fix or remove the link") from None
        return None
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror}; fix its permissions") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):  # before fdopen, which refuses a directory itself
        os.close(fd)
        kind = _KINDS.get(stat.S_IFMT(info.st_mode), "not a regular file")
        raise error(f"{path} is {kind}, not a file aido can read; move it out of the way")
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > limit:
            raise error(f"{path} is larger than {limit >> 20} MiB; {_TOO_BIG}")
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise error(f"cannot read {path}: {exc.strerror}; fix the file") from None
    if len(data) > limit:
        raise error(f"{path} is larger than {limit >> 20} MiB; {_TOO_BIG}")
    return data


_TOO_BIG = "it cannot be a config file aido reads, move it out of the way"


def parse_nested(
    path: Path, parse: Callable[[], Any], *, error: type[AidoError] = UnsafeFileError
) -> Any:
    """Run `parse()` (json.loads, tomllib.loads, ...) and refuse nesting deeper than MAX_DEPTH."""
    try:
        value = parse()
    except RecursionError:
        value = None
        deep = True
    except ValueError as exc:
        if type(exc) is not ValueError:  # the parser's own error: the caller words it
            raise
        # json's plain ValueError: an integer past the digits Python reads from text
        raise error(
            f"{path} holds an integer of more than the {sys.get_int_max_str_digits()} digits "
            "aido reads; no config aido reads has one, fix or remove the file"
        ) from None
    else:
        deep = too_deep(value)
    if deep:
        raise error(
            f"{path} nests deeper than {MAX_DEPTH} levels; no config aido reads does that,"
            " fix or remove the file"
        )
    return value


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether lists and dicts in `value` nest deeper than `limit` (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        if isinstance(item, dict):
            stack.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list | tuple):
            stack.extend((child, depth + 1) for child in item)
    return False


def check_private(path: Path, fix: str) -> None:
    """Refuse a per-user file that another user owns or may write (SPEC §7).

    Such a file could have been planted to pre-approve entries or claim the
    user's own servers; `fix` says what to do about it.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return
    if not private(info):  # the one owner and mode rule (Windows: ACLs guard the profile)
        raise SecurityError(f"{path} is writable by other users or owned by someone else; {fix}")


# ======================================================================================
# TOML text parsed by tomllib, imported only when a file must be parsed.
# ======================================================================================


def parse(text: str) -> dict[str, Any]:
    """`tomllib.loads(text)`, importing tomllib only now.

    An integer with more digits than Python reads from text (4300 by default) is
    tomllib's plain ValueError: it is raised as the TOMLDecodeError every caller
    words, instead of escaping as a crash.
    """
    import tomllib  # noqa: PLC0415 (a converged plan reads aido.toml from the memo, not with tomllib)

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:
        limit = sys.get_int_max_str_digits()
        raise tomllib.TOMLDecodeError(
            f"it holds an integer of more than the {limit} digits aido reads"
        ) from None


def decode_error() -> type[ValueError]:
    """tomllib's error for text that is not TOML, for `except decode_error():` clauses.

    An `except` clause evaluates its expression only when an exception is raised,
    so a run that parses nothing never imports tomllib.
    """
    import tomllib  # noqa: PLC0415 (a converged plan reads aido.toml from the memo, not with tomllib)

    return tomllib.TOMLDecodeError
