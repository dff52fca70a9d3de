"""Hypothesis strategies for JSONC and TOML files with trivia at every position.

Trivia (blanks, tabs, line breaks, `//` and `/* */` comments in JSONC, `#` comments and
indentation in TOML) is drawn for every gap of the server map: inside an empty map,
before and after the first and last member, on the same line, between key and colon,
around commas. CRLF, a BOM, a missing final newline and trailing commas are drawn per
file. Each generated file records the text of the user's entries, so a test can check
they are untouched. Written apart from the editor: it serialises values itself.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from docgen_toml import key as toml_key
from docgen_toml import value as toml_value
from hypothesis import strategies as st

USER_NAMES = ["mine", "ünï", "a b", "x.y"]
NEW_NAMES = ["new", "new-2", "my.srv"]
entries = st.fixed_dictionaries(
    {"command": st.sampled_from(["npx", "uvx", 'q"t', "é\\"])},
    optional={
        "args": st.lists(st.sampled_from(["-y", "pkg@1", "--flag=é"]), max_size=3),
        "env": st.dictionaries(st.sampled_from(["TOKEN", "HOME"]), st.just("${X}"), max_size=2),
    },
)


@dataclass(frozen=True)
class Layout:
    """A generated file: its bytes, its map path, its user entries and their texts."""

    raw: bytes
    key_path: tuple[str, ...]
    user: dict[str, Any]
    texts: tuple[bytes, ...]  # the user entries' own text, in file order


class _Counter:
    """Numbers the comments so each is unique."""

    def __init__(self) -> None:
        self.n = 0

    def next(self) -> int:
        self.n += 1
        return self.n


# -- JSONC ------------------------------------------------------------------------------


@st.composite
def jsonc_gap(draw: st.DrawFn, nl: str, indent: str, counter: _Counter, *, comments: bool) -> str:
    """Draw whitespace and comments for one gap, valid anywhere JSON allows whitespace."""
    atoms = ["", " ", "\t", nl + indent, nl + nl + indent, nl]
    if comments:
        atoms += ["/* c{n} */", "/* c{n}" + nl + " */", " // c{n}" + nl + indent]
        atoms += [nl + indent + "// c{n}" + nl + indent, "// c{n}, {{ }}" + nl]
    chosen = draw(st.lists(st.sampled_from(atoms), max_size=3))
    return "".join(atom.replace("{n}", str(counter.next())) for atom in chosen)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


@st.composite
def jsonc_files(draw: st.DrawFn, *, jsonc: bool) -> Layout:
    """Draw a JSON or JSONC file holding a server map with trivia in every gap, or lacking
    the map (and maybe the objects around it)."""
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    unit = draw(st.sampled_from(["  ", "    ", "\t", " ", "   "]))
    trailing = jsonc and draw(st.booleans())
    nested = draw(st.booleans())
    key_path = ("projects", "/home/u/app", "mcpServers") if nested else ("servers",)
    counter = _Counter()
    names = draw(st.lists(st.sampled_from(USER_NAMES), unique=True, max_size=3))
    user = {name: draw(entries) for name in names}
    one_line = draw(st.booleans())

    def gap(indent: str) -> str:
        if one_line:
            return draw(st.sampled_from(["", " ", "/* c */ " if jsonc else "  "]))
        return draw(jsonc_gap(nl, indent, counter, comments=jsonc))

    depth = len(key_path)
    cut = draw(st.sampled_from([None, None, *range(depth)]))  # where the path stops, if it does
    if cut is not None:
        user, names = {}, []
    inner = unit * (depth + 1)
    # An empty map may be written open, its `}` on its `{` line's indentation.
    parts = ["{", nl + unit * depth if not names and draw(st.booleans()) else gap(inner)]
    texts = []
    for index, (name, entry) in enumerate(user.items()):
        colon = draw(st.sampled_from([": ", ":", " : "] + (["/* k */: "] if jsonc else [])))
        text = _json(name) + colon + _json(entry)
        texts.append(text.encode())
        parts.append(text)
        last = index == len(user) - 1
        if not last or trailing:
            parts.append(gap(inner) + "," if jsonc and not one_line else ",")
        parts.append(gap(inner))
    if not one_line and user:
        parts.append(nl + unit * depth)
    parts.append("}")
    text = "".join(parts)
    if cut is not None:
        text = draw(_bare_object(nl, unit * cut, unit * (cut + 1)))
    for level, key in reversed(list(enumerate(key_path[:cut]))):
        pad = unit * (level + 1)
        other = f"{nl}{pad}{_json('theme')}: {_json('dark')},"
        text = f"{{{other}{nl}{pad}{_json(key)}: {text}{nl}{unit * level}}}"
    bom = "\ufeff" if draw(st.booleans()) else ""
    final = nl if draw(st.booleans()) else ""
    return Layout((bom + text + final).encode(), key_path, user, tuple(texts))


def _bare_object(nl: str, outer: str, inner: str) -> st.SearchStrategy[str]:
    """An object on the way to the server map that lacks the next key: empty (closed,
    open or spaced) or holding another setting."""
    theme = f"{_json('theme')}: {_json('dark')}"
    shapes = ["{}", "{" + nl + outer + "}", "{ }", "{" + theme + "}"]
    return st.sampled_from([*shapes, "{" + nl + inner + theme + nl + outer + "}"])


# -- TOML -------------------------------------------------------------------------------


@st.composite
def toml_trivia(draw: st.DrawFn, nl: str, counter: _Counter) -> str:
    """Draw whole lines of blanks and comments (maybe indented) to put between statements."""
    atoms = [nl, "# c{n}" + nl, "  # c{n}" + nl, "\t" + nl, "#" + nl, "# [not.a.table]" + nl]
    chosen = draw(st.lists(st.sampled_from(atoms), max_size=3))
    return "".join(atom.replace("{n}", str(counter.next())) for atom in chosen)


@st.composite
def toml_files(draw: st.DrawFn) -> Layout:
    """Draw a config.toml: root pairs, the map's tables (maybe split, with sub-tables and an
    explicit `[mcp_servers]`), other tables, and comments and blank lines between them all."""
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    counter = _Counter()
    names = draw(st.lists(st.sampled_from(USER_NAMES), unique=True, max_size=3))
    user = {name: draw(entries) for name in names}
    indent = draw(st.sampled_from(["", "", "  ", "\t"]))
    blocks: list[tuple[str, bool]] = []  # (text, is a user entry's own table)
    if draw(st.booleans()):
        blocks.append((f"{indent}[mcp_servers]{nl}", False))
    for name, entry in user.items():
        head = f"{indent}[mcp_servers.{toml_key(name)}]"
        if draw(st.booleans()):
            head += f"  # about {counter.next()}"
        pairs = [f"{indent}{k} = {toml_value(v)}{nl}" for k, v in entry.items() if k != "env"]
        blocks.append((head + nl + "".join(pairs), True))
        if "env" in entry:
            env = "".join(f"{indent}{k} = {_json(v)}{nl}" for k, v in entry["env"].items())
            blocks.append((f"{indent}[mcp_servers.{toml_key(name)}.env]{nl}{env}", True))
    others = [f"[profiles.fast]{nl}model = {_json('o4')}{nl}", f"[tui]{nl}theme = 1{nl}"]
    for other in draw(st.lists(st.sampled_from(others), unique=True, max_size=2)):
        blocks.insert(draw(st.integers(0, len(blocks))), (other, False))
    text = draw(toml_trivia(nl, counter)) + f'model = "o3"{nl}'
    texts = []
    for block, mine in blocks:
        text += draw(toml_trivia(nl, counter))
        text += block
        if mine:
            texts.append(block.removesuffix(nl).encode())
    text += draw(toml_trivia(nl, counter))
    if draw(st.booleans()) and text.endswith(nl):
        text = text[: -len(nl)]
    bom = "\ufeff" if draw(st.booleans()) else ""
    return Layout((bom + text).encode(), ("mcp_servers",), user, tuple(texts))
