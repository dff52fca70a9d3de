"""init's multiselect: the numbered fallback in full, the arrow keys on a real pty."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.reconcile.cli import multiselect
from aidokit.reconcile.cli.multiselect import WINDOW, Choice, State, choose, frame, keys_of
from aidokit.reconcile.core.errors import AidoError
from tests.fuzz import fuzz_settings
from tests.terminal import on_a_pty

CHOICES = [
    Choice("claude-code", "found .mcp.json"),
    Choice("codex", "found ~/.codex"),
    Choice("zed"),
]


def asker(*lines: str) -> tuple[list[str], object]:
    """An `input` stand-in answering `lines` in turn (EOF after), and the prompts it saw."""
    asked: list[str] = []
    queue = list(lines)

    def ask(prompt: str) -> str:
        asked.append(prompt)
        if not queue:
            raise EOFError
        return queue.pop(0)

    return asked, ask


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("", ["claude-code", "codex"]),  # Enter keeps the marked ones
        ("-", []),
        ("3", ["zed"]),
        ("3, 1", ["claude-code", "zed"]),  # in the list's order
        ("zed codex codex", ["codex", "zed"]),
        ("  2  ", ["codex"]),
    ],
)
def test_numbers_pick_by_number_or_name(
    typed: str, expected: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Not a terminal: the list with numbers and marks, one line of numbers or names."""
    asked, ask = asker(typed)
    picked = choose("Harnesses", CHOICES, ["claude-code", "codex"], keys=False, ask=ask)  # type: ignore[arg-type]
    assert picked == expected
    shown = capsys.readouterr().out
    assert "   1. [x] claude-code  (found .mcp.json)\n" in shown
    assert "   3. [ ] zed\n" in shown
    assert asked == ["Pick by numbers or names (Enter keeps [claude-code, codex], '-' for none): "]


def test_numbers_put_plain_choices_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    """27 harnesses, 2 found: the found ones a line each, the rest three to a line."""
    names = [Choice("a", "found a"), Choice("b", "found b")] + [Choice(f"h{n}") for n in range(25)]
    _, ask = asker("")
    assert choose("Harnesses", names, ["a", "b"], keys=False, ask=ask) == ["a", "b"]  # type: ignore[arg-type]
    lines = capsys.readouterr().out.strip("\n").splitlines()
    assert len(lines) == 1 + 2 + 9  # the title, the found ones, 25 in rows of 3
    assert lines[3].split() == ["3.", "[", "]", "h0", "4.", "[", "]", "h1", "5.", "[", "]", "h2"]


def test_numbers_ask_again_then_give_up(capsys: pytest.CaptureFixture[str]) -> None:
    """A word that is no choice is named and asked again; three wrong answers cancel."""
    _, ask = asker("7", "claud", "2")
    assert choose("Harnesses", CHOICES, [], keys=False, ask=ask) == ["codex"]  # type: ignore[arg-type]
    assert "not a choice: 7; pick from 1-3 or the names" in capsys.readouterr().out
    _, ask = asker("x", "y", "z")
    with pytest.raises(AidoError, match="no valid answer; nothing was written"):
        choose("Harnesses", CHOICES, [], keys=False, ask=ask)  # type: ignore[arg-type]
    _, ask = asker()
    with pytest.raises(AidoError, match="cancelled; nothing was written"):
        choose("Harnesses", CHOICES, [], keys=False, ask=ask)  # type: ignore[arg-type]


def test_no_choices_asks_nothing() -> None:
    """An empty list picks nothing and asks nothing."""
    assert choose("Servers", [], [], keys=False, ask=lambda _: pytest.fail("asked")) == []


@pytest.mark.parametrize(
    ("term", "tty", "expected"),
    [
        ("xterm-256color", True, True),
        ("dumb", True, False),
        ("", True, False),
        ("xterm", False, False),
    ],
)
def test_keys_only_on_a_terminal_that_draws(
    term: str, tty: bool, expected: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Arrow keys need a tty on both ends and a TERM that is set and not dumb."""

    class Stream:
        def isatty(self) -> bool:
            return tty

    monkeypatch.setenv("TERM", term)
    assert multiselect.keys_work(Stream(), Stream()) is expected  # type: ignore[arg-type]


def test_key_bytes_become_actions() -> None:
    """Arrows (both encodings), vi keys, space, Enter; unknown sequences are dropped whole."""
    data = b"\x1b[A\x1bOBkj \r\x1b[C\x1b[15~xq"
    assert list(keys_of(data)) == ["up", "down", "up", "down", "toggle", "ok", "quit"]


@fuzz_settings(200)
@given(
    size=st.integers(1, 30),
    presses=st.lists(st.sampled_from(["up", "down", "toggle", "all", "none"]), max_size=60),
)
def test_the_cursor_stays_shown_and_in_the_list(size: int, presses: Sequence[str]) -> None:
    """Whatever is pressed, the cursor is on a choice and inside the rows drawn."""
    choices = [Choice(f"h{n}") for n in range(size)]
    state = State(tuple(c.name for c in choices), set())
    for action in presses:
        state.press(action)
        assert 0 <= state.cursor < size
        rows = frame("T", choices, state)[1 : 1 + min(size, WINDOW)]
        assert len(rows) == min(size, WINDOW)
        assert sum(row.startswith(" >") for row in rows) == 1
    assert set(state.result()) == state.picked


PROGRAM = """
import sys
from aidokit.reconcile.cli.multiselect import Choice, choose
names = [Choice(f"h{n}", "found" if n == 1 else "") for n in range(14)]
try:
    print("PICKED", choose("Harnesses", names, ["h1"]))
except Exception as exc:
    print("ERROR", exc)
"""


def env_for_pty(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "TERM": "xterm-256color", "HOME": str(tmp_path), "COLUMNS": "80"}


def test_arrow_keys_and_space_on_a_pty(tmp_path: Path) -> None:
    """Down, space, up twice (wrapping to the last), space, Enter: the marks move as shown,
    and the terminal is back in its normal mode after."""
    script = [
        (b"Enter accepts", b"\x1b[B "),
        (b"\x1b[J", b"\x1b[A\x1b[A"),  # each redraw clears what the last one drew
        (b"(5-14 of 14)", b" \r"),
    ]
    code, out = on_a_pty([sys.executable, "-c", PROGRAM], env_for_pty(tmp_path), script)
    assert code == 0, out
    assert "PICKED ['h13']" in out  # h1 toggled off, h13 (reached by wrapping) on
    assert "\x1b[?25h" in out  # the cursor is shown again
    assert "(1-10 of 14)" in out and "(5-14 of 14)" in out  # the window scrolled


def test_q_cancels_on_a_pty(tmp_path: Path) -> None:
    """`q` cancels: nothing is picked, the caller is told nothing was written."""
    code, out = on_a_pty(
        [sys.executable, "-c", PROGRAM], env_for_pty(tmp_path), [(b"Enter accepts", b"q")]
    )
    assert code == 0 and "ERROR aido init was cancelled; nothing was written" in out
