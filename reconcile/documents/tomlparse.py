"""Parsed TOML remembered by its exact text, so a run whose TOML files were all seen before
never imports tomllib (about 3 ms of every start, with the datetime and string modules and
the regexes it compiles; parsing the few small files of a plan costs a tenth of that).

An entry is a file `<folder>/<key>`: the key hashes a version tag (aido's format, the
interpreter whose tomllib parsed it) and the text; the file holds a digest of its payload
and the payload, the parsed value as `marshal` writes it. Each hit loads a fresh value
(callers may change it). A value marshal cannot hold (a datetime) is simply not kept, and
text that is not TOML never is: it raises tomllib's own error each time. What the folder
says is what aido believes the file says, so it is read only when `privatefolder` trusts
it, and each entry only when it is the user's alone; a folder aido cannot write, or a
damaged entry, costs only speed.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from pathlib import Path
from typing import Any

from aidokit.reconcile.documents import privatefolder
from aidokit.reconcile.documents.format import sha256

KEEP = 256  # entries kept (up to a quarter more between prunings); the oldest go first
_TAG = f"aido parsed toml 1\0{sys.implementation.cache_tag}\0{sys.hexversion}\0".encode()
_DIGEST = 32  # bytes of sha256 before the payload
_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)


def parse(text: str) -> dict[str, Any]:
    """`tomllib.loads(text)`, importing tomllib only now.

    An integer with more digits than Python reads from text (4300 by default) is
    tomllib's plain ValueError: it is raised as the TOMLDecodeError every caller
    words, instead of escaping as a crash.
    """
    import tomllib

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
    import tomllib

    return tomllib.TOMLDecodeError


def loads(text: str, cache: ParsedToml | None = None) -> dict[str, Any]:
    """`text` parsed, through `cache` when there is one."""
    return parse(text) if cache is None else cache.loads(text)


class ParsedToml:
    """The parsed values of TOML texts seen before, kept in `folder`."""

    def __init__(self, folder: Path, project: Path | None) -> None:
        self.folder = folder
        self.project = project  # a folder inside it is never trusted
        self._trusted: bool | None = None

    def loads(self, text: str) -> dict[str, Any]:
        """`tomllib.loads(text)`, from the folder when that text was parsed before."""
        raw = text.encode("utf-8", "surrogatepass")
        key = sha256(_TAG, size=len(raw))
        key.update(raw)
        name = key.hexdigest()
        found = self._read(name)
        if found is not None:
            return found
        value = parse(text)
        self._store(name, value)
        return value

    def trusted(self) -> bool:
        """Whether the folder may be believed (asked once per cache)."""
        if self._trusted is None:
            self._trusted = privatefolder.trusted(self.folder, self.project)
        return self._trusted

    def _read(self, name: str) -> dict[str, Any] | None:
        """The value kept under `name`; None when absent, untrusted or damaged."""
        if not self.trusted():
            return None
        try:
            with (self.folder / name).open("rb") as entry:
                if not privatefolder.private(os.fstat(entry.fileno())):
                    return None
                data = entry.read()
        except OSError:
            return None
        payload = memoryview(data)[_DIGEST:]
        if sha256(payload).digest() != data[:_DIGEST]:
            return None
        try:
            # aido's own bytes, in a folder only the user can write, digest checked
            value = marshal.loads(payload)  # noqa: S302
        except (EOFError, TypeError, ValueError):
            return None
        return value if isinstance(value, dict) else None

    def _store(self, name: str, value: dict[str, Any]) -> None:
        """Keep `value` under `name` (temp file, then rename); any failure only costs speed."""
        try:
            payload = marshal.dumps(value)
        except ValueError:
            return  # a datetime, or nesting marshal refuses: parse it each time
        temp = self.folder / f".{name}.{os.getpid()}.tmp"
        try:
            if not self.trusted() and not self._made():
                return
            # Owner-only whatever the umask: an entry others may write is not read.
            with open(os.open(temp, _NEW, 0o600), "wb") as out:
                out.write(sha256(payload).digest() + payload)
            temp.replace(self.folder / name)
            self._prune(name)
        except OSError:
            _discard(temp)

    def _made(self) -> bool:
        """Make the folder (owner-only, never inside the project); whether it is trusted now."""
        if not privatefolder.outside(self.folder, self.project):
            return False
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        self._trusted = None
        return self.trusted()

    def _prune(self, new: str) -> None:
        """Drop the oldest entries beyond KEEP, never `new` (times may tie within a tick)."""
        names = os.listdir(self.folder)  # names only: most stores find nothing to drop
        if len(names) <= KEEP + KEEP // 4:  # dropped in batches: not every store sorts them
            return
        others = [self.folder / name for name in names if name != new]
        others.sort(key=lambda path: path.stat().st_mtime_ns)
        for stale in others[: len(names) - KEEP]:
            stale.unlink(missing_ok=True)


def _discard(temp: Path) -> None:
    """Remove a temp file a failed store left, if it can be."""
    with contextlib.suppress(OSError):
        temp.unlink(missing_ok=True)
