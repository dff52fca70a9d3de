"""Scan JSON and JSONC: blank comments, validate, list an object's members with their spans.

Everything here works on a *view*: the file's bytes decoded as latin-1, so one byte is
one character and every offset is a byte offset. JSON's structural characters are ASCII,
and UTF-8 never uses ASCII bytes inside a multi-byte sequence, so the structure seen in
the view is the structure of the real text. Decoding latin-1 is a plain copy, and all the
heavy lifting is done by the C scanner of the `json` module, so 20 MB files stay fast.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from json.scanner import NUMBER_RE
from typing import Any, NamedTuple

# The C string scanner; typeshed does not list it, but it is public since Python 2.6.
scanstring: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]
_WS = re.compile(r"[ \t\n\r]*")
_HSPACE = re.compile(r"[ \t]*")
# JSONC lexemes worth seeing: strings (skipped as they are), comments, trailing commas.
_BLOCK = r"/\*(?:[^*]|\*(?!/))*\*/"  # a block comment cannot run past its first `*/`
_LINE = r"//[^\n]*+"  # possessive: a `]` inside a comment must not end the look-ahead
_JSONC = re.compile(
    r'"(?:[^"\\\n]|\\.)*"' + f"|{_LINE}|{_BLOCK}" + rf"|,(?=(?:[ \t\n\r]|{_LINE}|{_BLOCK})*[}}\]])"
)
_NOT_NEWLINE = re.compile(r"[^\r\n]")
# Tokens for the slow diagnostic walk that runs only once a problem is known to exist.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^ \t\n\r{}\[\]:,"]+')
_CONSTANTS = frozenset({"NaN", "Infinity", "-Infinity"})


class JsonProblem(Exception):
    """A view is not acceptable JSON; `offset` says where, `reason` says what."""

    def __init__(self, reason: str, offset: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.offset = offset


class _Refused(Exception):
    """Raised from decoder hooks: duplicate key or non-JSON constant (position unknown)."""


class Blanked(NamedTuple):
    """A view with comments and trailing commas replaced by spaces (same offsets)."""

    scan: str
    comments: bool
    trailing_commas: bool


class Member(NamedTuple):
    """One `"key": value` pair of an object, as offsets into the view."""

    key: str
    key_start: int
    key_end: int
    value_start: int
    value_end: int
    comma: int | None  # the comma right after the value, if there is one
    colon: str  # the text between key and value, e.g. ": "


def _refuse_duplicates(pairs: list[tuple[str, Any]]) -> None:
    """Check one object for duplicate keys and drop it, so validation holds no tree.

    Keys are compared as seen in the latin-1 view, so a raw `"é"` and an escaped
    `"\\u00e9"` look different here; `decode_value` compares real keys and refuses them.
    """
    if len(pairs) > 1 and len(dict(pairs)) != len(pairs):
        raise _Refused


def _refuse_constant(name: str) -> None:
    """Refuse NaN and Infinity: they are not JSON."""
    raise _Refused


def _build_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Build a dict, refusing duplicate keys."""
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _Refused
    return result


_CHECK = json.JSONDecoder(object_pairs_hook=_refuse_duplicates, parse_constant=_refuse_constant)
# Skipping a value that was already validated: `len` is a C builtin that drops the pairs.
_SKIP = json.JSONDecoder(object_pairs_hook=len)
_BUILD = json.JSONDecoder(object_pairs_hook=_build_object, parse_constant=_refuse_constant)


def blank(view: str) -> Blanked:
    """Replace comments and trailing commas by spaces, keeping line breaks and offsets."""
    found = {"comment": False, "comma": False}

    def replace(match: re.Match[str]) -> str:
        text = match.group()
        if text[0] == '"':
            return text
        if text == ",":
            found["comma"] = True
            return "\t"  # a tab: JSON whitespace that `members` can tell from a comment
        found["comment"] = True
        return _NOT_NEWLINE.sub(" ", text)

    scan = _JSONC.sub(replace, view)
    return Blanked(scan, found["comment"], found["comma"])


def first_jsonc(view: str) -> tuple[str, int] | None:
    """The first comment or trailing comma in `view` ("comment" / "trailing comma", its
    offset); None when the view holds neither."""
    for match in _JSONC.finditer(view):
        text = match.group()
        if text[0] != '"':
            return ("trailing comma" if text == "," else "comment"), match.start()
    return None


