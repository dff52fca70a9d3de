"""JSONC trailing commas are the file's, per container as the person wrote them (issue 51).

A container whose last member ends with `,` gets aido's entry with a trailing comma too; one
whose last member does not gets a separator after it and aido's entry without one. Removing
aido's entries (a plan's `remove`, or `aido destroy`) then takes back exactly what was added:
the person's last entry never keeps a `,` it did not have, nor loses one it had.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docgen_json import strip_jsonc
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

from aidokit.reconcile.documents import Document, Format
from tests.fuzz import fuzz_settings

PATH = Path("/nowhere/mcp.json")
SERVERS = ("servers",)
ONE = {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]}
TWO = {"url": "https://mcp.context7.com/mcp", "headers": {"K": "${K}"}}
CHANGED = {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2"]}
MINIMAL = b"""{
  "servers": {
    "a": {
      "command": "x",
      "args": [
        "y",
      ]
    }
  }
}
"""


def _step(raw: bytes, *edits: tuple[str, Any]) -> bytes:
    """One apply on a fresh read of `raw`: (name, entry, or None to remove) edits."""
    doc = Document(PATH, Format.JSONC, raw)
    for name, entry in edits:
        if entry is None:
            doc.delete_entry(SERVERS, name)
        else:
            doc.set_entry(SERVERS, name, entry)
    return doc.render()


def _round_trip(raw: bytes) -> None:
    """Add one, add a second, change one, remove one, destroy: back to `raw` byte for byte,
    and the person's entries parse as they were after every step."""
    person = strip_jsonc(raw)
    theirs = dict(person["servers"])
    steps = [
        (("aido-github", ONE),),
        (("aido-context7", TWO),),
        (("aido-github", CHANGED),),
        (("aido-context7", None),),
        (("aido-github", None),),
    ]
    now = raw
    for edits in steps:
        now = _step(now, *edits)
        value = strip_jsonc(now)
        assert {k: v for k, v in value["servers"].items() if not k.startswith("aido-")} == theirs
        assert {k: v for k, v in value.items() if k != "servers"} == {
            k: v for k, v in person.items() if k != "servers"
        }
    assert now == raw
    both = _step(raw, ("aido-github", ONE), ("aido-context7", TWO))
    assert _step(both, ("aido-github", None), ("aido-context7", None)) == raw
    assert _step(_step(both, ("aido-github", None)), ("aido-context7", None)) == raw


def test_the_persons_last_entry_keeps_no_comma_after_apply_and_destroy() -> None:
    """The issue's minimal case: a trailing comma in `args` only; apply one server, destroy."""
    added = _step(MINIMAL, ("aido-github", ONE))
    assert b'      ]\n    },\n    "aido-github": {' in added
    assert not added.rstrip().endswith(b"},\n  }\n}")  # the new entry takes no trailing comma
    assert _step(added, ("aido-github", None)) == MINIMAL
    _round_trip(MINIMAL)


def test_a_container_with_a_trailing_comma_gets_aidos_entry_with_one() -> None:
    """`"a": {...},` last in its map: aido's entry follows it and ends `,` too."""
    raw = MINIMAL.replace(b"    }\n  }\n}", b"    },\n  }\n}")
    added = _step(raw, ("aido-github", ONE))
    assert added.endswith(b"    },\n  }\n}\n")
    assert _step(added, ("aido-github", None)) == raw
    _round_trip(raw)


# A generated JSONC file: every object and array independently with or without a trailing
# comma after its last member, and comment lines between members where drawn.
_comma = st.booleans()
_comment = st.sampled_from(["", "// note", "/* block */"])


@st.composite
def _array(draw: st.DrawFn, indent: str) -> str:
    items = draw(st.lists(st.sampled_from(['"-y"', '"pkg"', '"--flag"', "1"]), max_size=3))
    if not items:
        return "[]"
    inner = indent + "  "
    body = (",\n" + inner).join(items)
    return "[\n" + inner + body + ("," if draw(_comma) else "") + "\n" + indent + "]"


@st.composite
def _object(draw: st.DrawFn, members: list[tuple[str, str]], indent: str) -> str:
    """An object of already rendered members, with its own trailing comma and comments."""
    if not members:
        return "{}"
    inner = indent + "  "
    lines = []
    for index, (key, value) in enumerate(members):
        comment = draw(_comment)
        if comment:
            lines.append(inner + comment + "\n")
        last = index == len(members) - 1
        comma = "," if not last or draw(_comma) else ""
        lines.append(inner + f'"{key}": {value}{comma}\n')
    if draw(_comment) == "// note":
        lines.append(inner + "// the end\n")
    return "{\n" + "".join(lines) + indent + "}"


@st.composite
def _entry(draw: st.DrawFn, indent: str) -> str:
    inner = indent + "  "
    members = [("command", '"node"'), ("args", draw(_array(inner)))]
    if draw(st.booleans()):
        members.append(("env", draw(_object([("TOKEN", '"${TOKEN}"')], inner))))
    return draw(_object(members, indent))


@st.composite
def jsonc_files(draw: st.DrawFn) -> bytes:
    """A person's `.vscode/mcp.json`-like file with trailing commas where drawn."""
    names = draw(st.lists(st.sampled_from(["a", "b", "memory", "git"]), unique=True, max_size=3))
    servers = draw(_object([(name, draw(_entry("    "))) for name in names], "  "))
    top = [("servers", servers)]
    if draw(st.booleans()):
        top.insert(0, ("inputs", draw(_array("  "))))
    if draw(st.booleans()):
        top.append(("editor.tabSize", "2"))
    return (draw(_object(top, "")) + "\n").encode()


@given(raw=jsonc_files())
@example(raw=MINIMAL)
@example(raw=b'{\n  "servers": {\n    "a": {\n      "command": "x",\n    },\n  },\n}\n')
@example(raw=b'{\n  "servers": {\n    "a": {"command": "x"}\n    // the end\n  },\n}\n')
@fuzz_settings(200, HealthCheck.too_slow)
def test_every_trailing_comma_layout_round_trips_byte_for_byte(raw: bytes) -> None:
    """Add, update, remove, destroy over every mix of trailing commas: the original bytes."""
    _round_trip(raw)
