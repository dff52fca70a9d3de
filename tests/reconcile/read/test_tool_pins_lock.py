"""Tool pins in `aido.lock` (issue 53): read and written beside the entries, old locks still
valid, and nothing but `aido upgrade --tools` moves them (plan and apply carry them)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aidokit.reconcile.cli.main import main
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.read.choices import tool_pins
from aidokit.reconcile.read.choices.lockfile import Lock, parse_lock, render_lock
from aidokit.reconcile.read.choices.tool_pins import (
    FOLD_ABOVE,
    changes,
    definition,
    flags,
    kind,
    pin_of,
    shown,
)

LOCK = Path("/project/aido.lock")


def tool(name: str, description: str = "Does it.", **extra: Any) -> dict[str, Any]:
    return definition({"name": name, "description": description,
                       "inputSchema": {"type": "object"}, **extra})  # fmt: skip


def test_a_lock_with_tool_pins_round_trips_and_one_without_keeps_its_bytes() -> None:
    """Format 3 when pins are kept (a line per tool), format 2 bytes when none."""
    pin = pin_of([tool("echo"), tool("add")], "srv 1.0")
    lock = Lock({}, {}, {"srv": {"npm:srv@1.0.0": pin}})
    text = render_lock(lock)
    assert json.loads(text)["format_version"] == 3
    assert parse_lock(text.encode(), LOCK) == lock
    assert '"add": {"annotations": ' in text  # one line per tool: a moved pin diffs per tool
    plain = render_lock(Lock())
    assert json.loads(plain)["format_version"] == 2 and "tools" not in plain


def test_a_hand_edited_count_is_an_error_naming_the_pin() -> None:
    text = render_lock(Lock({}, {}, {"srv": {"command:srv": pin_of([tool("a")], "s")}}))
    edited = text.replace('"count": 1', '"count": 2')
    with pytest.raises(ConfigError, match="tool pin 'srv' 'command:srv' lists 1 tools but says 2"):
        parse_lock(edited.encode(), LOCK)


def test_a_server_past_the_fold_keeps_count_and_digest_only() -> None:
    many = [tool(f"t{n}") for n in range(FOLD_ABOVE + 1)]
    pin = pin_of(many, "big")
    assert pin.tools is None and pin.total == FOLD_ABOVE + 1
    assert len(render_lock(Lock({}, {}, {"big": {"command:big": pin}}))) < 400
    # Without the old list kept, a change is still caught by the digest.
    assert changes(pin, many[:-1]) == [tool_pins.ToolChange("*", "changed", ("digest",))]


def test_plan_and_apply_carry_the_tool_pins(tmp_path: Path) -> None:
    """apply and upgrade rewrite the lock's entries; the tool pins stay as they are."""
    project = tmp_path / "proj"
    project.mkdir()
    (project / "aido.toml").write_text('adapters = ["claude-code"]\n', "utf-8")
    pin = pin_of([tool("echo")], "srv 1.0")
    (project / "aido.lock").write_text(render_lock(Lock({}, {}, {"srv": {"command:x": pin}})))
    assert main(["apply", "--yes", "--project", str(project)]) == 0
    after = parse_lock((project / "aido.lock").read_bytes(), project / "aido.lock")
    assert after.entries and after.tools == {"srv": {"command:x": pin}}
    assert main(["upgrade", "--yes", "--project", str(project)]) == 0  # the catalog's pins
    assert parse_lock((project / "aido.lock").read_bytes(), project / "aido.lock") == after
    # The lock aido wrote, pins and entries, matches its JSON Schema (folded pins too).
    import jsonschema

    big = pin_of([tool(f"t{n}") for n in range(FOLD_ABOVE + 1)], "big 2")
    text = render_lock(Lock(after.entries, after.baselines, {**after.tools, "big": {"url:x": big}}))
    schema = json.loads(
        (Path(__file__).parents[3] / "docs/schemas/aido-lock.schema.json").read_text()
    )
    jsonschema.validate(json.loads(text), schema)


