"""Lists of one-key maps (Claude Code agents' `mcpServers`) edited as maps, byte for byte.

An entry is the item whose one key is its name; string items and the user's map items
are never touched. The property runs derandomized in CI over generated frontmatter with
comments, LF or CRLF, bodies holding `---`, block lists (either sequence indentation),
one-line and multi-line flow lists, and no list at all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

from aidokit.reconcile.core.errors import DocumentError
from aidokit.reconcile.documents import LIST_ITEMS, Document, Format
from tests.fuzz import fuzz_settings
from tests.reconcile.documents.edit_ops import edited
from tests.reconcile.documents.test_documents_frontmatter import (
    agent_file,
    comment,
    endings,
    entries,
    words,
)

PATH = Path("/nowhere/.claude/agents/qa.md")
ITEMS = ("mcpServers", LIST_ITEMS)
ENTRY: dict[str, Any] = {"type": "stdio", "command": "npx", "args": ["@playwright/mcp@0.0.41"]}
PROPS = fuzz_settings(150, HealthCheck.too_slow)


def _doc(raw: bytes, fmt: Format = Format.MARKDOWN) -> Document:
    return Document(PATH, fmt, raw)


def _apply(raw: bytes, name: str = "playwright", entry: Any = ENTRY) -> bytes:
    return edited(_doc(raw), ITEMS, ("set", name, entry))


def _destroy(raw: bytes, name: str = "playwright") -> bytes:
    return edited(_doc(raw), ITEMS, ("delete", name, None))


def test_block_list_gets_an_item_in_its_own_indentation() -> None:
    """A new item follows the last one at the items' column; the user's comment stays."""
    raw = b"---\nname: qa\nmcpServers:\n    - github  # shared\n    # mine\ntools: Read\n---\nb\n"
    applied = _apply(raw)
    assert applied.startswith(b"---\nname: qa\nmcpServers:\n    - github  # shared\n    - pla")
    assert applied.endswith(b"    # mine\ntools: Read\n---\nb\n")
    assert _doc(applied).get_map(ITEMS) == {"playwright": ENTRY}
    assert _doc(applied).value["mcpServers"][0] == "github"
    assert _destroy(applied) == raw


def test_a_missing_list_is_created_and_removed_again() -> None:
    """No `mcpServers` yet: aido adds a block list, and removing its item removes the key."""
    raw = b"---\r\nname: qa\r\n---\r\nBody\r\n---\r\n"
    applied = _apply(raw)
    assert b"mcpServers:\r\n- playwright:\r\n" in applied
    assert b"\n" not in applied.replace(b"\r\n", b"")
    assert _destroy(applied) == raw


@pytest.mark.parametrize(
    "flow",
    [b"[]", b"[ ]", b"[github]", b"[github, {mine: {command: x}},]", b"[\n  github,\n  x: {}\n  ]"],
)
def test_flow_list_gets_a_flow_item_and_loses_exactly_it(flow: bytes) -> None:
    """A flow list stays flow: `, {name: {...}}` goes in, and comes out again."""
    raw = b"---\nname: qa\nmcpServers: " + flow + b"  # keep\n---\nbody\n"
    applied = _apply(raw)
    assert b"{playwright: {type: stdio, command: npx, args: ['@playwright/mcp@0.0.41']}}" in applied
    assert _doc(applied).get_map(ITEMS)["playwright"] == ENTRY
    assert _destroy(applied) == raw


def test_update_replaces_only_that_item() -> None:
    """Changing aido's item leaves every other item, and its place, as it was."""
    raw = (
        b"---\nmcpServers:\n  - a\n  - playwright:\n      command: old\n  - b: {command: y}\n---\n"
    )
    updated = _apply(raw)
    assert updated.startswith(b"---\nmcpServers:\n  - a\n  - playwright:\n      type: stdio\n")
    assert updated.endswith(b"  - b: {command: y}\n---\n")
    assert _doc(updated).get_map(ITEMS) == {"playwright": ENTRY, "b": {"command": "y"}}


def test_string_items_are_references_not_entries() -> None:
    """A string item naming a server is never read as an entry nor removed."""
    raw = b"---\nmcpServers:\n  - playwright\n---\n"
    assert _doc(raw).get_map(ITEMS) == {}
    applied = _apply(raw)
    assert _doc(applied).value["mcpServers"] == ["playwright", {"playwright": ENTRY}]
    assert _destroy(applied) == raw
    assert _destroy(raw) == raw


def test_the_users_last_item_leaves_an_empty_list_when_a_comment_would_go() -> None:
    """Removing the only item under a commented key keeps the key (and comment) as `[]`."""
    raw = b"---\nmcpServers:  # mine\n  - playwright: {command: x}\n---\n"
    assert _destroy(raw) == b"---\nmcpServers: []  # mine\n---\n"


