"""Compiled regular expressions, kept beside aido's own bytecode.

`re` compiles a pattern in pure Python (its parser and compiler) the first time
a process uses it. A converged `aido plan` compiles about 27: json's, argparse's,
dataclasses' and aido's own, ~1 ms of every start. What that produces (the
opcodes `_sre` runs, the flags and the group names) depends only on the pattern,
its flags and the Python, so this keeps it in one marshal file in the package's
`__pycache__` (cache_file.CacheFile: trusted and written as Python treats the
`.pyc` files there), and a later run builds the pattern from it with `_sre.compile`.
What re hands `_sre` is noted as it compiles (`re._compiler` sees a copy of `_sre`
whose `compile` notes its arguments), so keeping a pattern costs no second compile.

A result is kept only when it builds a pattern equal to the one `re` itself
compiled (a Pattern compares equal by its text, flags and opcodes), so a Python
whose `re` internals differ just compiles as before. `_sre.compile` checks the
opcodes it is given: a damaged entry raises there and the pattern is compiled.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]  # re's C engine: no stub
import re
import sys
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from aidokit.reconcile.console.cache_file import CacheFile, default_path, writable

if TYPE_CHECKING:
    from pathlib import Path

Compile = Callable[[Any, Any], Any]
Key = tuple[tuple[int, str], str | bytes, int]  # (re's version, pattern, flags)

# In the file's name; also the key of what the file holds, with the opcodes' version.
FORMAT = 1
_KIND = f"regex-{FORMAT}"

_installed: Patterns | None = None


def install(path: Path | None = None) -> None:
    """Route `re`'s compiling of str and bytes patterns through the cache (once a process).

    Only the `aido` command saves what it compiled (`save`, from cli.entry): a
    process that merely imports aido (a test run, a library user) reads the file
    but leaves it alone, so it holds aido's patterns, not every one of its host's.
    """
    global _installed  # one cache per process
    if _installed is not None:
        return
    compiler: Any = sys.modules["re._compiler"]
    _installed = Patterns(path or default_path(_KIND))
    compiler.compile = cached_compile(_installed, compiler.compile)
    compiler._sre = _recording(compiler._sre)


class _Last:
    """The arguments of the last `_sre.compile` call re made (`_recording`)."""

    call: tuple[Any, ...] | None = None


def _recording(engine: Any) -> ModuleType:
    """re's C engine as `re._compiler` sees it, but noting what it hands `compile`: the
    parts a new pattern is kept as, without compiling it a second time to learn them."""
    stand_in = ModuleType(engine.__name__, engine.__doc__)
    vars(stand_in).update(vars(engine))
    build = engine.compile

    def record(*args: Any) -> Any:
        _Last.call = args
        return build(*args)

    stand_in.compile = record  # type: ignore[attr-defined]
    return stand_in


class Patterns(CacheFile):
    """The cache file, and the patterns this run compiled that it does not hold yet.

    Those are only noted when compiled (the pattern and what re handed `_sre`); they
    are checked and converted when the file is saved, so a process that never saves
    (one that imports aido) pays nothing more for its own patterns. A pattern whose
    call was not seen (another thread's came in between) is compiled again next run.
    """

    def __init__(self, path: str | Path) -> None:
        super().__init__(path)
        # key -> the pattern re compiled, and the arguments re built it from, if seen
        self.compiled: dict[Key, tuple[Any, tuple[Any, ...] | None]] = {}

    def save(self) -> None:
        """Keep each new pattern whose parts rebuild it exactly; write the file if it can be."""
        if self.compiled and writable(self.path):
            for key, (compiled, seen) in self.compiled.items():
                parts = _plain(seen) if seen is not None else None
                if parts is not None and _same(_built(key[1], parts), compiled):
                    self.put(key, parts)
            self.compiled.clear()
        super().save()


def cached_compile(cache: Patterns, compile_as_re: Compile) -> Compile:
    """`re._compiler.compile` (`compile_as_re`) answered from `cache` where it can be."""
    version = (_sre.MAGIC, sys.version)  # the opcodes of another `re` are never reused

    def compile_pattern(pattern: Any, flags: Any = 0) -> Any:
        if not isinstance(pattern, str | bytes) or flags & re.DEBUG:
            return compile_as_re(pattern, flags)
        key = (version, pattern, int(flags))
        parts = cache.get(key)
        if parts is not None:
            try:
                return _sre.compile(pattern, *parts)
            except (TypeError, ValueError, RuntimeError, OverflowError):
                pass  # a damaged entry: compile it again
        _Last.call = None
        compiled = compile_as_re(pattern, flags)
        call = _Last.call
        seen = call[1:] if call is not None and call[0] is pattern else None
        cache.compiled[key] = (compiled, seen)
        return compiled

    compile_pattern.compile_as_re = compile_as_re  # type: ignore[attr-defined]
    return compile_pattern


def save() -> None:
    """Write back what this run compiled anew (best effort; see `install`)."""
    if _installed is not None:
        _installed.save()


def _plain(parts: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """`_sre.compile`'s arguments after the pattern as marshal can write them: the
    opcodes as ints (re's are an int subclass), the group names as a dict and a tuple."""
    try:
        flags, code, groups, names, by_index = parts
        return (int(flags), [int(op) for op in code], int(groups), dict(names), tuple(by_index))
    except (TypeError, ValueError):
        return None


def _built(pattern: str | bytes, parts: tuple[Any, ...]) -> Any:
    try:
        return _sre.compile(pattern, *parts)
    except Exception:
        return None


def _same(built: Any, compiled: Any) -> bool:
    """Whether two patterns are the same: equal (text, flags, opcodes) with the same groups."""
    return bool(built == compiled) and built.groupindex == compiled.groupindex
