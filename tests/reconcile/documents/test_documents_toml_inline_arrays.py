"""Mistral Vibe's servers written as one inline array (`mcp_servers = [ {...}, ... ]`) are
edited in place, element by element (issue 51): aido's element goes after the last one in
the array's own layout and trailing-comma style, a changed one is replaced where it is, and
removing aido's elements gives back the person's bytes exactly."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

from aidokit.reconcile.core.errors import DocumentError
from aidokit.reconcile.documents import NAMED_TABLES, Document, Format
from tests.fuzz import fuzz_settings

PATH = Path("/nowhere/config.toml")
KEY_PATH = ("mcp_servers", NAMED_TABLES)
ONE = {
    "transport": "stdio",
    "command": "npx",
    "args": ["-y", "@modelcontextprotocol/server-github"],
}
TWO = {"transport": "streamable-http", "url": "https://mcp.context7.com/mcp"}
CHANGED = {**ONE, "args": ["-y", "@modelcontextprotocol/server-github@2"]}
REFUSED = "inline array"  # the refusal this replaces named the layout so


def _step(raw: bytes, *edits: tuple[str, Any]) -> bytes:
    doc = Document(PATH, Format.TOML, raw)
    for name, entry in edits:
        if entry is None:
            doc.delete_entry(KEY_PATH, name)
        else:
            doc.set_entry(KEY_PATH, name, entry)
    return doc.render()


def _theirs(raw: bytes) -> list[Any]:
    value = tomllib.loads(raw.decode("utf-8-sig"))
    return [i for i in value.get("mcp_servers", []) if not i["name"].startswith("aido-")]


def round_trip(raw: bytes) -> None:
    """Add one, add a second, change one, remove one, destroy: the original bytes, and the
    person's elements (in order) after every step."""
    theirs = _theirs(raw)
    rest = {k: v for k, v in tomllib.loads(raw.decode("utf-8-sig")).items() if k != "mcp_servers"}
    now = raw
    for edits in (
        (("aido-github", ONE),),
        (("aido-context7", TWO),),
        (("aido-github", CHANGED),),
        (("aido-context7", None),),
        (("aido-github", None),),
    ):
        now = _step(now, *edits)
        assert _theirs(now) == theirs
        value = tomllib.loads(now.decode("utf-8-sig"))
        assert {k: v for k, v in value.items() if k != "mcp_servers"} == rest
    assert now == raw
    both = _step(raw, ("aido-github", ONE), ("aido-context7", TWO))
    assert _step(both, ("aido-github", None), ("aido-context7", None)) == raw
    assert _step(both, ("aido-context7", None), ("aido-github", None)) == raw


VIBE = b"""active_model = "devstral-medium"

mcp_servers = [
  { name = "fetch", transport = "stdio", command = "uvx", args = ["mcp-server-fetch"] },
  { name = "docs", transport = "http", url = "https://example.com/mcp" }, # team docs
]

[tools.bash]
permission = "ask"
"""


def test_a_valid_inline_array_takes_aidos_element_in_its_own_layout() -> None:
    """The issue's case: the file was refused; now aido's element follows the last one."""
    added = _step(VIBE, ("aido-github", ONE))
    assert b'# team docs\n  { name = "aido-github", transport = "stdio", command = "npx"' in added
    assert b'server-github"] },\n]\n' in added  # the array's trailing comma style
    assert _step(added, ("aido-github", None)) == VIBE
    round_trip(VIBE)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('mcp_servers = [{name = "a"}, {name = "b"}, "c"]\n', "must be an array of tables"),
        ('mcp_servers = [{name = "a"}, {name = "a"}]\n', "two elements"),
    ],
)
def test_inline_arrays_aido_cannot_edit_by_element_are_refused(text: str, problem: str) -> None:
    """Not an array of inline tables, or a name two share: refused naming why and the way out."""
    doc = Document(PATH, Format.TOML, text.encode())
    with pytest.raises(DocumentError, match=problem) as caught:
        doc.set_entry(KEY_PATH, "a", {"transport": "stdio", "command": "z"})
    message = str(caught.value)
    assert str(PATH) in message
    assert "leave this file out" in message or "fix it by hand" in message
    assert doc.render() == text.encode()


