"""Property tests: span edits of generated JSON/JSONC files keep every unowned byte."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from docgen_json import (
    NAMES,
    Generated,
    documents,
    entries,
    get_map,
    set_in,
    strip_jsonc,
)
from edit_ops import apply_twice, edits
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from aidokit.reconcile.documents import Document, Format
from tests.fuzz import fuzz_settings

PATH = Path("/nowhere/settings.json")
FORMATS = st.sampled_from([Format.JSON, Format.JSONC])
SETTINGS = fuzz_settings(300, HealthCheck.too_slow)


def _model(value: dict[str, Any], key_path: tuple[str, ...], op: tuple[str, str, Any]) -> None:
    """Apply one edit to the plain-value model."""
    kind, name, entry = op
    if kind == "set":
        set_in(value, key_path, name, entry)
    elif (servers := get_map(value, key_path)) is not None:
        servers.pop(name, None)


def _no_comments_or_trailing_commas(raw: bytes) -> None:
    """Strict JSON output must parse with json.loads as is."""
    import json

    json.loads(raw.decode("utf-8").removeprefix("\ufeff"))


@given(fmt=FORMATS, data=st.data(), ops=edits(NAMES, entries))
@SETTINGS
def test_edits_give_expected_value_and_keep_untouched_bytes(
    fmt: Format, data: st.DataObject, ops: list[tuple[str, str, Any]]
) -> None:
    """Random edits parse to the model's value; bytes outside edited entries stay put."""
    gen: Generated = data.draw(documents(fmt))
    doc = Document(PATH, fmt, gen.raw)
    expected = copy.deepcopy(gen.value)
    apply_twice(doc, gen.key_path, ops, lambda op: _model(expected, gen.key_path, op))  # (c)
    out = doc.render()
    assert strip_jsonc(out) == expected  # (a)
    assert doc.value == expected
    if fmt is Format.JSON:
        _no_comments_or_trailing_commas(out)
    touched = {name for _, name, _ in ops}
    if gen.map_span is not None:  # (b)
        open_, close = gen.map_span
        assert out.startswith(gen.raw[: open_ + 1])
        assert out.endswith(gen.raw[close:])
        position = 0
        for name, text in gen.entry_texts.items():
            if name not in touched:
                found = out.find(text, position)
                assert found != -1, f"untouched entry {name!r} changed"
                position = found + len(text)
    else:
        assert out.startswith(gen.raw[:1] if not gen.raw.startswith(b"\xef") else gen.raw[:4])


@given(fmt=FORMATS, data=st.data(), entry=entries)
@SETTINGS
def test_delete_after_add_restores_original_bytes(
    fmt: Format, data: st.DataObject, entry: dict[str, Any]
) -> None:
    """Adding a new entry to an existing map and deleting it gives back the original bytes."""
    gen: Generated = data.draw(documents(fmt, with_map=True))
    name = data.draw(st.sampled_from([n for n in NAMES if n not in gen.entry_texts] or ["new"]))
    doc = Document(PATH, fmt, gen.raw)
    doc.set_entry(gen.key_path, name, entry)
    assert doc.get_map(gen.key_path) == {**gen.value_map(), name: entry}
    doc.delete_entry(gen.key_path, name)
    assert doc.render() == gen.raw  # (d)


@given(fmt=FORMATS, data=st.data())
@SETTINGS
def test_unedited_document_renders_its_original_bytes(fmt: Format, data: st.DataObject) -> None:
    """Reading and rendering without edits gives back the exact bytes."""
    gen: Generated = data.draw(documents(fmt))
    doc = Document(PATH, fmt, gen.raw)
    assert doc.render() == gen.raw
    assert doc.value == gen.value
    assert doc.get_map(gen.key_path) == get_map(gen.value, gen.key_path)