def test_plain_yaml_files_take_list_items_too() -> None:
    """The same addressing works in a YAML file, at any depth."""
    doc = _doc(b"a:\n  b: 1\n", Format.YAML)
    doc.set_entry(("a", "servers", LIST_ITEMS), "p", {"command": "x"})
    assert doc.render() == b"a:\n  b: 1\n  servers:\n  - p:\n      command: x\n"
    doc.delete_entry(("a", "servers", LIST_ITEMS), "p")
    assert doc.render() == b"a:\n  b: 1\n"


def test_json_documents_cannot_address_list_items() -> None:
    """Only YAML has the list-of-one-key-maps shape: other formats refuse the path."""
    with pytest.raises(TypeError):
        Document(PATH, Format.JSON, b"{}").get_map(ITEMS)
    with pytest.raises(TypeError):
        _doc(b"---\n---\n").get_map((LIST_ITEMS, "x"))


@pytest.mark.parametrize(
    ("front", "reason"),
    [
        (b"mcpServers: {playwright: {command: x}}", "must be a list, not a mapping"),
        (b"mcpServers:", "must be a list, not null"),
        (b"mcpServers: playwright", "must be a list, not a string"),
        (b"mcpServers:\n  - a: {}\n    b: {}", 'item 1 of "mcpServers" is a map with 2 keys'),
        (b"mcpServers:\n  - x\n  - 3", 'item 2 of "mcpServers" is a number'),
        (b"mcpServers:\n  - [a]", "is a list, not a server name"),
        (b"mcpServers:\n  - a: {}\n  - a: {}", "defines the server 'a' twice"),
        (b"mcpServers: &s\n  - a: {}", "has an anchor"),
        (b"x: &e {command: y}\nmcpServers:\n  - a: *e", "anchor or alias"),
        (b"mcpServers:\n  - 1: {}", "is not a string"),
        (b"mcpServers:\n  -\n    playwright: {command: x}", "does not start on its `-` line"),
        (b"mcpServers: [a, # why\n  playwright: {command: x}]", "the comment next to it"),
    ],
)
def test_lists_aido_cannot_edit_are_refused(front: bytes, reason: str) -> None:
    """A non-list, a multi-key or non-map item, a duplicate, an anchor: one error naming
    the file, the line, and that aido will not edit it."""
    raw = b"---\nname: qa\n" + front + b"\n---\nbody\n"
    with pytest.raises(DocumentError) as info:
        _destroy(raw)
        _apply(raw, "other")
    message = str(info.value)
    assert message.startswith(f"{PATH}:") and reason in message
    assert message.endswith("aido will not edit this file")


# -- generated round trips ---------------------------------------------------------------

user_key = st.builds(
    lambda k, v: f"{k}: v{v}", st.sampled_from(["name", "description", "model"]), words
)
front_lines = st.lists(
    st.one_of(comment, user_key, st.just("")), max_size=4, unique_by=lambda ln: ln.split(":")[0]
)
body_line = st.one_of(
    words, st.just("---"), st.just("mcpServers: []"), st.just("- item"), st.just("")
)
# (kind, name, word): a string item, a user map item (block or inline), or a comment line
user_item = st.tuples(
    st.sampled_from(["string", "block", "inline", "comment"]),
    st.sampled_from(["mine", "github", "db"]),
    words,
)
shapes = st.sampled_from(["none", "block0", "block2", "flow", "flow-lines", "empty"])


def _block_item(kind: str, name: str, word: str, pad: str) -> list[str]:
    if kind == "string":
        return [f"{pad}- s{word}"]
    if kind == "comment":
        return [f"{pad}# {word}"]
    if kind == "inline":
        return [f"{pad}- {{{name}: {{command: c{word}}}}}"]
    return [f"{pad}- {name}:", f"{pad}    command: c{word}  # {word}"]


def _flow_item(kind: str, name: str, word: str) -> str:
    return f"s{word}" if kind in ("string", "comment") else f"{{{name}: {{command: c{word}}}}}"


def _list_lines(shape: str, items: list[tuple[str, str, str]]) -> list[str]:
    """The `mcpServers` lines for a shape; map item names are made unique."""
    seen: set[str] = set()
    items = [
        i for i in items if i[0] in ("string", "comment") or not (i[1] in seen or seen.add(i[1]))
    ]
    real = [i for i in items if i[0] != "comment"]
    if shape == "none" or (shape.startswith("block") and not real):
        return []
    if shape == "empty":
        return ["mcpServers: []"]
    if shape == "flow":
        return ["mcpServers: [" + ", ".join(_flow_item(*i) for i in items) + "]  # flow"]
    if shape == "flow-lines":
        return ["mcpServers: [", *(f"  {_flow_item(*i)}," for i in items), "  ]"]
    pad = "  " if shape == "block2" else ""
    return ["mcpServers:  # servers", *(ln for i in items for ln in _block_item(*i, pad))]


