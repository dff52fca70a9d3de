"""Feedback on stderr while apply writes: a file counter and a waiting notice.

Shown only when stderr is a terminal, so logs, pipes and CI stay clean. The
counter appears when more than THRESHOLD files are written; the notice when
one file takes longer than WAIT_NOTICE seconds, which in practice means aido
is waiting for another run's lock on it (SPEC §6).
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import TextIO

from aidokit.reconcile.plan.model import FileChange, Plan

THRESHOLD = 5
WAIT_NOTICE = 0.5
_TICK = 0.1

OnFile = Callable[[FileChange], None]


class Reporter:
    """Called before each file is written; redraws one status line."""

    def __init__(self, total: int, stream: TextIO, *, counter: bool) -> None:
        self._total = total
        self._stream = stream
        self._counter = counter
        self._done = 0
        self._current: str | None = None
        self._started = 0.0
        self._drawn = False
        self._guard = threading.Lock()
        self._stop = threading.Event()
        self._watcher = threading.Thread(target=self._watch, name="aido-progress", daemon=True)
        self._watcher.start()

    def __call__(self, file: FileChange) -> None:
        """Note that `file` is being written now."""
        with self._guard:
            self._done += 1
            self._current = file.path
            self._started = time.monotonic()
            if self._counter:
                self._draw(f"{self._prefix()}writing {file.path}")

    def _prefix(self) -> str:
        return f"[{self._done}/{self._total}] " if self._counter else ""

    def _watch(self) -> None:
        while not self._stop.wait(_TICK):
            with self._guard:
                waited = time.monotonic() - self._started
                if self._current is not None and waited >= WAIT_NOTICE:
                    self._draw(
                        f"{self._prefix()}waiting for {self._current} ({waited:.0f}s; "
                        "another aido run may hold its lock)"
                    )

    def _draw(self, text: str) -> None:
        self._stream.write(f"\r\033[K{text}")
        self._stream.flush()
        self._drawn = True

    def close(self) -> None:
        """Stop the watcher and clear the status line."""
        self._stop.set()
        self._watcher.join()
        if self._drawn:
            self._stream.write("\r\033[K")
            self._stream.flush()


@contextlib.contextmanager
def apply_progress(plan: Plan, stream: TextIO | None = None) -> Iterator[OnFile | None]:
    """A per-file callback for `apply_plan`, or None when stderr is not a terminal."""
    out = stream if stream is not None else sys.stderr
    total = sum(1 for file in plan.files if file.actionable)
    if not total or not out.isatty():
        yield None
        return
    reporter = Reporter(total, out, counter=total > THRESHOLD)
    try:
        yield reporter
    finally:
        reporter.close()
