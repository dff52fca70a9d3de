"""A TOML syntax error in aido's own words, at `file:LINE:COL` (issue 54 §6).

tomllib says where it stopped and why in its own phrasing ("Unclosed array",
"Cannot declare ('mcp',) twice", "Illegal character '\\n'"), with a Python tuple
or escape here and there. aido.toml's schema errors say what a value must be;
its syntax errors say what is wrong the same way, and nothing of the parser's
text reaches the user.
"""

from __future__ import annotations

import ast
import re
from typing import NamedTuple

from aidokit.catalog.errors import excerpt

# `... (at line 3, column 5)` or `... (at end of document)`: where tomllib stopped.
_WHERE = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")

# tomllib's reason (without its position) -> aido's words; the first match wins.
_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), words)
    for pattern, words in (
        (r"^Unclosed array$", "a list opened with [ is not closed with ]"),
        (r"^Unclosed inline table$", "a table opened with { is not closed with } on its line"),
        (r"^Cannot overwrite a value$", "a key is set twice, or a table reuses a key set above"),
        (
            r"^Invalid value$",
            'a value is missing or not one TOML knows: text goes in quotes ("..."), '
            "then true, false, numbers, [lists] and { tables }",
        ),
        (r"^Expected '=' after a key", "a key must be followed by = and its value"),
        (r"^Expected '\]' at the end of a table", "a [table] header is not closed with ]"),
        (r"^Expected '\]\]' at the end of an array", "an [[array]] header is not closed with ]]"),
        (
            r"^Expected newline or end of document",
            "there is more after the value on this line: one key = value per line, text in quotes",
        ),
        (r"^Invalid statement$", "this line is not key = value, a [table] header or a # comment"),
        (r"^Illegal character '\\n'$", "a string is not closed with its quote on its line"),
        (r"^(Unterminated string|Expected [\"'].*[\"']$)", "a string is not closed with its quote"),
        (
            r"^Unescaped '\\' in a string$",
            'a backslash in "..." must start an escape (\\\\, \\n, \\t, \\uXXXX): write \\\\ '
            "or use '...' quotes",
        ),
        (
            r"^(Escaped character is not a Unicode|Invalid hex value)",
            "a \\u or \\U escape does not name a character",
        ),
        (
            r"^Invalid initial character for a key",
            "a key is missing, or starts with a character a bare key cannot hold: "
            'use letters, digits, - and _, or quote it ("...")',
        ),
        (r"^Invalid date or datetime$", "a date or time is not valid"),
        (
            r"^(Cannot redefine namespace|Cannot mutate immutable namespace|There is no nest|"
            r"An object other than list)",
            "a key is defined twice in ways that clash (a value and a table, or an inline "
            "{ table } extended below)",
        ),
        (r"^it holds an integer of more than", ""),  # aido's own words (safe_read.parse)
    )
)
_TWICE = re.compile(r"^Cannot declare (\(.*\)) twice$")
_DUPLICATE = re.compile(r"^Duplicate inline table key (.*)$")
_CHARACTER = re.compile(r"^(?:Illegal|Found invalid) character (.*)$")


class TomlProblem(NamedTuple):
    """Where a TOML text stops being TOML and why, in aido's words."""

    line: int
    column: int
    words: str


def toml_problem(error: Exception, text: str) -> TomlProblem:
    """`error` (tomllib's, for `text`) as line, column and aido's words."""
    message = str(error)
    found = _WHERE.search(message)
    reason = message[: found.start()] if found else message
    if found and found.group(1):
        line, column = int(found.group(1)), int(found.group(2))
    else:  # the end of the document: after its last character
        lines = text.splitlines() or [""]
        line, column = len(lines), len(lines[-1]) + 1
    return TomlProblem(line, column, _in_words(reason.strip()))


def _in_words(reason: str) -> str:
    """tomllib's reason as aido says it; a reason aido does not know gets a plain sentence."""
    if twice := _TWICE.match(reason):
        table = _dotted(twice.group(1))
        return f"the table [{table}] is declared twice: put its keys under one header"
    if duplicate := _DUPLICATE.match(reason):
        return f"the key {_literal(duplicate.group(1))} appears twice in one {{ table }}"
    for pattern, words in _WORDS:
        if pattern.search(reason):
            return words or reason
    if character := _CHARACTER.match(reason):
        return f"{_code_point(character.group(1))} is not allowed here"
    return "the text here is not TOML"


def _literal(shown: str) -> str:
    """A key tomllib shows as a Python literal, quoted as aido quotes values."""
    try:
        value = ast.literal_eval(shown)
    except (ValueError, SyntaxError):
        return "a key"
    return excerpt(value) if isinstance(value, str) else "a key"


def _dotted(shown: str) -> str:
    """`('mcp', 'roles')` -> `mcp.roles` (each part escaped as aido escapes file text)."""
    try:
        parts = ast.literal_eval(shown)
    except (ValueError, SyntaxError):
        return "?"
    if not isinstance(parts, tuple) or not all(isinstance(part, str) for part in parts):
        return "?"
    return ".".join(excerpt(part)[1:-1] for part in parts)


def _code_point(shown: str) -> str:
    """`'\\x01'` -> `the character U+0001`."""
    try:
        value = ast.literal_eval(shown)
    except (ValueError, SyntaxError):
        return "a character"
    if not isinstance(value, str) or len(value) != 1:
        return "a character"
    return f"the character U+{ord(value):04X}"
