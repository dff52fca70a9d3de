"""Tool pins (issue 53, SPEC §7): what a server told the model when a person last accepted it.

A server's tools are what the model reads and acts on. `aido.lock` keeps, per
entry id and per what runs (`npm:pkg@1.2.3`, `pypi:pkg==1.2`, `url:https://host/path`,
or `command:NAME` for a program that is no package), a digest over a canonical
form of every tool's definition, the server's name and version from `initialize`,
and one line per tool with a short digest of each part the model reads (its
description, its input schema, its annotations), so a pull request that moves a
pin shows which tool moved in `aido.lock`'s diff. A server with more than
`FOLD_ABOVE` tools keeps the count and the digest only (the digest still covers
every tool), so the lock stays small.

The canonical form of one tool: its `name`, `description` (with `title`),
`inputSchema` (with `outputSchema`) and `annotations`, as JSON with sorted keys,
no spaces and text as it is; the tools sorted by name, then by that text.

Hidden content is flagged at pin time and at check time: characters a reader
cannot see or should not trust (bidi controls, zero-width and other format
characters, the Unicode tag block, variation selectors, control characters other
than tab and line breaks, private-use characters) anywhere in a definition,
named by tool and where; and a description far larger than the server's others
(`oversized`).

Pure: reads and writes nothing.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from hashlib import sha256
from typing import Any, NamedTuple

from aidokit.catalog.errors import excerpt

FOLD_ABOVE = 256  # tools a pin lists one per line; above, the count and the digest only
PART_DIGEST = 16  # hex characters of each part's digest in a tool's line (review aid)
PARTS = ("description", "schema", "annotations")
# A description is oversized when it is longer than OVERSIZED_FLOOR characters and
# OVERSIZED_RATIO times the median of the server's other descriptions; a server's only
# tool, when longer than OVERSIZED_ALONE.
OVERSIZED_FLOOR = 2000
OVERSIZED_RATIO = 5
OVERSIZED_ALONE = 8000
SHOWN = 300  # characters of a text a finding quotes


class ToolPin(NamedTuple):
    """One pin: the digest over every tool, the server as it named itself, the tools.

    `tools` maps each tool to its part digests (`description`, `schema`, `annotations`);
    None when the server lists more than FOLD_ABOVE tools (folded: `total` and `digest`).
    """

    digest: str
    server: str
    total: int  # how many tools (`count` in the lock)
    tools: Mapping[str, Mapping[str, str]] | None


def definition(tool: Mapping[str, Any]) -> dict[str, Any]:
    """The canonical definition of one tool as the server listed it (`inputSchema`, ...)."""
    return {
        "name": str(tool.get("name", "")),
        "description": _text(tool.get("title"), tool.get("description")),
        "schema": {"input": tool.get("inputSchema"), "output": tool.get("outputSchema")},
        "annotations": tool.get("annotations"),
    }


def _text(title: object, description: object) -> object:
    return description if title is None else {"title": title, "description": description}


def canonical(value: object) -> str:
    """`value` as canonical JSON: sorted keys, no spaces, text as it is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def ordered(definitions: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The definitions sorted by name, then by their canonical text."""
    return sorted(definitions, key=lambda d: (str(d.get("name")), canonical(d)))


def digest_of(definitions: Iterable[Mapping[str, Any]]) -> str:
    """The sha256 over the canonical form of every definition."""
    text = canonical(ordered(definitions))
    return "sha256:" + sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def parts_of(definition: Mapping[str, Any]) -> dict[str, str]:
    """The short digest of each part of one definition."""
    return {
        part: sha256(canonical(definition.get(part)).encode("utf-8", "surrogatepass")).hexdigest()[
            :PART_DIGEST
        ]
        for part in PARTS
    }


def pin_of(definitions: list[Mapping[str, Any]], server: str) -> ToolPin:
    """The pin for `definitions` as a server named `server` listed them."""
    listed = None
    if len(definitions) <= FOLD_ABOVE:
        listed = {str(d["name"]): parts_of(d) for d in ordered(definitions)}
    return ToolPin(digest_of(definitions), server, len(definitions), listed)


class ToolChange(NamedTuple):
    """One tool added, removed or changed since the pin; for a change, which parts, and
    the old text (when this machine kept it) and the new, each bounded and escaped."""

    tool: str
    change: str  # "added" | "removed" | "changed"
    parts: tuple[str, ...] = ()
    old: Mapping[str, str] | None = None  # part -> text, shown
    new: Mapping[str, str] | None = None
    # For a schema or annotations change with the old definition known: each place that
    # moved, `inputSchema.properties.c: added {...}`, shown.
    details: tuple[str, ...] = ()


def changes(
    pin: ToolPin,
    now: Sequence[Mapping[str, Any]],
    before: Sequence[Mapping[str, Any]] | None = None,
) -> list[ToolChange]:
    """What differs between `pin` and the definitions listed `now`; `before`: the pinned
    definitions when this machine kept them (then the old text is shown too)."""
    if digest_of(now) == pin.digest:
        return []
    current = {str(d["name"]): d for d in now}
    if before is not None and digest_of(before) == pin.digest:
        old = {str(d["name"]): d for d in before}
        was: Mapping[str, Mapping[str, str]] = {n: parts_of(d) for n, d in old.items()}
    elif pin.tools is not None:
        old, was = {}, pin.tools
    else:
        return [ToolChange("*", "changed", ("digest",))]  # folded, nothing kept to compare
    found = []
    for name in sorted(set(was) | set(current)):
        if name not in current:
            found.append(ToolChange(name, "removed", old=_texts(old.get(name), PARTS)))
        elif name not in was:
            found.append(ToolChange(name, "added", new=_texts(current[name], PARTS)))
        else:
            parts = parts_of(current[name])
            moved = tuple(part for part in PARTS if was[name].get(part) != parts[part])
            if moved:
                found.append(ToolChange(name, "changed", moved, _texts(old.get(name), moved),
                                        _texts(current[name], moved),
                                        _details(old.get(name), current[name], moved)))  # fmt: skip
    return found or [ToolChange("*", "changed", ("digest",))]


MAX_DETAILS = 12  # places of one tool's schema a finding names; the rest are counted
_ROOTS = {"schema": {"input": "inputSchema", "output": "outputSchema"}}


def _details(
    before: Mapping[str, Any] | None, after: Mapping[str, Any], parts: Iterable[str]
) -> tuple[str, ...]:
    """Each place of a schema or annotations that moved, as `path: old -> new`."""
    if before is None:
        return ()
    found: list[tuple[str, object, object]] = []
    for part in parts:
        if part == "description":
            continue
        old, new = before.get(part), after.get(part)
        if part in _ROOTS and isinstance(old, dict) and isinstance(new, dict):
            for key, root in _ROOTS[part].items():
                _walk_diff(old.get(key), new.get(key), root, found)
        else:
            _walk_diff(old, new, part, found)
    lines = [_detail(path, was, now) for path, was, now in found[:MAX_DETAILS]]
    if len(found) > MAX_DETAILS:
        lines.append(f"... and {len(found) - MAX_DETAILS} more")
    return tuple(lines)


_ABSENT = object()


def _walk_diff(old: object, new: object, path: str, out: list[tuple[str, object, object]]) -> None:
    stack = [(old, new, path)]
    while stack:
        was, now, where = stack.pop()
        if isinstance(was, dict) and isinstance(now, dict):
            for key in sorted(set(was) | set(now), reverse=True):
                stack.append((was.get(key, _ABSENT), now.get(key, _ABSENT), f"{where}.{key}"))
        elif canonical(_plain(was)) != canonical(_plain(now)):
            out.append((where, was, now))


def _plain(value: object) -> object:
    return None if value is _ABSENT else value


def _detail(path: str, was: object, now: object) -> str:
    if was is _ABSENT:
        return f"{shown(path)}: added {shown(now)}"
    if now is _ABSENT:
        return f"{shown(path)}: removed (was {shown(was)})"
    return f"{shown(path)}: {shown(was)} -> {shown(now)}"


def _texts(definition: Mapping[str, Any] | None, parts: Iterable[str]) -> dict[str, str] | None:
    if definition is None:
        return None
    return {part: shown(_readable(definition.get(part))) for part in parts}


def _readable(value: object) -> object:
    """A part as a reader knows it: the input schema alone when there is no output schema,
    the description alone when there is no title."""
    if isinstance(value, dict) and set(value) == {"input", "output"} and value["output"] is None:
        return value["input"]
    if isinstance(value, dict) and set(value) == {"title", "description"}:
        text = value["description"] if isinstance(value["description"], str) else ""
        return f"[title: {value['title']}] {text}"
    return value


def shown(value: object) -> str:
    """A part as a finding quotes it: text as it is, else canonical JSON; escaped (every
    control, format and bidi character as `\\uXXXX`), cut to SHOWN characters."""
    text = value if isinstance(value, str) else canonical(value)
    escaped = "".join(_escape(char) if _hidden(char) else char for char in text)
    escaped = escaped.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")
    if len(escaped) <= SHOWN:
        return escaped
    return f"{escaped[:SHOWN]}… ({len(text):,} characters)"


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


class Flag(NamedTuple):
    """Something in a tool's definition a person cannot see or should not trust."""

    tool: str
    where: str  # "description", "name", "inputSchema.properties.path.description", ...
    what: str  # "hidden" | "oversized"
    detail: str  # e.g. "U+200B ZERO WIDTH SPACE at 12", "9,000 characters, 40x the median"


_ASCII_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _hidden(char: str) -> bool:
    if char in "\t\n\r":
        return False
    return kind(char) is not None


def kind(char: str) -> str | None:
    """Why `char` is hidden content, or None for a character a reader sees."""
    code = ord(char)
    if char in BIDI:
        return "bidi control"
    if 0xE0000 <= code <= 0xE007F:
        return "tag character"
    if 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF:
        return "variation selector"
    category = unicodedata.category(char)
    if category == "Cf":
        return "zero-width or format character"
    if category == "Cc" and char not in "\t\n\r":
        return "control character"
    if category == "Co":
        return "private-use character"
    return None


def flags(definitions: list[Mapping[str, Any]]) -> list[Flag]:
    """Hidden characters anywhere in each definition, and oversized descriptions."""
    found: list[Flag] = []
    for item in definitions:
        name = str(item.get("name", ""))
        for where, text in _strings(item):
            if text.isascii() and not _ASCII_CONTROL.search(text):
                continue  # most text: nothing but what a reader sees
            hit = next(((i, c) for i, c in enumerate(text) if _hidden(c)), None)
            if hit is not None:
                index, char = hit
                count = sum(1 for c in text if _hidden(c))
                found.append(Flag(name, where, "hidden", _describe(char, index, count)))
    found += _oversized(definitions)
    return found


def _describe(char: str, index: int, count: int) -> str:
    label = unicodedata.name(char, "")
    what = f"U+{ord(char):04X}{' ' + label if label else ''} ({kind(char)}) at character {index}"
    return what if count == 1 else f"{what}, {count} in all"


def _strings(item: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """Every string of a definition (keys too) with where it is, as a reader names it."""
    yield "name", str(item.get("name", ""))
    text = item.get("description")
    if isinstance(text, dict):
        yield from _walk(text.get("title"), "title")
        yield from _walk(text.get("description"), "description")
    else:
        yield from _walk(text, "description")
    schema = item.get("schema")
    if isinstance(schema, dict):
        yield from _walk(schema.get("input"), "inputSchema")
        yield from _walk(schema.get("output"), "outputSchema")
    yield from _walk(item.get("annotations"), "annotations")


def _walk(value: object, where: str) -> Iterator[tuple[str, str]]:
    stack: list[tuple[object, str]] = [(value, where)]
    while stack:
        node, path = stack.pop()
        if isinstance(node, str):
            yield path, node
        elif isinstance(node, dict):
            for key, child in node.items():
                yield f"{path} (a key)", str(key)
                stack.append((child, f"{path}.{key}"))
        elif isinstance(node, list):
            stack.extend((child, f"{path}[{i}]") for i, child in enumerate(node))


def description_of(item: Mapping[str, Any]) -> str:
    """The description text of a canonical definition ('' when it has none)."""
    text = item.get("description")
    if isinstance(text, dict):
        text = text.get("description")
    return text if isinstance(text, str) else ""


def _oversized(definitions: list[Mapping[str, Any]]) -> list[Flag]:
    """Descriptions far larger than the server's others: over OVERSIZED_FLOOR characters
    and OVERSIZED_RATIO times the median of the others (of all, from three tools on, where
    one tool moves the median little); a lone tool over OVERSIZED_ALONE."""
    sizes = [len(description_of(d)) for d in definitions]
    middle = sorted(sizes)[len(sizes) // 2] if len(sizes) > 2 else 0
    found = []
    for index, item in enumerate(definitions):
        size = sizes[index]
        if len(sizes) == 1:
            if size > OVERSIZED_ALONE:
                found.append(Flag(str(item.get("name", "")), "description", "oversized",
                                  f"{size:,} characters, the server's only tool"))  # fmt: skip
            continue
        median = sizes[1 - index] if len(sizes) == 2 else middle
        if size > max(OVERSIZED_FLOOR, OVERSIZED_RATIO * median):
            ratio = f"{size / median:.0f}x" if median else "far more than"
            found.append(Flag(str(item.get("name", "")), "description", "oversized",
                              f"{size:,} characters, {ratio} the median of the server's "
                              f"descriptions ({median:,})"))  # fmt: skip
    return found


_DIGEST = re.compile(r"^sha256:[0-9a-f]{64}$")
_PART = re.compile(r"^[0-9a-f]{16}$")


def read_pins(table: Mapping[str, object]) -> dict[str, dict[str, ToolPin]]:
    """The `tools` table of a lock as `ToolPin`s; a malformed pin raises ValueError naming it
    (the digest covers definitions the lock does not hold, so it cannot be checked here)."""
    out: dict[str, dict[str, ToolPin]] = {}
    for entry_id, by_source in sorted(table.items()):
        if not isinstance(by_source, dict):
            raise ValueError(f"tool pin {excerpt(entry_id)} is not a table")
        for source, data in sorted(by_source.items()):
            out.setdefault(entry_id, {})[source] = _read_pin(entry_id, source, data)
    return out


def _read_pin(entry_id: str, source: str, data: object) -> ToolPin:
    where = f"tool pin {excerpt(entry_id)} {excerpt(source)}"
    if (
        not isinstance(data, dict)
        or not {"count", "digest", "server"} <= set(data)
        or not set(data) <= {"count", "digest", "server", "tools"}
    ):
        raise ValueError(f"{where} has the wrong keys")
    count, digest, server, tools = (data["count"], data["digest"], data["server"],
                                    data.get("tools"))  # fmt: skip
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise ValueError(f"{where} has a bad count")
    if not isinstance(digest, str) or not _DIGEST.match(digest):
        raise ValueError(f"{where} has a bad digest")
    if not isinstance(server, str):
        raise ValueError(f"{where} has a bad server")
    if tools is None:
        return ToolPin(digest, server, count, None)
    if not isinstance(tools, dict):
        raise ValueError(f"{where} has a bad tools table")
    listed: dict[str, dict[str, str]] = {}
    for name, parts in sorted(tools.items()):
        if (
            not isinstance(parts, dict)
            or set(parts) != set(PARTS)
            or not all(isinstance(v, str) and _PART.match(v) for v in parts.values())
        ):
            raise ValueError(f"{where} has a bad line for tool {excerpt(name)}")
        listed[name] = {part: parts[part] for part in PARTS}
    if len(listed) != count:
        raise ValueError(
            f"{where} lists {len(listed)} tools but says {count}: it was edited by hand"
        )
    return ToolPin(digest, server, count, listed)


def pin_data(pin: ToolPin) -> dict[str, Any]:
    """A pin as `aido.lock` holds it."""
    data: dict[str, Any] = {"count": pin.total, "digest": pin.digest, "server": pin.server}
    if pin.tools is not None:
        data["tools"] = {name: dict(parts) for name, parts in pin.tools.items()}
    return data


def render_pins(pins: Mapping[str, Mapping[str, ToolPin]]) -> list[str]:
    """The `tools` table of `aido.lock`: a line per tool, so a moved pin shows per tool."""
    if not pins:
        return []
    out = ['  "tools": {']
    ids = sorted(pins.items())
    for i, (entry_id, by_source) in enumerate(ids):
        out.append(f"    {_one(entry_id)}: {{")
        sources = sorted(by_source.items())
        for j, (source, pin) in enumerate(sources):
            out.append(f"      {_one(source)}: {{")
            out.append(f'        "count": {pin.total},')
            out.append(f'        "digest": {_one(pin.digest)},')
            tail = "," if pin.tools is not None else ""
            out.append(f'        "server": {_one(pin.server)}{tail}')
            if pin.tools is not None:
                rows = [f"          {_one(n)}: {_one(dict(p))}" for n, p in pin.tools.items()]
                out.append('        "tools": {' + ("" if rows else "}"))
                if rows:
                    out += [",\n".join(rows), "        }"]
            out.append("      }" + ("," if j < len(sources) - 1 else ""))
        out.append("    }" + ("," if i < len(ids) - 1 else ""))
    out.append("  },")
    return out


def _one(value: object) -> str:
    # ensure_ascii: a hidden character in a name shows in the lock's diff as an escape.
    return json.dumps(value, sort_keys=True, ensure_ascii=True)
