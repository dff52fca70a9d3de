"""YAML lists of plain items (Claude Code agents' `disallowedTools`) edited item by item.

A path ending in ITEMS addresses a list as the map of its items by `item_key`: aido adds
its own `mcp__...` strings and removes exactly those; the user's items, their quoting and
comments stay byte for byte, and a list aido created goes again with its last item. The
property runs derandomized in CI over generated frontmatter with comments, LF or CRLF,
bodies holding `---`, block lists (either sequence indentation), one-line and multi-line
flow lists, `[]`, and no list at all.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

from aidokit.adapters.base import ITEMS
from aidokit.reconcile.core.errors import DocumentError
from aidokit.reconcile.documents import Document, Format
from tests.fuzz import fuzz_settings
from tests.reconcile.documents.test_documents_frontmatter import (
    agent_file,
    comment,
    endings,
    words,
)

PATH = Path("/nowhere/.claude/agents/qa.md")
DENY = ("disallowedTools", ITEMS)
PROPS = fuzz_settings(150, HealthCheck.too_slow)
MINE = "mcp__playwright__browser_install"


def _doc(raw: bytes, fmt: Format = Format.MARKDOWN) -> Document:
    return Document(PATH, fmt, raw)


def _add(raw: bytes, *names: str) -> bytes:
    doc = _doc(raw)
    for name in names:
        doc.set_entry(DENY, name, name)
    return doc.render()


def _remove(raw: bytes, *names: str) -> bytes:
    doc = _doc(raw)
    for name in names:
        doc.delete_entry(DENY, name)
    return doc.render()


def test_a_missing_list_is_created_and_goes_again() -> None:
    """No `disallowedTools`: aido writes a block list, and its last item takes it away."""
    raw = b"---\r\nname: qa\r\n---\r\nBody\r\n---\r\n"
    applied = _add(raw, MINE, "mcp__github")
    assert applied == (
        b"---\r\nname: qa\r\ndisallowedTools:\r\n- mcp__playwright__browser_install\r\n"
        b"- mcp__github\r\n---\r\nBody\r\n---\r\n"
    )
    assert _doc(applied).get_map(DENY) == {MINE: MINE, "mcp__github": "mcp__github"}
    assert _remove(applied, MINE, "mcp__github") == raw


def test_block_list_keeps_the_users_items_and_comments() -> None:
    """aido's item follows the last one at the items' column; the user's stay as written."""
    raw = b"---\nname: qa\ndisallowedTools:  # mine\n    - Bash  # no shell\n    - 'Write'\n---\n"
    applied = _add(raw, MINE)
    assert applied == raw[:-4] + b"    - " + MINE.encode() + b"\n---\n"
    assert _doc(applied).get_map(DENY) == {"Bash": "Bash", "Write": "Write", MINE: MINE}
    assert _remove(applied, MINE) == raw


@pytest.mark.parametrize(
    "flow", [b"[]", b"[ ]", b"[Bash]", b"[Bash, 'Write',]", b'[\n  Bash,\n  "Write"\n  ]']
)
def test_flow_list_gets_a_flow_item_and_loses_exactly_it(flow: bytes) -> None:
    """A flow list stays flow, a user's `[]` stays `[]` once aido's items go."""
    raw = b"---\nname: qa\ndisallowedTools: " + flow + b"  # keep\n---\nbody\n"
    applied = _add(raw, MINE, "mcp__github")
    assert b"mcp__playwright__browser_install, mcp__github" in applied
    assert _remove(applied, "mcp__github", MINE) == raw


def test_the_users_own_items_are_never_removed() -> None:
    """Only the name asked for goes; an item already there is not added twice."""
    raw = b"---\ndisallowedTools:\n  - mcp__github\n  - Bash\n---\n"
    assert _add(raw, "mcp__github") == raw
    assert _remove(raw, "Read", "mcp__other") == raw
    assert _remove(_add(raw, MINE), MINE) == raw


def test_the_users_last_item_leaves_an_empty_list_when_a_comment_would_go() -> None:
    """Removing the only item under a commented key keeps the key (and comment) as `[]`."""
    raw = b"---\ndisallowedTools:  # mine\n  - " + MINE.encode() + b"\n---\n"
    assert _remove(raw, MINE) == b"---\ndisallowedTools: []  # mine\n---\n"


def test_plain_yaml_files_take_string_items_too() -> None:
    """The same addressing works in a YAML file, at any depth; TOML refuses it."""
    doc = _doc(b"a:\n  b: 1\n", Format.YAML)
    doc.set_entry(("a", "deny", ITEMS), "x", "x")
    assert doc.render() == b"a:\n  b: 1\n  deny:\n  - x\n"
    doc.delete_entry(("a", "deny", ITEMS), "x")
    assert doc.render() == b"a:\n  b: 1\n"
    with pytest.raises(TypeError):
        Document(PATH, Format.TOML, b"").get_map(("a", ITEMS))


