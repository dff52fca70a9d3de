"""The terminal a command talks to: colour or not, the width to wrap prose to, printing
for a person, and a yes/no question."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TextIO

from aidokit.reconcile.cli.output import terminal_columns
from aidokit.reconcile.core.errors import AidoError
from aidokit.reconcile.show.plan_text import wrap


def want_colour(args: argparse.Namespace) -> bool:
    """Colour on a terminal; never with --no-color or NO_COLOR, always with FORCE_COLOR.

    As no-color.org and force-color.org say: each counts only when set to a
    non-empty value, the command-line flag beats both, and NO_COLOR beats
    FORCE_COLOR (a user who asked for no colour never gets it).
    """
    if args.no_color or os.environ.get("NO_COLOR"):
        return False
    return bool(os.environ.get("FORCE_COLOR")) or sys.stdout.isatty()


def output_width(stream: TextIO | None = None) -> int | None:
    """The columns to wrap prose to on a terminal (output.terminal_columns). None into a
    pipe or a file, $COLUMNS or not, as terraform does: a log keeps whole lines (and a CI
    runner or test worker that sets COLUMNS still gets them)."""
    stream = sys.stdout if stream is None else stream
    try:
        if not stream.isatty():
            return None
    except (AttributeError, OSError, ValueError):
        return None
    return terminal_columns(stream)


def say(text: str) -> None:
    """Print `text` for a person: each line wrapped to the terminal (`output_width`)."""
    width = output_width()
    if width:
        text = wrap(text.split("\n"), width).removesuffix("\n")
    print(text)


def ask_yes_no(question: str) -> bool:
    """Ask a routine yes/no question on the terminal; refuse without one."""
    if not sys.stdin.isatty():
        raise AidoError(
            "aido needs confirmation but stdin is not a terminal; review `aido plan` and pass --yes"
        )
    return input(f"{question} Only 'yes' is accepted: ").strip() == "yes"


def say_text(text: str) -> None:
    """Write `text`, whole lines each ending in a newline, as `say` does: wrapped between
    words on a terminal (a line longer than it is never cut inside a word by the
    terminal), byte for byte into a pipe or a file."""
    if text:
        say(text.removesuffix("\n"))
