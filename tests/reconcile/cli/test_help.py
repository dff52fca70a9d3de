"""`aido --help` and each command's help: grouped, with examples, common options once."""

from __future__ import annotations

import re

import pytest

from aidokit.reconcile.cli.commands import COMMANDS, EXAMPLES, MAIN
from aidokit.reconcile.cli.main import build_parser


@pytest.fixture(autouse=True)
def columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")


def test_main_help_groups_the_commands_main_first_each_with_an_example() -> None:
    """init, plan, apply, status under "main commands", then the rest; an example each."""
    text = build_parser(()).format_help()
    main, other = text.split("\nmain commands:\n")[1].split("\nother commands:\n")
    assert re.findall(r"^  ([a-z]+)", main, re.M) == list(MAIN)
    rest = other.split("\ncommon options")[0]
    assert re.findall(r"^  ([a-z]+)", rest, re.M) == [n for n, _ in COMMANDS if n not in MAIN]
    for name, _ in COMMANDS:
        assert f"  $ {EXAMPLES[name]}\n" in text
        assert EXAMPLES[name].split()[:2] == ["aido", name]
    assert text.startswith("usage: aido [common options] COMMAND [options]\n")
    assert text.count("--log-format") == 1  # described once, in its own section
    assert max(map(len, text.splitlines())) <= 80


@pytest.mark.parametrize("name", [name for name, _ in COMMANDS])
def test_a_command_names_the_common_options_once_and_shows_its_example(name: str) -> None:
    """A command's usage leaves the common options out; one line names them; an example."""
    parser = build_parser((name,)).commands[name]
    usage = parser.format_usage()
    assert f"aido {name}" in usage and "[common options]" in usage
    assert "--log-format" not in usage and "--project" not in usage
    text = parser.format_help()
    assert text.count("--log-format") == 1 and "common options: --project DIR" in text
    assert EXAMPLES[name] in text


def test_mcp_add_help_is_its_own() -> None:
    """`aido mcp add --help` describes adding: its usage, the three kinds, examples."""
    text = build_parser(("mcp",)).commands["mcp"].format_help()
    assert text.startswith("usage: aido mcp add ID [common options] [--roles A,B]\n")
    assert "--custom-url URL [--transport {http,sse}]" in text
    assert "examples:\n  aido mcp add context7 --roles researcher\n" in text
    assert "--from-registry" in text.split("\n\n")[1]  # the description names every kind