def skip_ws(scan: str, pos: int) -> int:
    """Return the first offset at or after `pos` that is not JSON whitespace."""
    match = _WS.match(scan, pos)
    return match.end() if match else pos


def skip_hspace(text: str, pos: int) -> int:
    """Return the first offset at or after `pos` that is not a space or a tab."""
    match = _HSPACE.match(text, pos)
    return match.end() if match else pos


def validate(scan: str, start: int) -> int:
    """Check `scan` holds exactly one JSON object from `start`; return its `{` offset."""
    root = skip_ws(scan, start)
    if root == len(scan):
        raise JsonProblem("is empty (expected a JSON object)", root)
    if scan[root] != "{":
        raise JsonProblem("must hold a JSON object at the top level", root)
    try:
        _, end = _CHECK.raw_decode(scan, root)
    except json.JSONDecodeError as exc:
        words = _in_words(exc.msg, at_end=skip_ws(scan, exc.pos) == len(scan))
        raise JsonProblem(f"is not valid JSON: {words}", exc.pos) from exc
    except _Refused:
        raise _diagnose(scan, root) from None
    except RecursionError:
        raise JsonProblem("nests too deeply to be read safely", root) from None
    except ValueError:  # json's plain one: an integer past the digits Python reads from text
        raise _long_integer(scan, root) from None
    tail = skip_ws(scan, end)
    if tail != len(scan):
        raise JsonProblem("has extra data after the top-level object", tail)
    return root


# The json module's reasons (its scanner's messages, stable since Python 3.5) as aido says them.
_WORDS = {
    "Expecting value": "a value is missing here",
    "Expecting property name enclosed in double quotes": "a key in double quotes must come here",
    "Expecting ',' delimiter": "a comma is missing between two items",
    "Expecting ':' delimiter": "a colon must follow the key",
    "Unterminated string starting at": "a string here is not closed with a double quote",
    "Invalid control character at": "a string holds a raw control character (a tab or a "
    "line break); write it as \\t or \\n",
    "Invalid \\escape": "a backslash starts an escape JSON does not have; write \\\\ for one",
    "Invalid \\uXXXX escape": "a \\u escape needs four hex digits",
}


def _in_words(reason: str, *, at_end: bool) -> str:
    """The json module's `reason` in aido's words; at the end of the text, what is missing."""
    if at_end:
        return "the file ends before its objects and lists are closed"
    return _WORDS.get(reason, "the text here is not JSON")


def _diagnose(scan: str, start: int) -> JsonProblem:
    """Find the first duplicate key or non-JSON constant (slow; error path only).

    Runs only once json refused one of those, so the text before it is well formed.
    """
    stack: list[set[str] | None] = []
    previous: re.Match[str] | None = None
    for token in _TOKEN.finditer(scan, start):
        text = token.group()
        if text == "{":
            stack.append(set())
        elif text == "[":
            stack.append(None)
        elif text in "}]":
            stack.pop()
        elif text == ":" and previous is not None and stack and stack[-1] is not None:
            key = decode_string(scan, previous.start(), previous.end())
            if key in stack[-1]:
                quoted = json.dumps(key, ensure_ascii=not key.isprintable())
                return JsonProblem(f"has the key {quoted} twice", previous.start())
            stack[-1].add(key)
        elif text in _CONSTANTS:
            return JsonProblem(f"holds {text}, which is not JSON", token.start())
        previous = token
    return JsonProblem("holds a duplicate key or a non-JSON number", start)


def _long_integer(scan: str, start: int) -> JsonProblem:
    """Where json met an integer with more digits than Python reads from text.

    json converts a number as soon as it has read it, before it looks at what
    follows, so the text after it may be anything: this only looks at each token
    as json's own number pattern reads its start.
    """
    limit = sys.get_int_max_str_digits()
    reason = f"more than the {limit} digits aido reads"
    for token in _TOKEN.finditer(scan, start):
        number = NUMBER_RE.match(token.group())
        if number is None or number.group(2) or number.group(3):
            continue  # not a number, or a float (which has no such limit)
        digits = len(number.group(1).lstrip("-"))
        if limit and digits > limit:
            return JsonProblem(f"holds an integer of {digits} digits, {reason}", token.start())
    return JsonProblem(f"holds an integer of {reason}", start)


