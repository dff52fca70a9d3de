"""Property tests: YAML entry edits keep comments, order and the user's entries byte for byte."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from edit_ops import apply_twice, edits, model_op
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st
from ruamel.yaml import YAML

from aidokit.reconcile.documents import Document, Format
from tests.fuzz import fuzz_settings

PATH = Path("/nowhere/config.yaml")
KEY_PATH = ("extensions",)
NAMES = ["alpha", "beta-2", "my.server", "ünï", "a b", "x/y", 'q"uote', "true", "-x"]
# No line or paragraph separators: YAML 1.1 readers (ruamel) count them as line breaks.
chars = st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Cn", "Zl", "Zp"))
small_text = st.text(chars, max_size=6)
entries = st.fixed_dictionaries(
    {"enabled": st.booleans(), "type": st.just("stdio"), "cmd": small_text},
    optional={
        "args": st.lists(small_text, max_size=3),
        "envs": st.dictionaries(st.sampled_from(["TOKEN", "HOME", "ÿ"]), small_text, max_size=2),
        "timeout": st.integers(0, 600),
    },
)
SETTINGS = fuzz_settings(150, HealthCheck.too_slow)


def _scalar(value: Any) -> str:
    """Render a scalar as YAML (strings double-quoted, JSON-compatible)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


def _entry_lines(entry: dict[str, Any], pad: str, step: str, dash: str) -> list[str]:
    """Render one entry's body in block style, the way a user or Goose might."""
    lines = []
    for key, value in entry.items():
        if isinstance(value, list):
            lines += [f"{pad}{key}: []"] if not value else [f"{pad}{key}:"]
            lines += [f"{pad}{dash}- {_scalar(v)}" for v in value]
        elif isinstance(value, dict):
            lines += [f"{pad}{key}: {{}}"] if not value else [f"{pad}{key}:"]
            lines += [f"{pad}{step}{_scalar(k)}: {_scalar(v)}" for k, v in value.items()]
        else:
            lines.append(f"{pad}{key}: {_scalar(value)}")
    return lines


@st.composite
def documents(draw: Any, *, with_map: bool | None = None) -> Any:
    """Draw a Goose-like config.yaml: text, value, lines that must survive, entry blocks."""
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    step = " " * draw(st.sampled_from([2, 4]))
    dash = draw(st.sampled_from(["", "  "]))
    comment = st.text(chars, max_size=8)
    preamble = f"# {draw(comment)}{nl}GOOSE_PROVIDER: anthropic  # {draw(comment)}{nl}"
    least = 1 if with_map else 0
    servers = draw(st.dictionaries(st.sampled_from(NAMES), entries, min_size=least, max_size=3))
    has_map = with_map or (with_map is None and draw(st.booleans()))
    blocks: dict[str, str] = {}
    for name, entry in servers.items():
        head = f"{step}{_scalar(name)}:" + (f"  # {draw(comment)}" if draw(st.booleans()) else "")
        body = _entry_lines(entry, step * 2, step, dash)
        blocks[name] = nl.join([head, *body]) + nl
    if not has_map:
        servers, blocks, body = {}, {}, ""
    else:
        body = f"extensions:{nl}" + "".join(blocks.values()) if servers else "extensions: {}" + nl
    # A new `extensions` goes after the last key, so the trailing comment is kept apart.
    trailer = [f"GOOSE_MODEL: claude-sonnet-4{nl}", f"# {draw(comment)}{nl}"]
    text = preamble + body + "".join(trailer)
    value = YAML(typ="safe", pure=True).load(text)
    return text, value, [preamble, *trailer], blocks


@given(data=st.data(), ops=edits(NAMES, entries))
@SETTINGS
def test_yaml_edits_give_expected_value_and_keep_user_entries(
    data: st.DataObject, ops: list[tuple[str, str, Any]]
) -> None:
    """Random edits parse to the model; comments, other keys and untouched entries stay."""
    text, value, kept, blocks = data.draw(documents())
    doc = Document(PATH, Format.YAML, text.encode())
    expected = copy.deepcopy(value)
    apply_twice(doc, KEY_PATH, ops, lambda op: model_op(expected, "extensions", op))
    out = doc.render().decode()
    assert YAML(typ="safe", pure=True).load(out) == expected
    assert doc.value == expected
    touched = {name for _, name, _ in ops}
    kept += [block for name, block in blocks.items() if name not in touched]
    for block in kept:
        assert block in out


@given(data=st.data(), entry=entries)
@SETTINGS
def test_yaml_delete_after_add_restores_bytes(data: st.DataObject, entry: dict[str, Any]) -> None:
    """Adding a new entry to an existing map and deleting it restores the file exactly."""
    text, value, _, blocks = data.draw(documents(with_map=True))
    name = data.draw(st.sampled_from([n for n in NAMES if n not in blocks]))
    doc = Document(PATH, Format.YAML, text.encode())
    doc.set_entry(KEY_PATH, name, entry)
    assert doc.get_map(KEY_PATH) == {**value["extensions"], name: entry}
    doc.delete_entry(KEY_PATH, name)
    assert doc.render() == text.encode()


@given(data=st.data(), entry=entries)
@SETTINGS
def test_yaml_bytes_outside_the_edited_entry_never_change(
    data: st.DataObject, entry: dict[str, Any]
) -> None:
    """Replacing one entry changes only that entry's lines: the prefix and suffix are kept."""
    text, _, _, blocks = data.draw(documents(with_map=True))
    name = data.draw(st.sampled_from(sorted(blocks)))
    doc = Document(PATH, Format.YAML, text.encode())
    doc.set_entry(KEY_PATH, name, entry)
    out = doc.render().decode()
    head = text.index(blocks[name])
    tail = head + len(blocks[name])
    assert doc.get_map(KEY_PATH)[name] == entry
    assert out.startswith(text[:head])
    assert out.endswith(text[tail:])


@given(data=st.data(), new=st.dictionaries(st.sampled_from(NAMES), entries, min_size=1, max_size=2))
@example(data=None, new={"github": {"enabled": True, "type": "stdio", "cmd": "npx"}})
@SETTINGS
def test_yaml_apply_then_destroy_gives_back_a_file_with_or_without_the_map(
    data: st.DataObject | None, new: dict[str, Any]
) -> None:
    """Fresh reads as apply and destroy make them: a map aido added goes again (issue 14)."""
    if data is None:
        text = "# Goose\nGOOSE_MODEL: gpt-4o  # mine\n"
    else:
        text, _, _, blocks = data.draw(documents())
        new = {name: entry for name, entry in new.items() if name not in blocks}
    origin = Document(PATH, Format.YAML, text.encode()).origin(KEY_PATH)
    applied = Document(PATH, Format.YAML, text.encode())
    for name, entry in new.items():
        applied.set_entry(KEY_PATH, name, entry)
    destroyed = Document(PATH, Format.YAML, applied.render())
    destroyed.restore(KEY_PATH, origin)
    for name in new:
        destroyed.delete_entry(KEY_PATH, name)
    assert destroyed.render() == text.encode()
