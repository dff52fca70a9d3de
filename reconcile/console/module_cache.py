"""aido's own modules' bytecode in one file, read as each module is imported.

To import a module Python searches its package's folder, checks the time and
size of the source against the `.pyc` file beside it, and opens and reads that
file: about 25 µs a module before its code runs, ~2.5 ms for the ~100
`aidokit.*` modules of a converged `aido plan`. This keeps their bytecode in one
file in the package's `__pycache__` (trusted and written as Python treats the
`.pyc` files there: cache_file.py) and serves a module from it, with the file,
spec and loader attributes Python gives, when its source is where Python would
look and has the modification and change times (to the nanosecond) and the size
it had when compiled. Else Python imports it as usual, and the `aido` command
adds it at exit (`save`).

A module held here that gains a same-named package folder or extension module
beside it (which Python would prefer) is still served from here until its source
changes: aido's releases never do that, only an edited checkout can.
"""

from __future__ import annotations

import _imp
import _thread
import marshal
import os
import sys
from _frozen_importlib_external import (  # what importlib.machinery re-exports
    MAGIC_NUMBER,
    PathFinder,
    SourceFileLoader,
    spec_from_file_location,
)
from collections.abc import Sequence
from types import CodeType, ModuleType
from typing import Any

from aidokit.reconcile.console.cache_file import default_path, writable, write

FORMAT = 2  # 2: the stamp holds the change time
PACKAGE = "aidokit."
PYC_HEADER = 16  # a .pyc's flags, time or hash, and size before its marshalled code

# What the index says of a module: its source file, whether it is a package, the
# source's `Stamp` when it was compiled, and where its marshalled code is (offset
# after the index, length).
Stamp = tuple[int, int, int]  # mtime_ns, ctime_ns, size
Entry = tuple[str, bool, Stamp, int, int]

_installed: ModuleFile | None = None


def install(path: str | None = None) -> None:
    """Serve `aidokit.*` imports from the file, ahead of Python's own search (once a process).

    Only the `aido` command writes the file (`save`, from cli.entry): a process that
    imports aido (a test run, a library user) reads it and leaves it alone.
    """
    global _installed  # one per process
    if _installed is not None:
        return
    kind = f"modules-{FORMAT}-opt{sys.flags.optimize}"  # -O and -OO compile other code
    _installed = ModuleFile(path or default_path(kind))
    sys.meta_path.insert(0, Finder(_installed))


def save() -> None:
    """Write back the modules this run imported that the file did not hold (best effort)."""
    if _installed is not None:
        _installed.save()


class ModuleFile:
    """The file: `MAGIC_NUMBER`, the index's length (4 bytes, little-endian), the index
    (marshalled: module name -> `Entry`), then each module's marshalled code object.

    Only the index is read up front; a module's code is read when it is imported,
    since the file holds modules other commands import.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.index: dict[str, Entry] = {}
        # Compiled this run, not held: marshalled only when the `aido` command saves.
        # (source, package, stamp, code, its marshalled form if Python had it at hand)
        self.added: dict[str, tuple[str, bool, Stamp, CodeType, bytes | None]] = {}
        self._fd: int | None = None
        self._base = 0
        try:
            # O_BINARY: Windows would read a low-level file in text mode.
            self._fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
            head = _read_at(self._fd, len(MAGIC_NUMBER) + 4, 0)
            if len(head) < len(MAGIC_NUMBER) + 4 or not head.startswith(MAGIC_NUMBER):
                return
            size = int.from_bytes(head[len(MAGIC_NUMBER) :], "little")
            index = marshal.loads(_read_at(self._fd, size, len(head)))  # noqa: S302 - as a .pyc
        except (OSError, EOFError, ValueError, TypeError):
            return
        if isinstance(index, dict):
            self.index = index
            self._base = len(head) + size

    def entry(self, name: str) -> Entry | None:
        """What the index says of module `name`, if it is an `Entry`."""
        entry: Any = self.index.get(name)
        match entry:
            case (str(), bool(), (int(), int(), int()), int(), int()) if entry[3] >= 0 <= entry[4]:
                return entry  # type: ignore[no-any-return]
        return None

    def code(self, name: str) -> CodeType | None:
        """Module `name`'s code object, or None if the file no longer gives one."""
        data = self._marshalled(name)
        try:
            code = marshal.loads(data) if data is not None else None  # noqa: S302 - as a .pyc
        except (EOFError, ValueError, TypeError):
            return None
        return code if type(code) is CodeType else None

    def _marshalled(self, name: str) -> bytes | None:
        """Module `name`'s marshalled code as the file holds it, if all of it is there."""
        entry = self.entry(name)
        if entry is None or self._fd is None:
            return None
        offset, length = entry[3], entry[4]
        try:
            data = _read_at(self._fd, length, self._base + offset)
        except (OSError, OverflowError, ValueError):
            return None
        return data if len(data) == length else None

    def add(
        self,
        name: str,
        source: str,
        package: bool,
        stamp: Stamp,
        code: CodeType,
        marshalled: bytes | None = None,
    ) -> None:
        """Hold module `name`'s `code` (`marshalled`, if at hand), compiled from `source`
        as it was at `stamp`."""
        self.added[name] = (source, package, stamp, code, marshalled)

    def save(self) -> None:
        """Rewrite the file with the modules added this run (best effort): those still
        held whose source is unchanged, then the new ones."""
        if not self.added or not writable(self.path):
            return
        index: dict[str, Entry] = {}
        blobs: list[bytes] = []
        offset = 0
        kept = ((name, self.entry(name)) for name in self.index if name not in self.added)
        held = [(name, entry) for name, entry in kept if entry and _stamp(entry[0]) == entry[2]]
        for name, entry in held:
            blob = self._marshalled(name)
            if blob is None:
                continue
            index[name] = (entry[0], entry[1], entry[2], offset, len(blob))
            blobs.append(blob)
            offset += len(blob)
        for name, (source, package, stamp, code, marshalled) in self.added.items():
            blob = marshalled if marshalled is not None else marshal.dumps(code)
            index[name] = (source, package, stamp, offset, len(blob))
            blobs.append(blob)
            offset += len(blob)
        head = marshal.dumps(index)
        write(self.path, len(head).to_bytes(4, "little"), head, *blobs)


