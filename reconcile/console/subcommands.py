"""The `aido COMMAND` argparse action whose parsers are built on first lookup.

`aido plan` builds plan's parser only (and imports no other command module):
building all of them cost about a tenth of a converged plan. `aido --help` lists
every command from its name and help alone; walking `choices.items()` (completion,
the CLI reference) builds every parser, so they see the whole tree.
"""

from __future__ import annotations

import argparse
from _collections_abc import dict_items, dict_values
from collections.abc import Callable
from typing import Any

Build = Callable[[], argparse.ArgumentParser]


class _Parsers(dict[str, Any]):
    """Command name -> its parser; a name maps to its builder until first looked up."""

    def __getitem__(self, name: str) -> argparse.ArgumentParser:
        value = super().__getitem__(name)
        if isinstance(value, _Later):
            value = value.build()
            self[name] = value
        parser: argparse.ArgumentParser = value
        return parser

    def get(self, name: str, default: Any = None) -> Any:
        # Not `super().get`: that would hand out a builder instead of its parser.
        return self[name] if name in self else default  # noqa: SIM401

    def items(self) -> dict_items[str, Any]:
        self._build_all()
        return super().items()

    def values(self) -> dict_values[str, Any]:
        self._build_all()
        return super().values()

    def _build_all(self) -> None:
        self.update((name, self[name]) for name in list(self))


class _Later:
    """A parser not built yet: the function that builds it."""

    def __init__(self, build: Build) -> None:
        self.build = build


class Subcommands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """argparse's subcommands action, with parsers added by name, help and builder."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._name_parser_map = self.choices = _Parsers()

    def add_later(
        self, name: str, help_text: str, fill: Callable[[argparse.ArgumentParser, str], None]
    ) -> None:
        """List command `name` now; build its parser (`fill(parser, name)`) on first lookup."""

        def build() -> argparse.ArgumentParser:
            parser: argparse.ArgumentParser = self._parser_class(
                prog=f"{self._prog_prefix} {name}", description=help_text
            )
            fill(parser, name)
            return parser

        self._choices_actions.append(self._ChoicesPseudoAction(name, (), help_text))
        self._name_parser_map[name] = _Later(build)
