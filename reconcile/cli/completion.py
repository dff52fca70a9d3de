"""Shell completion scripts for bash, zsh and fish, generated from the argparse parser.

The parser is the one source of truth: subcommands, options and their choices
come from it; adapter names from `ADAPTERS` and catalog ids from `MCP_CATALOG`
fill the values of `--adapter NAME` and of positional ids, so new commands,
adapters and entries complete without touching this module.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aidokit.adapters import ADAPTERS
from aidokit.catalog import entries

if TYPE_CHECKING:
    from aidokit.reconcile.cli.main import Parser

FILE = "__file__"
DIR = "__dir__"
ANY = "__any__"  # takes a value, nothing to suggest


@dataclass(frozen=True)
class Option:
    """One option: its flags, help, and what its value completes to (None: a flag)."""

    flags: tuple[str, ...]
    help: str
    values: tuple[str, ...] | None


@dataclass(frozen=True)
class Node:
    """One command level (the root or a subcommand), as completion sees it."""

    path: tuple[str, ...]
    help: str
    options: tuple[Option, ...]
    children: tuple[Node, ...]
    positional: tuple[str, ...]  # words (or FILE/DIR) a positional argument completes to

    def walk(self) -> Iterator[Node]:
        """This node and every node below it."""
        yield self
        for child in self.children:
            yield from child.walk()


def command_tree(parser: Parser) -> Node:
    """The completion model of `parser` and its subparsers."""
    return _node(parser, (), parser.description or "")


def _node(parser: Parser, path: tuple[str, ...], help_text: str) -> Node:
    options: list[Option] = []
    children = [
        _node(child, (*path, name), child.description or "")
        for name, child in parser.commands.items()
    ]
    positional: list[str] = []
    for action in parser.arguments:
        if action.option_strings:
            values = None if action.nargs == 0 else _values(action)
            options.append(Option(tuple(action.option_strings), action.help or "", values))
        else:
            positional += _values(action)
    words = [value for value in positional if value not in (FILE, DIR, ANY)]
    # Positionals complete to the union of their words (not per position); a
    # FILE/DIR/ANY marker only stands alone.
    chosen = tuple(dict.fromkeys(words)) if words else tuple(dict.fromkeys(positional))[:1]
    return Node(path, help_text, tuple(options), tuple(children), chosen)


def _values(action: argparse.Action) -> tuple[str, ...]:
    """What a value of `action` completes to, by its choices, dest or metavar."""
    if action.choices is not None:
        return tuple(str(choice) for choice in action.choices)
    dest, metavar = action.dest, str(action.metavar or "")
    if dest in ("adapters", "adapter"):
        return tuple(sorted(ADAPTERS))
    if dest in ("id", "ids", "name") or "ID" in metavar.split("|"):
        return tuple(sorted(entry.id for entry in entries.MCP_CATALOG))
    if metavar == "DIR" or dest == "project":
        return (DIR,)
    if metavar == "FILE" or dest.endswith("file") or dest == "out":
        return (FILE,)
    return (ANY,)
