"""Regular expressions compiled the first time they are used.

Compiling one costs tens of microseconds to a millisecond; aido defines about
forty and a command uses a handful, so those off the common paths (value
hardening, agent files, JSON style detection, lock and journal names) wait
until something asks them (issue 21). Hot scanners keep `re.compile`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any


class LazyRegex:
    """`re.compile(pattern, flags)`, done on the first call of one of its methods."""

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        """The compiled expression (compiled now if it was not yet)."""
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """`re.Pattern.match`."""
        return self.compiled.match(string, pos, endpos)

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        """`re.Pattern.fullmatch`."""
        return self.compiled.fullmatch(string, pos, endpos)

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        """`re.Pattern.search`."""
        return self.compiled.search(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        """`re.Pattern.findall`."""
        return self.compiled.findall(string, pos, endpos)

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        """`re.Pattern.finditer`."""
        return self.compiled.finditer(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        """`re.Pattern.sub`."""
        return self.compiled.sub(repl, string, count)

    def __repr__(self) -> str:
        return f"LazyRegex({self.pattern!r}, {self.flags!r})"
