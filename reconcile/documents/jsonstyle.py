"""Detect a JSON file's own style and render new values in it."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from functools import reduce
from typing import Any, NamedTuple

from aidokit.reconcile.core.atomic import first_newline

_INDENT = re.compile(r"\n([ \t]+)(?=[^ \t\r\n])")
_SEPARATOR = re.compile(r"[ \t]*:[ \t]*")
_SAMPLE = 1 << 16  # indentation and array layout are guessed from the first 64 KiB
_STRING = re.compile(r'"(?:[^"\\\r\n]|\\.)*"')
# A non-empty array of scalars on one line, and one whose first scalar is on the next line.
_ONE_LINE_ARRAY = re.compile(r"\[[^\[\]{}\r\n]*[^\[\]{}\s][^\[\]{}\r\n]*\]")
_SPLIT_ARRAY = re.compile(r"\[[ \t]*\r?\n\s*[^\s\[\]{}]")


class Style(NamedTuple):
    """How a file lays out JSON: the unit of indentation, line break, separators."""

    unit: str = "  "
    newline: str = "\n"
    colon: str = ": "
    trailing_commas: bool = False  # only ever true for JSONC files that already use them
    inline_arrays: bool = False  # arrays of scalars on one line, as in `"args": ["-y", "pkg"]`


def detect(text: str, *, colon: str | None, trailing_commas: bool) -> Style:
    """Guess the style of `text` (a view with comments blanked)."""
    newline = first_newline(text)
    if colon is None or not _SEPARATOR.fullmatch(colon):
        colon = ": "
    sample = text[:_SAMPLE]
    return Style(_unit(sample), newline, colon, trailing_commas, _inline_arrays(sample))


def _unit(sample: str) -> str:
    """Return the indentation unit: a tab, or the gcd of the space indents seen."""
    indents = _INDENT.findall(sample)
    if not indents:
        return "  "
    if indents[0].startswith("\t"):
        return "\t"
    widths = [len(indent) for indent in indents if "\t" not in indent]
    width = reduce(math.gcd, widths, 0)
    return " " * width if width else "  "


def _inline_arrays(sample: str) -> bool:
    """Whether the file keeps its arrays of scalars on one line more often than not."""
    shape = _STRING.sub('""', sample)
    return len(_ONE_LINE_ARRAY.findall(shape)) > len(_SPLIT_ARRAY.findall(shape))


def _scalar(value: Any) -> str:
    """Render a JSON scalar; raw UTF-8 where possible, escapes for lone surrogates."""
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{value!r} cannot be written to JSON")
    text = json.dumps(value, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(value)
    return text


def render(value: Any, style: Style, indent: str, *, inline: bool) -> str:
    """Render `value` for a spot whose line starts with `indent`."""
    if isinstance(value, Mapping):
        items = [_key(key) + style.colon for key in value]
        children = list(value.values())
        return _container("{", "}", items, children, style, indent, inline=inline)
    if isinstance(value, list | tuple):
        one_line = inline or (style.inline_arrays and not any(map(_is_container, value)))
        return _container("[", "]", [""] * len(value), list(value), style, indent, inline=one_line)
    if value is None or isinstance(value, str | int | float | bool):
        return _scalar(value)
    raise TypeError(f"cannot write a {type(value).__name__} to a JSON file: {value!r}")


def _is_container(value: Any) -> bool:
    return isinstance(value, Mapping | list | tuple)


def _key(key: object) -> str:
    """Render an object key, which must be a string."""
    if not isinstance(key, str):
        raise TypeError(f"JSON object keys must be strings, not {key!r}")
    return _scalar(key)


def _container(
    open_: str,
    close: str,
    prefixes: list[str],
    children: list[Any],
    style: Style,
    indent: str,
    *,
    inline: bool,
) -> str:
    """Render an object or array, on one line or one child per line."""
    if not children:
        return open_ + close
    inner = indent + style.unit
    parts = [
        prefix + render(child, style, inner, inline=inline)
        for prefix, child in zip(prefixes, children, strict=True)
    ]
    if inline:
        space = " " if style.colon.endswith(" ") else ""
        return open_ + ("," + space).join(parts) + close
    lead = style.newline + inner
    tail = "," if style.trailing_commas else ""
    return open_ + lead + ("," + lead).join(parts) + tail + style.newline + indent + close


def member(name: str, value: Any, style: Style, indent: str, *, inline: bool) -> str:
    """Render one `"name": value` member for a line starting with `indent`."""
    return _key(name) + style.colon + render(value, style, indent, inline=inline)


def plain(entry: Any) -> Any:
    """A shallow copy of a mapping entry; any other JSON value as it is."""
    return dict(entry) if isinstance(entry, Mapping) else entry


def nest(key_path: tuple[str, ...], name: str, entry: Any) -> dict[str, Any]:
    """Wrap `entry` in the objects named by `key_path`."""
    value: dict[str, Any] = {name: plain(entry)}
    for key in reversed(key_path):
        value = {key: value}
    return value


def same(left: Any, right: Any) -> bool:
    """Compare JSON-like values exactly: 1, 1.0 and True differ; key order does not matter."""
    if isinstance(left, Mapping) and isinstance(right, Mapping):
        return left.keys() == right.keys() and all(same(left[k], right[k]) for k in left)
    if isinstance(left, list | tuple) and isinstance(right, list | tuple):
        return len(left) == len(right) and all(map(same, left, right))
    return type(left) is type(right) and left == right
