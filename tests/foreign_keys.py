"""Write a key someone else owns into an entry aido wrote, as a harness or a person would.

Issue 31: the harness's UI (`alwaysAllow`, `trust`) or a person (`startup_timeout_sec`)
adds keys to the entries aido made. `add_key` puts one into entry `name` of a JSON,
JSONC, TOML or YAML file at the start, the middle or the end of the entry, with comments
around it where the format has them, and returns the texts that must survive aido's
later applies byte for byte. Written apart from aido's editors: it finds the entry with
the reference parsers and plain text search.
"""

from __future__ import annotations

import json
import re
from typing import Any

from aidokit.reconcile.documents import Format

POSITIONS = ("start", "middle", "end")


def add_key(
    raw: bytes, fmt: Format, name: str, key: str, value: Any, where: str
) -> tuple[bytes, tuple[bytes, ...]]:
    """`raw` with `key: value` added to entry `name` at `where`, and the texts to keep."""
    text = raw.decode("utf-8")
    if fmt is Format.TOML:
        new, kept = _toml(text, name, key, value, where)
    elif fmt is Format.YAML:
        new, kept = _yaml(text, name, key, value, where)
    else:
        new, kept = _json(text, name, key, value, where, comments=fmt is Format.JSONC)
    assert new != text
    return new.encode("utf-8"), tuple(k.encode("utf-8") for k in kept)


def _json(
    text: str, name: str, key: str, value: Any, where: str, *, comments: bool
) -> tuple[str, tuple[str, ...]]:
    """JSON: a member spliced in after `{`, after the first member or after the last."""
    found = re.search(re.escape(json.dumps(name)) + r"\s*:\s*\{", text)
    assert found is not None, f"no entry {name!r}"
    open_at = found.end() - 1
    ends, gaps = _member_ends(text, open_at)
    gap = gaps[0] if gaps[0].strip() == "" and gaps[0] else " "
    pair = f"{json.dumps(key)}: {json.dumps(value)}"
    member, lead, kept = pair, "", (pair,)
    if comments:
        # A comma aido adds after the member goes between it and its comment.
        member += " /* kept c900 */"
        lead = f"// kept c901{gap}" if "\n" in gap else "/* kept c901 */ "
        kept = (pair, "/* kept c900 */", lead.rstrip())
    if where == "start":
        at, insert = open_at + 1, f"{gap}{lead}{member},"
    else:
        at = ends[0] if where == "middle" else ends[-1]
        insert = f",{gap}{lead}{member}"
    return text[:at] + insert + text[at:], kept


def _member_ends(text: str, open_at: int) -> tuple[list[int], list[str]]:
    """Where each member of the object at `open_at` ends, and the blanks before each."""
    decoder = json.JSONDecoder()
    pos, ends, gaps = open_at + 1, [], []
    while True:
        start = pos
        while text[pos] in " \t\r\n":
            pos += 1
        gaps.append(text[start:pos])
        if text[pos] == "}":
            return ends, gaps
        _, pos = decoder.raw_decode(text, pos)  # the key
        pos = text.index(":", pos) + 1
        while text[pos] in " \t\r\n":
            pos += 1
        pos = _value_end(text, pos)
        ends.append(pos)
        while text[pos] in " \t\r\n":
            pos += 1
        if text[pos] == ",":
            pos += 1


def _value_end(text: str, pos: int) -> int:
    """Where the JSON value at `pos` ends (aido's JSONC may hold trailing commas)."""
    depth = 0
    while True:
        char = text[pos]
        if char == '"':
            _, pos = json.decoder.scanstring(text, pos + 1)
        elif char in "[{":
            depth, pos = depth + 1, pos + 1
        elif char in "]}":
            depth, pos = depth - 1, pos + 1
        elif depth == 0 and char in ", \t\r\n":
            return pos
        else:
            pos += 1
        if depth == 0 and text[pos - 1] in '"]}':
            return pos


def _toml(text: str, name: str, key: str, value: Any, where: str) -> tuple[str, tuple[str, ...]]:
    """TOML: a commented pair line among the pairs of `[<map>.<name>]`, or of the
    `[[<array>]]` table whose next line is `name = "<name>"` (Mistral Vibe). At the end it
    goes after the last pair, above the comments that lead the next table (as a TOML
    writer such as Codex's toml_edit adds a key): comment lines, indented or not, are no
    pairs, so a key below them would make them the entry's (docs/documents.md)."""
    lines = text.splitlines(keepends=True)
    nl = "\r\n" if lines[0].endswith("\r\n") else "\n"
    named = f"name = {json.dumps(name)}"
    head = next(
        i
        for i, line in enumerate(lines)
        if re.match(rf"\[\w+\.{re.escape(name)}\]", line)
        or (line.startswith("[[") and lines[i + 1 : i + 2] == [named + nl])
    )
    last = head + 1  # the end: after the entry's last pair, above any comment (indented too)
    while last < len(lines) and lines[last].strip() and lines[last].lstrip()[0] not in "[#":
        last += 1
    at = {"start": head + 1, "middle": min(head + 2, last), "end": last}[where]
    comment, pair = "# kept c901: tuned by hand", f"{key} = {_toml_value(value)}  # kept c900"
    if lines[at - 1].endswith("\n"):
        lines[at:at] = [comment + nl, pair + nl]
    else:  # the last line, without a line break: the file still ends without one
        lines[at:at] = [nl + comment + nl + pair]
    return "".join(lines), (comment, pair)


def _toml_value(value: Any) -> str:
    """`value` as TOML writes it inline: JSON's spelling but for a table's `=`."""
    if isinstance(value, dict):
        pairs = ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + pairs + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(value)


def _yaml(text: str, name: str, key: str, value: Any, where: str) -> tuple[str, tuple[str, ...]]:
    """YAML: a commented `key: value` line among the keys of the entry's block mapping."""
    lines = text.splitlines(keepends=True)
    head = next(i for i, line in enumerate(lines) if re.match(rf"\s*{re.escape(name)}:\s*$", line))
    indent = len(lines[head + 1]) - len(lines[head + 1].lstrip(" "))
    starts = []
    last = head + 1
    while last < len(lines) and len(lines[last]) - len(lines[last].lstrip(" ")) >= indent:
        if len(lines[last]) - len(lines[last].lstrip(" ")) == indent:
            starts.append(last)
        last += 1
    at = {"start": starts[0], "middle": starts[min(1, len(starts) - 1)], "end": last}[where]
    pad = " " * indent
    comment, pair = f"{pad}# kept c901", f"{pad}{key}: {json.dumps(value)}  # kept c900"
    lines[at:at] = [comment + "\n", pair + "\n"]
    return "".join(lines), (comment, pair)
