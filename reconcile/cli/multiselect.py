"""A short multiselect for `aido init`: arrow keys and space on a terminal, numbers elsewhere.

On a real terminal (both ends a tty, `TERM` set and not `dumb`, termios there: not
Windows) the list is drawn once and redrawn in place: up/down (or k/j) move, space
toggles, `a` selects all, `n` none, Enter accepts, `q` or Ctrl-C cancels. The
terminal is in cbreak mode only while the list is shown and is always restored.
Anywhere else the same list is printed with numbers and one line of input picks
(numbers or names; Enter keeps the marked ones; `-` for none).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TextIO

from aidokit.catalog.errors import printable
from aidokit.reconcile.cli.output import terminal_columns
from aidokit.reconcile.core.errors import AidoError

WINDOW = 10  # rows of choices shown at once; the list scrolls past that
TRIES = 3
CANCELLED = "aido init was cancelled; nothing was written"


@dataclass(frozen=True)
class Choice:
    """One line of the list: the name picked, and a short note on why it is offered."""

    name: str
    note: str = ""


def keys_work(stdin: TextIO | None = None, stdout: TextIO | None = None) -> bool:
    """Whether the arrow-key list can run here: a terminal on both ends that draws."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    if os.environ.get("TERM", "") in ("", "dumb"):
        return False
    try:
        import termios  # noqa: F401, PLC0415  (Windows has none: numbers there)
    except ImportError:
        return False
    return stdin.isatty() and stdout.isatty()


def choose(
    title: str,
    choices: Sequence[Choice],
    marked: Sequence[str],
    *,
    keys: bool | None = None,
    ask: Callable[[str], str] = input,
) -> list[str]:
    """The names picked from `choices`, `marked` preselected, in the list's order."""
    if not choices:
        return []
    if keys is None:
        keys = keys_work()
    if keys:
        return _keys(title, choices, marked)
    return _numbers(title, choices, marked, ask)


# -- numbers: the fallback ------------------------------------------------------------


def _numbers(
    title: str, choices: Sequence[Choice], marked: Sequence[str], ask: Callable[[str], str]
) -> list[str]:
    names = [choice.name for choice in choices]
    default = [name for name in names if name in marked]
    print(f"\n{title}:")
    for line in numbered(choices, default):
        print(line)
    shown = ", ".join(default) or "none"
    for _ in range(TRIES):
        try:
            answer = ask(f"Pick by numbers or names (Enter keeps [{shown}], '-' for none): ")
        except EOFError:
            raise AidoError(CANCELLED) from None
        picked, bad = parse(answer, names)
        if picked is None:
            return default
        if not bad:
            return [name for name in names if name in picked]
        print(f"  not a choice: {', '.join(bad)}; pick from 1-{len(names)} or the names")
    raise AidoError("aido init got no valid answer; nothing was written")


COLUMN = 26  # characters of one cell where plain choices share a line


