"""Git merge conflict markers in a file aido reads (issue 49 §6).

A merge that both sides touched leaves `<<<<<<<`, `=======` and `>>>>>>>` lines
in a harness file or in `aido.lock`; the parser would only say "Expecting
property name" at some line. aido names the file, the marker's line and the way
out instead: take one side (`git checkout --ours/--theirs FILE`), then `aido
apply` writes aido's entries again (for `aido.lock`: derives the lock again).

Markers are looked for only once a file failed to parse, so a valid file that
happens to hold such a line inside a string is never refused for it.
"""

from __future__ import annotations

import re
from pathlib import Path

# Git writes each marker at the start of a line, 7 characters long (merge.conflictStyle
# "diff3" and "zdiff3" add a `|||||||` section, which the first marker still leads).
_START = re.compile(rb"^<<<<<<<(?: |$)", re.MULTILINE)
_END = re.compile(rb"^>>>>>>>(?: |$)", re.MULTILINE)


def marker_line(raw: bytes) -> int | None:
    """The 1-based line of the first `<<<<<<<` marker that a `>>>>>>>` follows, or None."""
    start = _START.search(raw)
    if start is None or _END.search(raw, start.end()) is None:
        return None
    return raw.count(b"\n", 0, start.start()) + 1


def merge_conflict(path: Path | str, line: int, *, derived: str | None = None) -> str:
    """The one sentence for a file that holds merge conflict markers from `line` on.

    `derived`: what `aido apply` does with the file once one side is taken (for
    `aido.lock`: "derives aido.lock again"); by default it writes aido's entries again.
    """
    again = derived or "writes aido's entries again"
    return (
        f"{path} has git merge conflict markers (line {line}: <<<<<<<); take one side with "
        f"`git checkout --ours {path}` or `git checkout --theirs {path}`, then run "
        f"`aido apply`, which {again}"
    )
