"""Hypothesis strategy for Codex config.toml files whose server map takes every TOML shape.

The map is written as `[mcp_servers.<name>]` tables (maybe under an explicit
`[mcp_servers]`, split by other tables, with sub-tables placed apart), or with dotted
keys at the top level, or as an inline table at the top level (empty or not), or as an
array of tables. Each user entry has a shape of its own: a table, a table with a
`[.env]` sub-table, dotted keys, or an inline table. The layout says which edits aido
must refuse: every edit when the map is not tables, an edit of an entry that is not.
Written apart from the editor: it serialises values itself.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

NAMES = ["mine", "ünï", "a b", "x.y", "t"]
NEW_NAMES = ["new", "new-2", "my.srv"]
MAP_SHAPES = ["tables", "explicit", "root-dotted", "inline", "inline-empty", "array"]
ENTRY_SHAPES = ["table", "table+env", "split-env", "dotted", "inline"]
entries = st.fixed_dictionaries(
    {"command": st.sampled_from(["npx", "uvx", 'q"t', "é\\"])},
    optional={
        "args": st.lists(st.sampled_from(["-y", "pkg@1", "--flag=é", "[x]"]), max_size=3),
        "enabled": st.booleans(),
        "env": st.dictionaries(st.sampled_from(["TOKEN", "HOME"]), st.just("${X}"), max_size=2),
    },
)


@dataclass(frozen=True)
class Shaped:
    """A generated config.toml and what aido may do with it."""

    raw: bytes
    map_shape: str
    user: dict[str, Any]  # the user's entries, as tomllib reads them
    shapes: dict[str, str]  # each user entry's shape
    texts: tuple[tuple[str | None, bytes], ...]  # (owning user entry, its text) in order

    def refused(self, name: str) -> bool:
        """Whether aido must refuse to add, heal or delete `name` in this file."""
        if self.map_shape in ("inline", "inline-empty", "array"):
            return True
        return self.shapes.get(name, "table") in ("dotted", "inline")


def key(name: str) -> str:
    """A TOML key: bare when it can be, else a basic string."""
    bare = name.replace("-", "").replace("_", "").isalnum() and name.isascii()
    return name if bare else json.dumps(name, ensure_ascii=False)


def value(item: Any) -> str:
    """A TOML value on one line (strings as JSON strings, which TOML reads alike)."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, list):
        return "[" + ", ".join(value(v) for v in item) + "]"
    if isinstance(item, dict):
        return "{ " + ", ".join(f"{key(k)} = {value(v)}" for k, v in item.items()) + " }"
    return json.dumps(item, ensure_ascii=False)


def _pairs(prefix: str, entry: dict[str, Any], nl: str, *, env: bool) -> str:
    """The entry's pairs under `prefix` (dotted), the env table inline unless `env`."""
    return "".join(
        f"{prefix}{k} = {value(v)}{nl}" for k, v in entry.items() if not (env and k == "env")
    )


@st.composite
def trivia(draw: st.DrawFn, nl: str) -> str:
    """Whole lines of blanks and comments, one with a table header inside a comment."""
    atoms = [nl, "# c" + nl, "  # c" + nl, "\t" + nl, "# [mcp_servers.fake]" + nl]
    return "".join(draw(st.lists(st.sampled_from(atoms), max_size=2)))


@st.composite
def _tables(draw: st.DrawFn, name: str, entry: dict[str, Any], shape: str, nl: str) -> list[str]:
    """The table blocks of one user entry written as tables."""
    head = f"[mcp_servers.{key(name)}]"
    if draw(st.booleans()):
        head += "  # about"
    env = shape != "table" and "env" in entry
    blocks = [head + nl + _pairs("", entry, nl, env=env)]
    if env:
        blocks.append(
            f"[mcp_servers.{key(name)}.env]{nl}" + _pairs("", entry["env"], nl, env=False)
        )
    return blocks


@st.composite
def toml_shapes(draw: st.DrawFn) -> Shaped:
    """Draw a config.toml whose server map and entries take any shape TOML allows."""
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    map_shape = draw(st.sampled_from(MAP_SHAPES))
    names = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=3))
    user = {name: draw(entries) for name in names}
    shapes = {name: draw(st.sampled_from(ENTRY_SHAPES)) for name in names}
    if map_shape in ("inline", "inline-empty", "array"):
        user = {} if map_shape != "inline" else user
        shapes = {name: "inline" for name in user}
    elif map_shape == "tables":  # no [mcp_servers] header: nowhere for pairs to sit
        shapes = {n: s if s not in ("dotted", "inline") else "table" for n, s in shapes.items()}
    elif map_shape == "root-dotted":
        shapes = {n: "dotted" if s == "inline" else s for n, s in shapes.items()}
    root = [f'model = "o3"{nl}', f'notes = """{nl}[mcp_servers.not_a_table]{nl}"""{nl}']
    texts: list[tuple[str | None, str]] = []
    if map_shape == "inline-empty":
        root.append(f"mcp_servers = {{}}{nl}")
    elif map_shape == "inline":
        root.append(f"mcp_servers = {value(user)}{nl}")
    for name, shape in shapes.items():
        if map_shape == "root-dotted" and shape == "dotted":
            root.append(_pairs(f"mcp_servers.{key(name)}.", user[name], nl, env=False))
    blocks: list[tuple[str | None, str]] = []  # (the user entry a table is of, its text)
    if map_shape == "explicit":
        inside = "".join(
            f"{key(n)} = {value(user[n])}{nl}"
            if s == "inline"
            else _pairs(f"{key(n)}.", user[n], nl, env=False)
            for n, s in shapes.items()
            if s in ("dotted", "inline")
        )
        blocks.append((None, f"[mcp_servers]{nl}{inside}"))
    if map_shape == "array":
        blocks.append((None, f'[[mcp_servers]]{nl}name = "x"{nl}'))
    later: list[tuple[str | None, str]] = []
    for name, shape in shapes.items():
        if shape in ("table", "table+env", "split-env"):
            own = [(name, block) for block in draw(_tables(name, user[name], shape, nl))]
            blocks.append(own[0])
            (later if shape == "split-env" else blocks).extend(own[1:])
    others = [f"[profiles.fast]{nl}model = {json.dumps('o4')}{nl}", f"[tui]{nl}theme = 1{nl}"]
    chosen = draw(st.lists(st.sampled_from(others), unique=True, max_size=2))
    for other in chosen:
        blocks.insert(draw(st.integers(0, len(blocks))), (None, other))
    blocks += later  # a split sub-table comes after every other table
    text = draw(trivia(nl)) + "".join(root)
    texts.append((None, "".join(root)))
    for owner, block in blocks:
        text += draw(trivia(nl)) + block
        texts.append((owner, block))
    text += draw(trivia(nl))
    if draw(st.booleans()) and text.endswith(nl):
        text = text[: -len(nl)]
    bom = "\ufeff" if draw(st.booleans()) else ""
    raw = (bom + text).encode()
    kept = tuple((owner, t.removesuffix(nl).encode()) for owner, t in texts)
    return Shaped(raw, map_shape, user, shapes, kept)