def numbered(choices: Sequence[Choice], marked: Sequence[str]) -> list[str]:
    """The list with numbers: a line for each choice with a note or a mark, then the
    plain rest side by side (three to a line at 80 columns), so a long list stays short."""
    cells = []
    lines = []
    for number, choice in enumerate(choices, 1):
        box = "[x]" if choice.name in marked else "[ ]"
        cell = f"{number:>4}. {box} {choice.name}"
        if choice.note or choice.name in marked:
            note = f"  ({choice.note})" if choice.note else ""
            lines.append(cell + note)
        else:
            cells.append(cell)
    per_line = max(1, (width() - 2) // COLUMN)
    for start in range(0, len(cells), per_line):
        row = cells[start : start + per_line]
        lines.append("".join(cell.ljust(COLUMN) for cell in row[:-1]) + row[-1])
    return lines


def width() -> int:
    """The terminal's columns (80 when it cannot say)."""
    return terminal_columns()


def parse(answer: str, names: Sequence[str]) -> tuple[list[str] | None, list[str]]:
    """Picked names (None: keep the marked ones) and the words that matched nothing."""
    words = answer.replace(",", " ").split()
    if not words:
        return None, []
    if words == ["-"]:
        return [], []
    picked: list[str] = []
    bad: list[str] = []
    for word in words:
        number = int(word) if word.isdigit() else 0
        name = names[number - 1] if 0 < number <= len(names) else word
        if name not in names:
            bad.append(word)
        elif name not in picked:
            picked.append(name)
    return picked, bad


# -- keys: the list drawn in place ------------------------------------------------------

UP, DOWN, TOGGLE, ALL, NONE, ACCEPT, CANCEL = "up", "down", "toggle", "all", "none", "ok", "quit"
_KEYS = {
    b"\x1b[A": UP,
    b"\x1bOA": UP,
    b"k": UP,
    b"\x1b[B": DOWN,
    b"\x1bOB": DOWN,
    b"j": DOWN,
    b" ": TOGGLE,
    b"a": ALL,
    b"n": NONE,
    b"\r": ACCEPT,
    b"\n": ACCEPT,
    b"q": CANCEL,
    b"\x03": CANCEL,  # Ctrl-C, in case the terminal passes it through
    b"\x04": CANCEL,  # Ctrl-D
}


def keys_of(data: bytes) -> Iterator[str]:
    """The actions in a chunk read from the terminal; unknown bytes are skipped."""
    while data:
        for size in (3, 1):
            action = _KEYS.get(data[:size])
            if action:
                yield action
                data = data[size:]
                break
        else:
            # An escape sequence aido does not use (another arrow, a function key):
            # drop it whole, else a lone byte.
            if data[:1] == b"\x1b" and len(data) >= 3 and data[1:2] in (b"[", b"O"):
                data = data[3:]
            else:
                data = data[1:]


@dataclass
class State:
    """The list's cursor and marks: what the keys change, what the screen shows."""

    names: tuple[str, ...]
    picked: set[str]
    cursor: int = 0
    top: int = 0  # the first row shown

    def press(self, action: str) -> None:
        """Apply one key's action."""
        last = len(self.names) - 1
        if action == UP:
            self.cursor = last if self.cursor == 0 else self.cursor - 1
        elif action == DOWN:
            self.cursor = 0 if self.cursor == last else self.cursor + 1
        elif action == TOGGLE:
            self.picked ^= {self.names[self.cursor]}
        elif action == ALL:
            self.picked = set(self.names)
        elif action == NONE:
            self.picked = set()
        self.top = min(max(self.top, self.cursor - WINDOW + 1), self.cursor)

    def result(self) -> list[str]:
        """The picked names in the list's order."""
        return [name for name in self.names if name in self.picked]


def frame(title: str, choices: Sequence[Choice], state: State) -> list[str]:
    """The lines of the list as shown now."""
    lines = [f"{title}  (arrows move, space toggles, Enter accepts)"]  # `a`/`n`: all, none
    end = min(len(choices), state.top + WINDOW)
    for row in range(state.top, end):
        choice = choices[row]
        pointer = ">" if row == state.cursor else " "
        box = "[x]" if choice.name in state.picked else "[ ]"
        note = f"  ({choice.note})" if choice.note else ""
        lines.append(f" {pointer} {box} {choice.name}{note}")
    if len(choices) > WINDOW:
        lines.append(f"   ({state.top + 1}-{end} of {len(choices)})")
    return lines


def _keys(title: str, choices: Sequence[Choice], marked: Sequence[str]) -> list[str]:
    import termios  # noqa: PLC0415 (POSIX only)
    import tty  # noqa: PLC0415 (POSIX only)

    names = tuple(choice.name for choice in choices)
    state = State(names, {name for name in names if name in marked})
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    # The terminal behind aido's escaping writer (cli/output.py): the list moves the
    # cursor itself, and escapes each row's text with `printable` instead.
    out: TextIO = getattr(sys.stdout, "stream", sys.stdout)
    drawn = 0
    out.write("\n\x1b[?25l")  # hide the cursor while the list is drawn
    try:
        tty.setcbreak(fd)
        while True:
            lines = frame(title, choices, state)
            if drawn:
                out.write(f"\x1b[{drawn}F\x1b[J")  # back to the list's first line, clear
            out.write("\n".join(_fit(printable(line)) for line in lines) + "\n")
            out.flush()
            drawn = len(lines)
            data = os.read(fd, 32)
            if not data:
                raise AidoError(CANCELLED)
            for action in keys_of(data):
                if action == CANCEL:
                    raise AidoError(CANCELLED)
                if action == ACCEPT:
                    return state.result()
                state.press(action)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[?25h")
        out.flush()


def _fit(line: str) -> str:
    """One row within the terminal's width, so a redraw moves up exactly one line per row."""
    columns = width()
    return line if len(line) < columns else line[: max(1, columns - 2)] + "…"
