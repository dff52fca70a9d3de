"""Property tests: edits of a TOML array of tables keyed by `name` (NAMED_TABLES, Mistral
Vibe's `[[mcp_servers]]`) change exactly aido's element and keep every other byte; an
update of aido's fields keeps the bytes of someone else's keys inside that element."""

from __future__ import annotations

import copy
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from docgen_toml import key as toml_key
from docgen_toml import value as toml_value
from edit_ops import Op, apply_twice
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from aidokit.reconcile.core.errors import DocumentError
from aidokit.reconcile.documents import NAMED_TABLES, Document, Format
from tests.fuzz import fuzz_settings

PATH = Path("/nowhere/config.toml")
ARRAY = "mcp_servers"
KEY_PATH = (ARRAY, NAMED_TABLES)
NAMES = ["alpha", "beta-2", "my_server", "ünï", "a b", 'q"uote']
small_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=6)
comment = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=8)
entries = st.fixed_dictionaries(
    {"transport": st.just("stdio"), "command": small_text},
    optional={
        "args": st.lists(small_text, max_size=3),
        "env": st.dictionaries(st.sampled_from(["TOKEN", "HOME", "ÿ"]), small_text, max_size=2),
        "disabled": st.booleans(),
        "startup_timeout_sec": st.integers(1, 600),
        "auth": st.fixed_dictionaries({"type": st.just("static"), "api_key_env": st.just("K")}),
    },
)
SETTINGS = fuzz_settings(150, HealthCheck.too_slow)


@st.composite
def element(draw: Any, name: str | None, nl: str) -> tuple[str, dict[str, Any], dict[str, str]]:
    """One `[[mcp_servers]]` element as a user writes it: comments, odd indentation, its
    env as a sub-table or inline; and the line of each key written as a pair."""
    entry = draw(entries)
    value = entry if name is None else {"name": name, **entry}
    indent = draw(st.sampled_from(["", "  ", "\t"]))
    lines, pairs = [], {}
    if draw(st.booleans()):
        lines.append(f"# {draw(comment)}{nl}")
    lines.append(f"{indent}[[{ARRAY}]]{nl}")
    sub = "env" in entry and draw(st.booleans())
    for k, v in value.items():
        if k == "env" and sub:
            continue
        tail = f"  # {draw(comment)}" if draw(st.booleans()) else ""
        pairs[k] = f"{indent}{toml_key(k)} = {toml_value(v)}{tail}"
        lines.append(pairs[k] + nl)
    if sub:
        lines.append(f"{nl}{indent}[{ARRAY}.env]{nl}")
        lines += [f"{toml_key(k)} = {toml_value(v)}{nl}" for k, v in entry["env"].items()]
    return "".join(lines), value, pairs


