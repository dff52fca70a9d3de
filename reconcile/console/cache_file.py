"""A marshal file of what Python compiles, kept beside aido's own bytecode.

Python keeps each module's compiled code in the `__pycache__` folder beside it
and trusts what is there. aido keeps three more products of compiling in the
`__pycache__` of this package, each a pure function of what it was compiled
from: its modules' bytecode in one file (module_cache), its dataclasses'
generated methods (method_cache) and its regular expressions (regex_cache).
They are trusted as the `.pyc` files in the same folder are, and written only
where Python would write those (not under PYTHONDONTWRITEBYTECODE, not in a
read-only install). A file of another Python, or one that cannot be read, is
ignored: everything is compiled as before.

This module imports only what Python starts with, so module_cache can load
before anything else.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys

# What importlib.util re-exports, from the module the interpreter loaded at start:
# importing importlib.util costs ~0.25 ms of every start, the importlib package ~0.2 ms.
from _frozen_importlib_external import MAGIC_NUMBER, cache_from_source
from typing import Any

KEEP = 2000  # entries; past that the file keeps only what the last run used


class CacheFile:
    """Things compiled, by what they were compiled from, loaded from and saved to `path`."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self.codes: dict[Any, Any] = _load(self.path)
        self.used: dict[Any, Any] = {}
        self.new = False

    def get(self, key: Any) -> Any:
        """The value kept for `key`, or None."""
        value = self.codes.get(key)
        if value is not None:
            self.used[key] = value
        return value

    def put(self, key: Any, value: Any) -> None:
        """Keep `value` for `key`; `save` writes it."""
        self.codes[key] = self.used[key] = value
        self.new = True

    def save(self) -> None:
        """Write the file back when this run compiled something new (best effort)."""
        if self.new and writable(self.path):
            codes = self.codes if len(self.codes) <= KEEP else self.used
            try:
                data = marshal.dumps(codes)
            except ValueError:
                return  # a value marshal cannot write: never kept
            write(self.path, data)


def write(path: str, *data: bytes) -> None:
    """`MAGIC_NUMBER` and the `data` as the file at `path`, replaced whole, where Python
    would write bytecode (best effort: a read-only install only costs compiling again)."""
    if sys.dont_write_bytecode:
        return
    temp = f"{path}.{os.getpid()}.tmp"
    try:
        if not os.path.isdir(folder := os.path.dirname(path)):
            os.mkdir(folder)
        with open(temp, "wb") as out:
            out.write(MAGIC_NUMBER)
            out.writelines(data)
        os.replace(temp, path)
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            os.unlink(temp)


def writable(path: str) -> bool:
    """Whether `write` can save a file at `path`: Python writes bytecode here, and the
    folder (or, if it is not there yet, its parent) may be written to."""
    if sys.dont_write_bytecode:
        return False
    folder = os.path.dirname(path)
    return os.access(folder if os.path.isdir(folder) else os.path.dirname(folder), os.W_OK)


def default_path(kind: str) -> str:
    """Where the cache `kind` lives: the `__pycache__` of this package, tagged with the Python."""
    folder = os.path.dirname(cache_from_source(__file__))
    return os.path.join(folder, f"{kind}.{sys.implementation.cache_tag}.marshal")


def _load(path: str) -> dict[Any, Any]:
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError:
        return {}
    if not data.startswith(MAGIC_NUMBER):
        return {}
    try:
        # Trusted as the .pyc files of the same folder are (module docstring).
        codes = marshal.loads(memoryview(data)[len(MAGIC_NUMBER) :])  # noqa: S302 - no copy
    except (EOFError, ValueError, TypeError):
        return {}
    return codes if isinstance(codes, dict) else {}