def decode_string(scan: str, start: int, end: int) -> str:
    """Decode the JSON string token at `scan[start:end]` to its real text."""
    value = json.loads(scan[start:end].encode("latin-1").decode("utf-8"))
    if not isinstance(value, str):
        raise RuntimeError("aido bug: expected isinstance(value, str)")
    return value


def decode_value(scan: str, start: int, end: int) -> Any:
    """Decode the (blanked, valid) JSON value at `scan[start:end]` into Python values."""
    text = scan[start:end].encode("latin-1").decode("utf-8")
    try:
        return _BUILD.decode(text)
    except _Refused:
        raise _diagnose(scan, start) from None
    except (json.JSONDecodeError, RecursionError) as exc:  # pragma: no cover
        raise JsonProblem("cannot be decoded", start) from exc


def checked_value_end(scan: str, start: int) -> int:
    """Validate the JSON value at `start` (no duplicate key, no NaN); return the offset
    after it. ValueError when it is not valid."""
    try:
        end: int = _CHECK.raw_decode(scan, start)[1]
    except _Refused:
        raise ValueError("a duplicate key or a non-JSON number") from None
    return end


def value_end(scan: str, start: int) -> int:
    """Return the offset just past the JSON value that starts at `start`."""
    try:
        _, end = _SKIP.raw_decode(scan, start)
    except (json.JSONDecodeError, RecursionError) as exc:  # pragma: no cover
        raise JsonProblem("changed shape while being edited", start) from exc
    end_offset: int = end
    return end_offset


def members(
    scan: str, open_pos: int, text: str, *, check: bool = False
) -> tuple[list[Member], int]:
    """List the members of the object whose `{` is at `open_pos`; return them and its `}`.

    `text` is the unblanked view, where a blanked trailing comma can still be seen. With
    `check`, each value is validated as it is skipped (see `checked_members`).
    """
    result: list[Member] = []
    pos = skip_ws(scan, open_pos + 1)
    while scan[pos] != "}":
        key, key_end = scanstring(scan, pos + 1)
        if not key.isascii():
            key = decode_string(scan, pos, key_end)
        start = skip_ws(scan, skip_ws(scan, key_end) + 1)  # past the colon
        end = _CHECK.raw_decode(scan, start)[1] if check else value_end(scan, start)
        after = skip_ws(scan, end)
        comma = after if scan[after] == "," else _trailing_comma(scan, text, end, after)
        result.append(Member(key, pos, key_end, start, end, comma, scan[key_end:start]))
        pos = skip_ws(scan, after + 1) if scan[after] == "," else after
    return result, pos


def checked_members(scan: str, root: int, text: str) -> tuple[list[Member], int] | None:
    """Validate the object at `root` and list its members in one pass, or None if invalid.

    Each value is checked by the strict decoder as it is skipped; what lies between
    them (keys, colons, commas, the end) is checked here. None means "not valid as
    far as this walk can tell": `validate` then finds and words the problem.
    """
    try:
        found, close = members(scan, root, text, check=True)
    except (ValueError, IndexError, RecursionError, _Refused):
        return None
    for index, member in enumerate(found):
        if scan[member.key_start] != '"' or member.colon.strip() != ":":
            return None
        comma = None if member.comma is None else scan[member.comma]
        wanted = "," if index < len(found) - 1 else None  # or a blanked trailing comma
        if comma != wanted and not (wanted is None and comma == "\t"):
            return None
    if len({member.key for member in found}) != len(found):
        return None
    return (found, close) if skip_ws(scan, close + 1) == len(scan) else None


def first_colon(scan: str, open_pos: int) -> str | None:
    """Return the key/value separator of the first member of an object, if it has one."""
    pos = skip_ws(scan, open_pos + 1)
    if scan[pos] != '"':
        return None
    _, key_end = scanstring(scan, pos + 1)
    return scan[key_end : skip_ws(scan, skip_ws(scan, key_end) + 1)]


def _trailing_comma(scan: str, text: str, start: int, end: int) -> int | None:
    """Find a blanked trailing comma between a value and its object's `}`."""
    pos = text.find(",", start, end)
    while pos != -1:
        if scan[pos] == "\t":
            return pos
        pos = text.find(",", pos + 1, end)
    return None