@st.composite
def documents(draw: Any) -> Any:
    """A Vibe-like config.toml: text, value, pieces that must survive, and its servers."""
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    preamble = f'# {draw(comment)}{nl}active_model = "devstral"  # {draw(comment)}{nl}{nl}'
    names = draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=3))
    # An element without a name is no entry: it stays where it is, byte for byte.
    slots: list[str | None] = [*names, *([None] if draw(st.booleans()) else [])]
    slots = draw(st.permutations(slots))
    pieces, items, pairs = [], [], {}
    for name in slots:
        text, value, lines = draw(element(name, nl))
        pieces.append((name, text + nl))
        items.append(value)
        if name is not None:
            pairs[name] = lines
    trailer = f'[tools.bash]{nl}permission = "ask"   # {draw(comment)}{nl}'
    where = draw(st.sampled_from(["start", "end", "middle"]))
    body = [text for _, text in pieces]
    if where == "start":
        body.insert(0, trailer + nl)
    elif where == "middle" and body:
        body.insert(len(body) // 2, trailer + nl)
    else:
        body.append(trailer)
    text = preamble + "".join(body)
    servers = {
        value["name"]: {k: v for k, v in value.items() if k != "name"}
        for value in items
        if "name" in value
    }
    return text, tomllib.loads(text), [preamble, trailer], pieces, servers, pairs


def model(value: dict[str, Any], op: Op) -> None:
    """Apply one edit to the plain value: in place, appended, or removed."""
    kind, name, entry = op
    items = value.setdefault(ARRAY, [])
    at = next((i for i, item in enumerate(items) if item.get("name") == name), None)
    if kind == "set":
        if at is None:
            items.append({"name": name, **entry})
        else:
            items[at] = {"name": name, **entry}
    elif at is not None:
        del items[at]
    if not items:
        del value[ARRAY]


ops = st.lists(
    st.tuples(st.sampled_from(["set", "delete"]), st.sampled_from(NAMES), entries),
    min_size=1,
    max_size=4,
)


@given(data=st.data(), ops=ops)
@SETTINGS
def test_array_edits_give_expected_value_and_keep_every_other_byte(
    data: st.DataObject, ops: list[Op]
) -> None:
    """Random edits parse to the model (order kept); comments, other tables, unnamed and
    untouched elements stay byte for byte; the same edit twice is a no-op."""
    text, value, kept, pieces, servers, _ = data.draw(documents())
    doc = Document(PATH, Format.TOML, text.encode())
    assert doc.get_map(KEY_PATH) == (servers if ARRAY in value else None)
    expected = copy.deepcopy(value)
    apply_twice(doc, KEY_PATH, ops, lambda op: model(expected, op))
    out = doc.render().decode()
    assert tomllib.loads(out) == expected
    assert doc.value == expected
    if "\r\n" in text:  # a CRLF file stays CRLF: no bare LF from new elements
        assert re.search(r"(?<!\r)\n", out) is None
    touched = {name for _, name, _ in ops}
    for piece in kept:
        assert piece.rstrip("\r\n") in out
    for name, piece in pieces:
        if name is None or name not in touched:
            assert piece.rstrip("\r\n") in out


@given(data=st.data(), entry=entries)
@SETTINGS
def test_adding_then_deleting_an_element_restores_the_bytes(
    data: st.DataObject, entry: dict[str, Any]
) -> None:
    """A new element goes after the last one; deleting it again gives the file as read."""
    text, _, _, _, servers, _ = data.draw(documents())
    name = data.draw(st.sampled_from([n for n in NAMES if n not in servers] or ["new"]))
    doc = Document(PATH, Format.TOML, text.encode())
    doc.set_entry(KEY_PATH, name, entry)
    assert doc.get_map(KEY_PATH) == {**servers, name: entry}
    assert tomllib.loads(doc.render().decode())[ARRAY][-1] == {"name": name, **entry}
    doc.delete_entry(KEY_PATH, name)
    assert doc.render() == text.encode()


@given(data=st.data())
@SETTINGS
def test_rewriting_an_element_as_it_is_changes_nothing(data: st.DataObject) -> None:
    """Writing every element back with the value it has leaves the file byte-identical."""
    text, _, _, _, servers, _ = data.draw(documents())
    doc = Document(PATH, Format.TOML, text.encode())
    for name, entry in servers.items():
        doc.set_entry(KEY_PATH, name, entry)
    assert doc.render() == text.encode()


@given(data=st.data(), entry=entries)
@SETTINGS
def test_an_update_keeps_their_keys_and_going_back_gives_the_bytes(
    data: st.DataObject, entry: dict[str, Any]
) -> None:
    """aido's fields of one element updated with someone else's keys kept: they keep their
    values, and their lines (with comments) when written as pairs; every other element
    and byte stays; writing aido's old fields back gives the file as read."""
    text, value, kept, pieces, servers, pairs = data.draw(documents())
    if not servers:
        return
    name = data.draw(st.sampled_from(sorted(servers)))
    current = servers[name]
    keep = tuple(data.draw(st.lists(st.sampled_from(sorted(current)), unique=True)))
    doc = Document(PATH, Format.TOML, text.encode())
    doc.update_entry(KEY_PATH, name, entry, keep)
    merged = {k: current[k] if k in keep else entry[k] for k in current if k in entry or k in keep}
    want = {**merged, **{k: v for k, v in entry.items() if k not in merged}}
    out = doc.render().decode()
    items = tomllib.loads(out)[ARRAY]
    assert [item.get("name") for item in items] == [item.get("name") for item in value[ARRAY]]
    assert {k: v for k, v in items[_at(items, name)].items() if k != "name"} == want
    assert doc.get_map(KEY_PATH) == {**servers, name: want}
    for piece in kept:
        assert piece.rstrip("\r\n") in out
    for other, piece in pieces:
        if other != name:
            assert piece.rstrip("\r\n") in out
    for key in keep:
        if set(current) <= set(pairs[name]):  # every field a pair: edited pair by pair
            assert pairs[name][key] in out
    aido = {k: v for k, v in current.items() if k not in keep}
    doc.update_entry(KEY_PATH, name, aido, keep)
    assert doc.render() == text.encode()


def _at(items: list[dict[str, Any]], name: str) -> int:
    return next(i for i, item in enumerate(items) if item.get("name") == name)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (
            '[[mcp_servers]]\nname = "a"\ncommand = "x"\n[[mcp_servers]]\nname = "a"\n'
            'command = "y"\n',
            "two elements",
        ),
        (
            '[[mcp_servers]]\nname = "a"\ncommand = "x"\n[other]\nk = 1\n[mcp_servers.env]\n'
            'A = "b"\n',
            "written apart",
        ),
    ],
)
def test_layouts_aido_does_not_edit_are_refused_naming_the_file(text: str, problem: str) -> None:
    """A shared name or a scattered sub-table: refused, file untouched (an inline array is
    edited in place: test_documents_toml_inline_arrays.py)."""
    doc = Document(PATH, Format.TOML, text.encode())
    with pytest.raises(DocumentError, match=problem) as caught:
        doc.set_entry(KEY_PATH, "a", {"transport": "stdio", "command": "z"})
    assert str(PATH) in str(caught.value) and "[[mcp_servers]]" in str(caught.value)
    assert doc.render() == text.encode()


