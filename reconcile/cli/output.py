"""The one writer of everything aido prints (SPEC §7): escaped, and always encodable.

Renderers escape what they take from files (`catalog/errors.py`), but one
forgotten `print` is enough for a repository's server name to clear the
screen or reverse a line. So `main` puts this writer in front of stdout and
stderr for the whole run: every control, escape, bidi and separator
character is shown as `\x1b` / `\u202e` (newline and tab stay), except the
colour and line-clearing sequences aido itself writes to a terminal; and a
stream that cannot encode a character (`PYTHONIOENCODING=latin-1`, `LANG=C`)
gets `\u65e5` instead of a UnicodeEncodeError.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import re
import sys
from collections.abc import Iterator
from typing import Any, TextIO, cast

from aidokit.catalog.errors import printable

# aido's own terminal sequences: SGR colours (show/plan_text.py, show/status_text.py) and the
# progress line's carriage return and erase-line (show/progress.py).
_OWN = re.compile(r"\r?\x1b\[[0-9;]*[mK]")


def terminal_columns(stream: TextIO | None = None) -> int:
    """The columns of the terminal behind `stream` (stdout by default): $COLUMNS when it
    is a positive number, else what the terminal says, else 80 (a pipe, a new pty that
    says 0). The one reader of the terminal's width."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns > 0:
        return columns
    try:
        columns = os.get_terminal_size((sys.stdout if stream is None else stream).fileno()).columns
    except (AttributeError, OSError, ValueError):
        columns = 0
    return columns if columns > 0 else 80


def escape(text: str, *, own_sequences: bool = False) -> str:
    """`text` with every unsafe character escaped; newline and tab kept, and aido's own
    colour and erase-line sequences too when `own_sequences`."""
    if text.isprintable():
        return text
    return "\n".join(_line(line, own_sequences) for line in text.split("\n"))


def _line(line: str, own_sequences: bool) -> str:
    if line.isprintable():
        return line

    if not own_sequences or "\x1b" not in line:
        return printable(line, keep="\t")
    pieces, start = [], 0
    for match in _OWN.finditer(line):
        pieces += [printable(line[start : match.start()], keep="\t"), match.group()]
        start = match.end()
    return "".join([*pieces, printable(line[start:], keep="\t")])


class EscapingWriter(io.TextIOBase):
    """A text stream in front of another: what is written is escaped and made encodable."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream
        self._detached = False
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            self._codec = codecs.lookup(encoding).name
        except LookupError:
            self._codec = "utf-8"
        self._own = _terminal(stream) or bool(os.environ.get("FORCE_COLOR"))

    def write(self, text: str) -> int:
        """Write `text` escaped; return its length, as a text stream does."""
        safe = escape(text, own_sequences=self._own)
        if self._codec != "utf-8":
            safe = safe.encode(self._codec, "backslashreplace").decode(self._codec)
        self.stream.write(safe)
        return len(text)

    def flush(self) -> None:
        """Flush the stream behind (not once released: the writer is gone from it, and
        its finaliser must not touch a stream that may be closed by then)."""
        if not self._detached:
            self.stream.flush()

    def close(self) -> None:
        """Close the stream behind (aido closes stderr when its reader went away), unless
        the writer was taken away from it (then only the writer closes, as when collected)."""
        if not self._detached:
            self._detached = True  # IOBase.close flushes next: the stream is closed by then
            self.stream.close()
        super().close()

    def release(self) -> None:
        """Leave the stream behind open whatever happens to the writer from now on."""
        self._detached = True

    @property
    def closed(self) -> bool:
        """Whether the stream behind is closed."""
        return bool(self.stream.closed)

    # typeshed declares `encoding` and `errors` as plain attributes; here they are the
    # stream's encoding and the writer's fixed error handling, read-only.
    @property
    def encoding(self) -> str:  # type: ignore[override]
        """The encoding of the stream behind."""
        return str(getattr(self.stream, "encoding", None) or "utf-8")

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        """How the writer treats what the stream cannot encode."""
        return "backslashreplace"

    def isatty(self) -> bool:
        """Whether the stream behind is a terminal."""
        return _terminal(self.stream)

    def fileno(self) -> int:
        """The file descriptor of the stream behind (terminal checks, input())."""
        return self.stream.fileno()

    def writable(self) -> bool:
        """A writer is writable."""
        return True

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False


@contextlib.contextmanager
def escaped_output() -> Iterator[None]:
    """Put an escaping writer in front of stdout and stderr for the block, then take it away."""
    saved = sys.stdout, sys.stderr
    writers = EscapingWriter(saved[0]), EscapingWriter(saved[1])
    sys.stdout, sys.stderr = cast(TextIO, writers[0]), cast(TextIO, writers[1])
    try:
        yield
    finally:
        for writer in writers:
            with contextlib.suppress(OSError, ValueError):
                if not writer.closed:
                    writer.flush()
            writer.release()
        sys.stdout, sys.stderr = saved
