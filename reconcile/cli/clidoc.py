"""Generate `docs/cli-reference.md` from the argparse parser.

    python -m aidokit.reconcile.cli.clidoc > docs/cli-reference.md

A test checks that the committed file equals this output, so the reference
cannot fall behind the parser.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aidokit.reconcile.cli.main import Parser

_WIDTH = 88  # fixed, so the output does not depend on the terminal


def reference(parser: Parser) -> str:
    """The whole CLI reference as Markdown."""
    out = [
        "# aido CLI reference",
        "",
        "Generated from the argument parser by `python -m aidokit.reconcile.cli.clidoc`;",
        "do not edit by hand (a test checks that this file is current). Exit codes, actions",
        "and the JSON formats are described in [cli.md](cli.md).",
        "",
        "## Common options",
        "",
        "Accepted before or after the command name.",
        "",
        *_table([a for a in parser.common if a.option_strings]),
    ]
    for path, child in _commands(parser, ()):
        out += ["", f"## `aido {' '.join(path)}`", "", child.description or "", ""]
        own = _own(child)
        out += ["```text", _usage(child, own), "```"]
        if own:
            out += ["", *_table(own)]
    return "\n".join(out) + "\n"


def _commands(parser: Parser, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Parser]]:
    for name, child in parser.commands.items():
        yield (*path, name), child
        yield from _commands(child, (*path, name))


def _own(parser: Parser) -> list[argparse.Action]:
    """A command's own arguments: not help, not common options."""
    skip = {id(a) for a in parser.common}
    return [a for a in parser.arguments if id(a) not in skip and a.dest != "help"]


def _usage(parser: argparse.ArgumentParser, actions: list[argparse.Action]) -> str:
    formatter = argparse.HelpFormatter(parser.prog, width=_WIDTH)
    formatter.add_usage(None, actions, [], prefix="usage: ")
    return formatter.format_help().strip()


def _table(actions: list[argparse.Action]) -> list[str]:
    rows = ["| argument | description |", "|---|---|"]
    for action in actions:
        rows.append(f"| `{_name(action)}` | {_cell(action)} |")
    return rows


def _name(action: argparse.Action) -> str:
    if not action.option_strings:
        return str(action.metavar or action.dest)
    flags = ", ".join(action.option_strings)
    if action.nargs == 0:
        return flags
    metavar = action.metavar or (
        "{" + ",".join(map(str, action.choices)) + "}" if action.choices else action.dest.upper()
    )
    return f"{flags} {metavar}"


def _cell(action: argparse.Action) -> str:
    text = (action.help or "").replace("|", "\\|")
    if action.choices is not None and not action.option_strings:
        text += f" (one of: {', '.join(map(str, action.choices))})"
    return text


def main() -> int:
    """Print the reference for `aido`'s parser."""
    from aidokit.reconcile.cli.main import build_parser  # noqa: PLC0415 (looked up when called: tests replace it)

    sys.stdout.write(reference(build_parser()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
