"""Property tests: TOML entry edits keep comments, order and the user's tables byte for byte."""

from __future__ import annotations

import copy
import re
import tomllib
from pathlib import Path
from typing import Any

from docgen_toml import key as toml_key
from docgen_toml import value as toml_value
from edit_ops import apply_twice, edits, model_op
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from aidokit.reconcile.documents import Document, Format
from tests.fuzz import fuzz_settings

PATH = Path("/nowhere/config.toml")
MAP_KEY = "mcp_servers"
KEY_PATH = (MAP_KEY,)
NAMES = ["alpha", "beta-2", "my.server", "ünï", "a b", "x/y", 'q"uote']
small_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=6)
entries = st.fixed_dictionaries(
    {"command": small_text},
    optional={
        "args": st.lists(small_text, max_size=3),
        "env": st.dictionaries(st.sampled_from(["TOKEN", "HOME", "ÿ"]), small_text, max_size=2),
        "enabled": st.booleans(),
        "startup_timeout_sec": st.integers(0, 600),
    },
)
SETTINGS = fuzz_settings(150, HealthCheck.too_slow)


@st.composite
def documents(draw: Any, *, with_map: bool | None = None) -> Any:
    """Draw a Codex-like config.toml: text, value, blocks that must survive, servers."""
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    comment = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=8)
    preamble = f'# {draw(comment)}{nl}model = "o3"  # {draw(comment)}{nl}{nl}'
    user = [preamble]
    parts = [preamble]
    least = 1 if with_map else 0
    servers = draw(st.dictionaries(st.sampled_from(NAMES), entries, min_size=least, max_size=3))
    if with_map is False or (with_map is None and draw(st.booleans())):
        servers = {}
    blocks: dict[str, str] = {}
    for name, entry in servers.items():
        lines = [f"[mcp_servers.{toml_key(name)}]{nl}"]
        lines += [f"{k} = {toml_value(v)}{nl}" for k, v in entry.items() if k != "env"]
        if draw(st.booleans()):
            lines.append(f"# about {draw(comment)}{nl}")
        if "env" in entry:
            lines.append(f"{nl}[mcp_servers.{toml_key(name)}.env]{nl}")
            lines += [f"{toml_key(k)} = {toml_value(v)}{nl}" for k, v in entry["env"].items()]
        blocks[name] = "".join(lines) + nl
        parts.append(blocks[name])
    trailer = f'[projects."/home/u/my.app"]{nl}trust_level = "trusted"   # {draw(comment)}{nl}'
    if draw(st.booleans()):
        parts.insert(1, trailer + nl)
    else:
        parts.append(trailer)
    user.append(trailer)
    text = "".join(parts)
    return text, tomllib.loads(text), [*user, *blocks.values()], servers


@given(data=st.data(), ops=edits(NAMES, entries))
@SETTINGS
def test_toml_edits_give_expected_value_and_keep_user_tables(
    data: st.DataObject, ops: list[tuple[str, str, Any]]
) -> None:
    """Random edits parse to the model; comments, other tables and untouched entries stay."""
    text, value, blocks, servers = data.draw(documents())
    doc = Document(PATH, Format.TOML, text.encode())
    expected = copy.deepcopy(value)
    apply_twice(doc, KEY_PATH, ops, lambda op: model_op(expected, MAP_KEY, op, drop_empty=True))
    out = doc.render().decode()
    assert tomllib.loads(out) == expected
    assert doc.value == expected
    if "\r\n" in text:  # a CRLF file stays CRLF throughout: no bare LF from new tables
        assert re.search(r"(?<!\r)\n", out) is None
    touched = {name for _, name, _ in ops}
    names = list(servers)
    for block in blocks:
        owner = next((n for n in names if block.startswith(f"[mcp_servers.{toml_key(n)}]")), None)
        if owner is None or owner not in touched:
            assert block.rstrip("\r\n") in out


@given(data=st.data(), entry=entries)
@SETTINGS
def test_toml_delete_after_add_restores_bytes(data: st.DataObject, entry: dict[str, Any]) -> None:
    """Adding a new server table to an existing map and deleting it restores the file."""
    text, _, _, servers = data.draw(documents(with_map=True))
    name = data.draw(st.sampled_from([n for n in NAMES if n not in servers]))
    doc = Document(PATH, Format.TOML, text.encode())
    doc.set_entry(KEY_PATH, name, entry)
    assert doc.get_map(KEY_PATH) == {**servers, name: entry}
    doc.delete_entry(KEY_PATH, name)
    assert doc.render() == text.encode()