class Finder:
    """A meta path finder for the `aidokit.*` modules of a `ModuleFile`."""

    def __init__(self, file: ModuleFile) -> None:
        self.file = file

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> Any:
        if path is None or not fullname.startswith(PACKAGE):
            return None
        entry = self.file.entry(fullname)
        if entry is not None:
            source, package = entry[0], entry[1]
            folder = os.path.dirname(source)
            searched = os.path.dirname(folder) if package else folder
            if searched in path and _stamp(source) == entry[2]:
                return spec_from_file_location(
                    fullname,
                    source,
                    loader=Loader(fullname, source, self.file, held=True),
                    submodule_search_locations=[folder] if package else None,
                )
        # Not held, or changed: Python's own search, keeping what it compiles.
        spec = PathFinder.find_spec(fullname, path, target)
        if spec is not None and type(spec.loader) is SourceFileLoader and spec.origin:
            spec.loader = Loader(fullname, spec.origin, self.file, held=False)
        return spec


class Loader(SourceFileLoader):
    """Python's loader of a source module, its code read from `file` if it holds it
    (`held`), else compiled as Python does and then added to `file`, with the
    marshalled code Python read from or wrote to the `.pyc` (no marshalling again)."""

    def __init__(self, fullname: str, path: str, file: ModuleFile, *, held: bool) -> None:
        super().__init__(fullname, path)
        self.file = file
        self.held = held
        self.pyc: bytes | None = None  # the .pyc this module's code came from or went to

    def get_code(self, fullname: str) -> CodeType | None:
        code = self.file.code(fullname) if self.held else None
        if code is not None:
            _imp._fix_co_filename(code, self.path)  # type: ignore[attr-defined]  # as Python does
            return code
        stamp = _stamp(self.path)  # before compiling: a change meanwhile makes it stale
        self.pyc = None
        compiled = super().get_code(fullname)
        if compiled is not None and stamp is not None:
            marshalled = self.pyc[PYC_HEADER:] if self.pyc is not None else None
            package = self.is_package(fullname)
            self.file.add(fullname, self.path, package, stamp, compiled, marshalled)
        return compiled

    # Python's SourceLoader reads the .pyc with get_data, compiles the source with
    # source_to_code when that .pyc does not fit, and writes the new one with set_data.
    def get_data(self, path: str) -> bytes:
        data = super().get_data(path)
        if path != self.path:  # the .pyc, not the source
            self.pyc = data
        return data

    def source_to_code(self, *args: Any, **kwargs: Any) -> CodeType:  # type: ignore[override]
        self.pyc = None  # the .pyc read before, if any, holds other code
        code: CodeType = super().source_to_code(*args, **kwargs)
        return code

    def set_data(self, path: str, data: Any, *, _mode: int = 0o666) -> None:
        super().set_data(path, data, _mode=_mode)
        self.pyc = bytes(data)  # Python writes a bytearray


_seeking = _thread.allocate_lock()  # two threads may import two aido modules at once


def _read_at(fd: int, length: int, offset: int) -> bytes:
    """`length` bytes of `fd` from `offset`: `os.pread`, or where Python has none
    (Windows) a seek and a read, one thread at a time."""
    if hasattr(os, "pread"):
        return os.pread(fd, length, offset)
    with _seeking:
        os.lseek(fd, offset, os.SEEK_SET)
        return os.read(fd, length)


def _stamp(source: str) -> Stamp | None:
    """The source file's modification and change times (ns) and size; None if it cannot
    be read. The change time moves whenever the file is written or its times are set,
    so a file replaced with one of the same size and modification time (an installer
    that keeps a wheel's timestamps) still reads as changed. (On Windows it is the
    creation time, new for a reinstalled or atomically saved file.)"""
    try:
        status = os.stat(source)
    except OSError:
        return None
    return (status.st_mtime_ns, status.st_ctime_ns, status.st_size)