def test_each_part_is_told_apart() -> None:
    pin = pin_of([tool("a"), tool("b"), tool("c")], "s")
    now = [
        tool("a", "Does more."),
        tool("b", inputSchema={"type": "object", "properties": {"x": {"type": "string"}}}),
        tool("c", annotations={"destructiveHint": True}),
        tool("d"),
    ]
    found = {c.tool: (c.change, c.parts) for c in changes(pin, now)}
    assert found == {"a": ("changed", ("description",)), "b": ("changed", ("schema",)),
                     "c": ("changed", ("annotations",)), "d": ("added", ())}  # fmt: skip


HIDDEN = st.one_of(
    st.sampled_from("\u200b\u200c\u200d\u2060\ufeff\u202a\u202b\u202c\u202d\u202e\u2066\u2067"
                    "\u2068\u2069\u200e\u200f\u061c\x00\x07\x1b\x7f\x85\ufe0f"),
    st.integers(0xE0000, 0xE007F).map(chr),
)  # fmt: skip
VISIBLE = st.text(st.characters(categories=("L", "N", "P", "Zs")), max_size=40)


@settings(max_examples=200, deadline=None)
@given(before=VISIBLE, char=HIDDEN, after=VISIBLE, where=st.sampled_from(["d", "s", "a"]))
def test_any_hidden_character_anywhere_is_flagged_and_shown_escaped(
    before: str, char: str, after: str, where: str
) -> None:
    """A bidi, zero-width, tag, variation or control character anywhere in a definition is
    flagged with its tool and place; the shown text never carries it."""
    text = before + char + after
    item = {
        "d": tool("t", text),
        "s": tool("t", inputSchema={"properties": {"p": {"description": text}}}),
        "a": tool("t", annotations={"title": text}),
    }[where]
    (flag,) = [f for f in flags([item]) if f.what == "hidden"]
    place = {"d": "description", "s": "inputSchema.properties.p.description",
             "a": "annotations.title"}[where]  # fmt: skip
    assert (flag.tool, flag.where) == ("t", place) and f"U+{ord(char):04X}" in flag.detail
    assert kind(char) is not None and char not in shown(text)


@settings(max_examples=100, deadline=None)
@given(texts=st.lists(VISIBLE, min_size=1, max_size=5))
def test_visible_text_is_never_flagged(texts: list[str]) -> None:
    items = [tool(f"t{n}", text + "\nsecond line\twith a tab") for n, text in enumerate(texts)]
    assert flags(items) == []


def test_oversized_descriptions() -> None:
    """Over 2,000 characters and 5x the median of the server's descriptions; alone, 8,000."""
    normal = [tool(f"t{n}", "x" * 100) for n in range(4)]
    (flag,) = flags([*normal, tool("big", "y" * 2500)])
    assert (flag.tool, flag.what) == ("big", "oversized") and "2,500 characters" in flag.detail
    assert flags([*[tool(f"t{n}", "x" * 600) for n in range(4)], tool("ok", "y" * 2500)]) == []
    assert flags([tool("alone", "z" * 5000)]) == []
    assert [f.what for f in flags([tool("alone", "z" * 9000)])] == ["oversized"]


def test_a_moved_pin_shows_in_the_locks_diff_as_the_tool_that_moved() -> None:
    """A pull request that moves a pin shows which tool moved: the lines of the lock that
    differ are those tools' lines and the pin's count, digest and server."""
    import difflib

    before = [tool(f"t{n}") for n in range(30)]
    after = [*before[:7], tool("t7", "Now also deletes files."), *before[8:], tool("t99")]
    old = render_lock(Lock({}, {}, {"srv": {"command:srv": pin_of(before, "srv 1.0")}}))
    new = render_lock(Lock({}, {}, {"srv": {"command:srv": pin_of(after, "srv 1.1")}}))
    moved = [
        line[1:].strip().split(":")[0]
        for line in difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]
    # t9 was the last line and gains a comma before the new t99.
    assert sorted(set(moved)) == ['"count"', '"digest"', '"server"', '"t7"', '"t9"', '"t99"']