_element = st.sampled_from(
    [
        '{ name = "fetch", transport = "stdio", command = "uvx", args = ["mcp-server-fetch"] }',
        '{name = "git", transport = "stdio", command = "uvx mcp-server-git", env = {A = "b"}}',
        '{ name = \'docs\', transport = "http", url = "https://example.com/mcp" }',
        '{name="x",transport="streamable-http",url="http://localhost:8000/mcp"}',
    ]
)


@st.composite
def vibe_files(draw: st.DrawFn) -> bytes:
    """A Vibe config.toml whose `mcp_servers` is an inline array: one line or one element
    per line, a trailing comma or not, comments, CRLF, tables before and after."""
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    names = draw(st.lists(st.integers(0, 3), unique=True, max_size=3))
    items = [draw(_element).replace('"fetch"', f'"p{i}"', 1) for i in names]
    items = [
        item.replace("name = 'docs'", f"name = 'd{i}'").replace('"git"', f'"g{i}"')
        for i, item in enumerate(items)
    ]
    items = [item.replace('name="x"', f'name="x{i}"') for i, item in enumerate(items)]
    trailing = bool(items) and draw(st.booleans())
    if draw(st.booleans()):  # one element per line
        indent = draw(st.sampled_from(["  ", "    ", "\t"]))
        lines = []
        for index, item in enumerate(items):
            if draw(st.booleans()):
                lines.append(f"{indent}# about it{nl}")
            comma = "," if index < len(items) - 1 or trailing else ""
            note = draw(st.sampled_from(["", "  # mine", " #"]))
            lines.append(f"{indent}{item}{comma}{note}{nl}")
        if draw(st.booleans()):
            lines.append(f"{indent}# the end{nl}")
        head = draw(st.sampled_from(["[", "[ # servers"]))
        array = head + nl + "".join(lines) + "]"
    else:
        array = "[" + ", ".join(items) + ("," if trailing else "") + "]"
    before = draw(st.sampled_from(["", f'active_model = "devstral"{nl}{nl}', f"# vibe{nl}"]))
    after = draw(st.sampled_from(["", f'{nl}[tools.bash]{nl}permission = "ask"{nl}']))
    text = f"{before}mcp_servers = {array}{nl}{after}"
    return text.encode()


@given(raw=vibe_files())
@example(raw=VIBE)
@example(raw=b"mcp_servers = []\n")
@example(raw=b"mcp_servers = [\r\n]\r\n")
@example(raw=b'mcp_servers = [{name = "a", command = "x"},]')
@example(raw=b'mcp_servers = [\n  {name = "a", command = "x"}]\n')
@fuzz_settings(200, HealthCheck.too_slow)
def test_every_inline_array_layout_round_trips_byte_for_byte(raw: bytes) -> None:
    """Add, update, remove, destroy in any inline layout: the original bytes."""
    round_trip(raw)


def test_a_key_the_person_added_inside_aidos_element_keeps_its_value() -> None:
    """`disabled = true` put into aido's inline element by hand survives aido's update."""
    added = _step(VIBE, ("aido-github", ONE))
    hand = added.replace(b'name = "aido-github",', b'name = "aido-github", disabled = true,')
    doc = Document(PATH, Format.TOML, hand)
    doc.update_entry(KEY_PATH, "aido-github", CHANGED, ("disabled",))
    out = doc.render()
    (mine,) = [i for i in tomllib.loads(out.decode())["mcp_servers"] if i["name"] == "aido-github"]
    assert mine["disabled"] is True and mine["args"] == CHANGED["args"]
    assert _theirs(out) == _theirs(VIBE)