# ======================================================================================
# Validate a large strict-JSON file through windows of its bytes, never a copy of it all.
#
# `jsonscan.checked_members` needs the whole file as one latin-1 view: for a 20 MB
# `~/.claude.json` that is a second 20 MB next to the bytes. This walk decodes a few MiB
# at a time and runs the same strict C decoder over each value inside the window; an
# object too big for a window is walked member by member the same way. It answers for
# strict JSON only: anything else (a comment, a trailing comma, an error) gives None, and
# the caller takes the full view, which accepts JSONC and words the problem.
# ======================================================================================

WINDOW = 1 << 22  # 4 MiB of the file decoded at a time
_WS_BYTES = re.compile(rb"[ \t\n\r]*")
_TRAILING = re.compile(rb"[ \t\n\r]*\Z")


class _Invalid(Exception):
    """Not strict JSON as far as this walk can tell."""


class _View:
    """A latin-1 window onto the file's bytes: `text` is `raw[base:base + len(text)]`."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.base = 0
        self.text = ""

    def covers(self, pos: int, size: int) -> bool:
        """Whether the window holds `raw[pos:pos + size]` (or up to the end of the file)."""
        stop = min(pos + size, len(self.raw))
        return self.base <= pos and stop <= self.base + len(self.text)

    def ensure(self, pos: int, size: int = 0) -> None:
        """Have the window hold `raw[pos:pos + size]` (a whole WINDOW by default), moving
        it to start at `pos` if it does not."""
        size = size or WINDOW
        if not self.covers(pos, size):
            self.text = ""  # drop the old window before decoding the new one
            self.base = pos
            self.text = str(memoryview(self.raw)[pos : pos + max(size, WINDOW)], "latin-1")

    @property
    def whole(self) -> bool:
        """Whether the window reaches the end of the file."""
        return self.base + len(self.text) >= len(self.raw)


def walk(raw: bytes, root: int) -> tuple[list[Member], int] | None:
    """Validate the object at `root` and what follows it; return its members and `}`."""
    if raw[root : root + 1] != b"{":
        return None
    try:
        found, close = _members(_View(raw), root, keep=True)
    except (_Invalid, ValueError, IndexError, RecursionError):
        return None
    return (found, close) if _TRAILING.match(raw, close + 1) else None


def skip(raw: bytes, pos: int) -> int:
    """The first offset at or after `pos` that is not JSON whitespace."""
    match = _WS_BYTES.match(raw, pos)
    return match.end() if match else pos


def _members(view: _View, open_pos: int, *, keep: bool) -> tuple[list[Member], int]:
    """Walk the object at `open_pos`: check every member, return them (if `keep`) and `}`."""
    raw = view.raw
    result: list[Member] = []
    keys: set[str] = set()
    pos = skip(raw, open_pos + 1)
    if raw[pos] == ord("}"):
        return result, pos
    while True:
        if raw[pos] != ord('"'):
            raise _Invalid
        key, key_end = _key(view, pos)
        if key in keys:
            raise _Invalid
        keys.add(key)
        colon = skip(raw, key_end)
        if raw[colon] != ord(":"):
            raise _Invalid
        start = skip(raw, colon + 1)
        end = _value(view, start)
        after = skip(raw, end)
        comma = after if raw[after] == ord(",") else None
        if keep:
            text = raw[key_end:start].decode("latin-1")
            result.append(Member(key, pos, key_end, start, end, comma, text))
        if comma is None:
            if raw[after] != ord("}"):
                raise _Invalid
            return result, after
        pos = skip(raw, after + 1)


def _key(view: _View, pos: int) -> tuple[str, int]:
    """Decode the key string at `pos`; return it and the offset after it."""
    view.ensure(pos, 1 << 16)
    local = pos - view.base
    key, end = scanstring(view.text, local + 1)
    if not key.isascii():
        key = decode_string(view.text, local, end)
    return key, end + view.base


def _value(view: _View, start: int) -> int:
    """Check the value at `start` with the strict decoder; return the offset after it."""
    view.ensure(start, 1)
    while True:
        try:
            return checked_value_end(view.text, start - view.base) + view.base
        except (ValueError, RecursionError):
            if view.whole:
                raise _Invalid from None  # the value has all the rest of the file
        if not view.covers(start, WINDOW):
            view.ensure(start)  # give it a whole window of its own first
        elif view.raw[start] == ord("{"):
            return _members(view, start, keep=False)[1] + 1  # too big: member by member
        else:
            view.ensure(start, 2 * len(view.text))  # a huge array or string