def test_a_table_where_the_array_should_be_is_refused() -> None:
    """`[mcp_servers.x]` tables (Codex's shape) are no array of tables: refused, named."""
    text = '[mcp_servers.a]\ncommand = "x"\n'
    doc = Document(PATH, Format.TOML, text.encode())
    with pytest.raises(DocumentError, match="must be an array of tables"):
        doc.get_map(KEY_PATH)


def test_named_tables_only_in_toml() -> None:
    """The NAMED_TABLES step is for TOML documents, and only as the last step."""
    json_doc = Document(Path("/nowhere/x.json"), Format.JSON, b"{}")
    with pytest.raises(TypeError):
        json_doc.get_map(KEY_PATH)
    toml_doc = Document(PATH, Format.TOML, b"")
    with pytest.raises(TypeError):
        toml_doc.get_map((ARRAY, NAMED_TABLES, "x"))


def test_an_element_deleted_then_written_again_goes_after_new_ones() -> None:
    """make fuzz (3000 examples): delete alpha, add beta-2, write alpha again: the array
    reads [beta-2, alpha], the order of the edits (it read back as [alpha, beta-2])."""
    text = '[[mcp_servers]]\nname = "alpha"\ncommand = ""\n'
    doc = Document(PATH, Format.TOML, text.encode())
    doc.delete_entry(KEY_PATH, "alpha")
    doc.set_entry(KEY_PATH, "beta-2", {"command": ""})
    doc.set_entry(KEY_PATH, "alpha", {"command": ""})
    names = [item["name"] for item in tomllib.loads(doc.render().decode())[ARRAY]]
    assert names == ["beta-2", "alpha"]