@pytest.mark.parametrize(
    ("front", "reason"),
    [
        (b"disallowedTools: Bash, Write", '"disallowedTools" must be a list, not a string'),
        (b"disallowedTools:", "must be a list, not null"),
        (b"disallowedTools: {Bash: x}", "must be a list, not a mapping"),
        (b"disallowedTools: &d\n  - Bash", "has an anchor"),
        (b"x: &e Bash\ndisallowedTools:\n  - *e", "anchor or alias"),
        (b"disallowedTools:\n  -\n    Bash", "does not start on its `-` line"),
        (
            b"disallowedTools: [Bash, # why\n  " + MINE.encode() + b"]",
            "the comment next to it",
        ),
    ],
)
def test_lists_aido_cannot_edit_are_refused(front: bytes, reason: str) -> None:
    """One error naming the file, the line and the reason; the file is not edited."""
    raw = b"---\nname: qa\n" + front + b"\n---\nbody\n"
    with pytest.raises(DocumentError) as info:
        _remove(raw, MINE)
        _add(raw, "mcp__other")
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
    words, st.just("---"), st.just("disallowedTools: []"), st.just("- item"), st.just("")
)
# (kind, word): a plain, quoted, commented or `mcp__` string item, or a comment line
user_item = st.tuples(
    st.sampled_from(["plain", "single", "double", "noted", "mcp", "comment"]), words
)
shapes = st.sampled_from(["none", "block0", "block2", "flow", "flow-lines", "empty"])
aidos = st.lists(
    st.builds(
        lambda s, t: f"mcp__{s}__{t}" if t else f"mcp__{s}", words, st.one_of(st.just(""), words)
    ),
    min_size=1,
    max_size=4,
    unique=True,
)


def _text(kind: str, word: str) -> str:
    return {"single": f"'u{word}'", "double": f'"u{word}"', "mcp": f"mcp__u{word}"}.get(
        kind, f"u{word}"
    )


def _list_lines(shape: str, items: list[tuple[str, str]]) -> list[str]:
    """The `disallowedTools` lines for a shape."""
    real = [i for i in items if i[0] != "comment"]
    if shape == "none" or (shape.startswith("block") and not real):
        return []
    if shape == "empty":
        return ["disallowedTools: []"]
    if shape == "flow":
        return ["disallowedTools: [" + ", ".join(_text(*i) for i in real) + "]  # flow"]
    if shape == "flow-lines":
        return ["disallowedTools: [", *(f"  {_text(*i)}," for i in real), "  ]"]
    pad = "  " if shape == "block2" else ""
    lines = ["disallowedTools:  # deny"]
    for kind, word in items:
        if kind == "comment":
            lines.append(f"{pad}# {word}")
        else:
            lines.append(f"{pad}- {_text(kind, word)}" + ("  # why" if kind == "noted" else ""))
    return lines


@PROPS
@given(
    front=front_lines,
    at=st.integers(0, 4),
    shape=shapes,
    items=st.lists(user_item, max_size=4),
    body=st.lists(body_line, max_size=5),
    **endings,
    new=aidos,
    order=st.randoms(use_true_random=False),
)
@example(
    front=["# c", "name: qa"],
    at=1,
    shape="block2",
    items=[("noted", "Bash"), ("comment", "x"), ("mcp", "github")],
    body=["---", "x"],
    newline="\r\n",
    final=False,
    new=["mcp__playwright__browser_install", "mcp__github"],
    order=random.Random(0),
)
def test_apply_then_destroy_gives_back_the_bytes(
    front: list[str],
    at: int,
    shape: str,
    items: list[tuple[str, str]],
    body: list[str],
    newline: str,
    final: bool,
    new: list[str],
    order: random.Random,
) -> None:
    """Adding aido's items then removing them (in any order) gives back the file's bytes;
    the user's items, in their order, and the body never change; adding twice is a no-op."""
    lines = [*front[:at], *_list_lines(shape, items), *front[at:]]
    raw = agent_file(lines, body, newline, final)
    tail = raw[raw.index(b"---", 3) :]
    users = _doc(raw).value.get("disallowedTools") or []
    applied = _add(raw, *new)
    assert applied.endswith(tail)
    value = _doc(applied).value["disallowedTools"]
    assert value == [*users, *(n for n in new if n not in users)]
    assert _add(applied, *new) == applied
    gone = list(new)
    order.shuffle(gone)
    assert _remove(applied, *(n for n in gone if n not in users)) == raw
