"""Every TOML shape of the server map: edited exactly, or refused for that file, never a crash.

For each generated config.toml (docgen_toml: tables, split tables, sub-tables placed
apart, an explicit `[mcp_servers]` holding dotted or inline entries, dotted keys at the
top level, an inline map, empty or not, an array of tables) and each edit aido can make:
either aido must refuse it, and a DocumentError naming the file and the fix is raised
before any byte is given back, or (a) apply then destroy gives the original bytes,
(b) text outside the edited entries is unchanged, (c) tomllib reads the expected value,
(d) a second apply changes nothing. Derandomized in CI; AIDO_FUZZ_EXAMPLES for more.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
from docgen_toml import NEW_NAMES, Shaped, entries, toml_shapes
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

from aidokit.reconcile.core.errors import DocumentError
from aidokit.reconcile.documents import Document, Format
from tests.fuzz import fuzz_settings
from tests.helpers import aido, new_project, user_layer

PROPS = fuzz_settings(300, HealthCheck.too_slow, HealthCheck.data_too_large)
PATH = Path("/nowhere/.codex/config.toml")
MAP = ("mcp_servers",)
new_entries = st.dictionaries(st.sampled_from(NEW_NAMES), entries, min_size=1, max_size=3)
Edits = dict[str, Any]  # name -> entry to set, or None to delete


def _edit(raw: bytes, edits: Edits) -> bytes:
    """One apply-like pass over a fresh read: the edits in order, then the new bytes."""
    doc = Document(PATH, Format.TOML, raw)
    for name, entry in edits.items():
        if entry is None:
            doc.delete_entry(MAP, name)
        else:
            doc.set_entry(MAP, name, entry)
    return doc.render()


def _refused(raw: bytes, edits: Edits) -> None:
    """The edits raise a DocumentError naming the file and the fix; the bytes stay."""
    doc = Document(PATH, Format.TOML, raw)
    with pytest.raises(DocumentError) as caught:
        for name, entry in edits.items():
            if entry is None:
                doc.delete_entry(MAP, name)
            else:
                doc.set_entry(MAP, name, entry)
        doc.render()
    message = str(caught.value)
    assert message.startswith(f"{PATH}:") and ("rewrite" in message or "fix" in message)
    assert doc.original == raw


def _servers(raw: bytes) -> Any:
    """(c): the map as the strict parser reads it."""
    return tomllib.loads(raw.decode().removeprefix("\ufeff")).get("mcp_servers", {})


def _kept(layout: Shaped, out: bytes, edited: set[str]) -> None:
    """(b): every text that is not of an edited entry is still there, in order."""
    position = 0
    for owner, text in layout.texts:
        if owner in edited:
            continue
        found = out.find(text, position)
        assert found != -1, f"changed: {text!r}"
        position = found + len(text)


@pytest.mark.slow
@given(layout=toml_shapes(), new=new_entries)
@example(
    layout=Shaped(b"mcp_servers = {}\n", "inline-empty", {}, {}, ()), new={"new": {"command": "x"}}
)
@PROPS
def test_new_entries_in_every_shape_of_the_map(layout: Shaped, new: dict[str, Any]) -> None:
    """Add new servers, add them again, heal, destroy: exact, or refused for the file."""
    if any(layout.refused(name) for name in new):
        _refused(layout.raw, new)
        return
    applied = _edit(layout.raw, new)
    assert _servers(applied) == {**layout.user, **new}
    _kept(layout, applied, set())
    assert _edit(applied, new) == applied  # (d)
    healed = {name: {**entry, "command": "healed"} for name, entry in new.items()}
    fixed = _edit(applied, healed)
    assert _servers(fixed) == {**layout.user, **healed}
    _kept(layout, fixed, set())
    for before in (applied, fixed):
        assert _edit(before, dict.fromkeys(new)) == layout.raw  # (a)


@pytest.mark.slow
@given(layout=toml_shapes(), data=st.data())
@PROPS
def test_user_entries_in_every_shape_healed_or_deleted(layout: Shaped, data: st.DataObject) -> None:
    """Heal or delete a user's entry of any shape: exact, or refused for the file."""
    if not layout.user:
        return
    name = data.draw(st.sampled_from(sorted(layout.user)))
    entry = data.draw(entries | st.none())
    if entry == layout.user[name]:  # nothing to do: no edit, no refusal
        assert _edit(layout.raw, {name: entry}) == layout.raw
        return
    if layout.refused(name):
        _refused(layout.raw, {name: entry})
        return
    out = _edit(layout.raw, {name: entry})
    expected = {n: e for n, e in layout.user.items() if n != name}
    if entry is not None:
        expected[name] = entry
    assert _servers(out) == expected  # (c); an emptied implicit map is gone
    _kept(layout, out, {name})  # (b)
    assert _edit(out, {name: entry}) == out  # (d)


MAP_REFUSED = [
    b"mcp_servers = {}\n",
    b"# mine\nmcp_servers = {}  # empty\r\n",
    b'model = "o3"\nmcp_servers = { mine = { command = "x" } }\n',
    b'[[mcp_servers]]\nname = "x"\n',
    b"mcp_servers = []\n",
    b'mcp_servers = "none"',
]


@pytest.mark.parametrize("raw", MAP_REFUSED)
def test_user_scope_apply_refuses_a_map_it_cannot_edit_before_writing_any_file(
    raw: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through the CLI: the Codex file is a plan error naming it; ~/.claude.json stays too."""
    home = Path(os.environ["HOME"])
    config = home / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_bytes(raw)
    claude = home / ".claude.json"
    claude.write_bytes(b"{}\n")
    user_layer(home)
    project = new_project(tmp_path)
    aido(project, "plan", "--scope", "user")
    out = capsys.readouterr().out
    assert f"error: {config}:" in out and ("rewrite it" in out or "fix it by hand" in out)
    assert aido(project, "apply", "--scope", "user", "--yes") == 1  # an error, not a crash
    assert config.read_bytes() == raw
    assert claude.read_bytes() == b"{}\n"