def _users_items(raw: bytes) -> dict[str, Any]:
    return _doc(raw).get_map(ITEMS) or {}


@PROPS
@given(
    front=front_lines,
    at=st.integers(0, 4),
    shape=shapes,
    items=st.lists(user_item, max_size=4),
    body=st.lists(body_line, max_size=5),
    **endings,
    new=st.dictionaries(
        st.sampled_from(["playwright", "a.b", "x y"]), entries, min_size=1, max_size=3
    ),
)
@example(
    front=["# c", "name: qa"],
    at=1,
    shape="block2",
    items=[("string", "", "playwright"), ("block", "mine", "x")],
    body=["---", "x"],
    newline="\r\n",
    final=False,
    new={"playwright": ENTRY},
)
def test_apply_heal_destroy_round_trip(
    front: list[str],
    at: int,
    shape: str,
    items: list[tuple[str, str, str]],
    body: list[str],
    newline: str,
    final: bool,
    new: dict[str, Any],
) -> None:
    """Apply, heal and destroy give back the original bytes; the user's items and the
    body never change."""
    lines = [*front[:at], *_list_lines(shape, items), *front[at:]]
    raw = agent_file(lines, body, newline, final)
    tail, mine = raw[raw.index(b"---", 3) :], _users_items(raw)
    doc = _doc(raw)
    for name, entry in new.items():
        doc.set_entry(ITEMS, name, entry)
    applied = doc.render()
    assert applied.endswith(tail) and _users_items(applied) == {**mine, **new}
    assert [i for i in _doc(applied).value["mcpServers"] if isinstance(i, str)] == [
        i for i in _doc(raw).value.get("mcpServers") or [] if isinstance(i, str)
    ]
    edited = _doc(applied)
    for name in new:
        edited.set_entry(ITEMS, name, {"command": "hand edited", "args": ["x"]})
    healed = _doc(edited.render())
    for name, entry in new.items():
        healed.set_entry(ITEMS, name, entry)
    assert healed.render() == applied
    again = _doc(applied)
    for name in new:
        again.delete_entry(ITEMS, name)
    assert again.render() == raw


def _hand_key(raw: bytes, name: str, line: bytes) -> bytes:
    """A person adds `line` inside aido's item `name`, right above its `command` key."""
    item = raw.index(b"- " + name.encode() + b":")
    command = raw.index(b"command:", item)
    start = raw.rindex(b"\n", 0, command) + 1
    indent = raw[start:command]
    newline = b"\r\n" if raw[:command].endswith(b"\r\n" + indent) else b"\n"
    return raw[:start] + indent + line + newline + raw[start:]


@PROPS
@given(
    front=st.lists(st.sampled_from(["name: qa", "# c", "tools: Read"]), unique=True),
    offset=st.sampled_from(["", "  ", "    "]),
    newline=st.sampled_from(["\n", "\r\n"]),
    healed=entries,
)
@example(front=["name: qa"], offset="", newline="\n", healed={"command": "npx", "args": ["y"]})
def test_a_key_someone_added_inside_aidos_item_keeps_its_comment(
    front: list[str], offset: str, newline: str, healed: dict[str, Any]
) -> None:
    """Issue 51: `x-note: keep  # mine` inside aido's agent item survives a heal byte for
    byte (the item is edited key by key like a map's entry), and destroy gives the original
    bytes back."""
    lines = [*front, "mcpServers:", f"{offset}- github  # shared", "model: sonnet"]
    raw = agent_file(lines, ["body", "---"], newline, True)
    applied = _apply(raw)
    tuned = _hand_key(applied, "playwright", b"x-note: keep  # mine")
    assert _doc(tuned).get_map(ITEMS) == {"playwright": {**ENTRY, "x-note": "keep"}}
    doc = _doc(tuned)
    doc.update_entry(ITEMS, "playwright", healed, ("x-note",))
    fixed = doc.render()
    assert b"x-note: keep  # mine" + newline.encode() in fixed
    assert _doc(fixed).get_map(ITEMS) == {"playwright": {**healed, "x-note": "keep"}}
    again = _doc(fixed)
    again.update_entry(ITEMS, "playwright", healed, ("x-note",))
    assert again.render() == fixed
    assert _destroy(fixed) == raw
