"""Big JSON files cost one copy: checked a window at a time, written from pieces (issue 14).

`jsonscan.walk` must agree with the whole-file check on every file it vouches for,
vouch for every strict JSON file, and never for one the strict parser refuses; windows
far smaller than the file make it cross every boundary. An edit of a big file keeps
one copy of it in memory: the bytes read, plus the edited span.
"""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from docgen_json import Generated, documents
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

from aidokit.reconcile.core.atomic import BOM, file_digest
from aidokit.reconcile.documents import Document, Format, jsonscan
from tests.fuzz import fuzz_settings

PROPS = fuzz_settings(300, HealthCheck.too_slow, HealthCheck.function_scoped_fixture)
WINDOWS = st.sampled_from([1, 7, 64, 1 << 22])
ENTRY = {"type": "http", "url": "https://mcp.context7.com/mcp"}


@pytest.fixture
def window(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """Let a test set `jsonscan.WINDOW`; the real size comes back afterwards."""
    yield monkeypatch


def _root(raw: bytes) -> int:
    return jsonscan.skip(raw, len(BOM) if raw.startswith(BOM) else 0)


def _whole(raw: bytes) -> Any:
    """What the whole-file check says: its members and `}`, or None when it refuses."""
    text = raw.decode("latin-1")
    root = _root(raw)
    if text[root : root + 1] != "{":
        return None
    return jsonscan.checked_members(text, root, text)


def _utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _strict(raw: bytes) -> bool:
    """Whether the strict parser (no duplicate key, no NaN) accepts the file."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        if len(dict(items)) != len(items):
            raise ValueError("duplicate key")
        return dict(items)

    def constant(name: str) -> None:
        raise ValueError(name)

    try:
        value = json.loads(
            raw.decode("utf-8").removeprefix("\ufeff"),
            object_pairs_hook=pairs,
            parse_constant=constant,
        )
    except (ValueError, RecursionError):
        return False
    return isinstance(value, dict)


@pytest.mark.slow
@given(doc=documents(Format.JSON), size=WINDOWS)
@example(doc=Generated(b'{"a": [1, {"b": "\\u00e9"}], "c": {}}', {}, (), None), size=1)
@PROPS
def test_walk_agrees_with_the_whole_file_check(
    doc: Generated, size: int, window: pytest.MonkeyPatch
) -> None:
    """Strict JSON in any style, any window: the same members, offsets and `}`."""
    window.setattr(jsonscan, "WINDOW", size)
    assert jsonscan.walk(doc.raw, _root(doc.raw)) == _whole(doc.raw)


@pytest.mark.slow
@given(doc=documents(Format.JSONC), size=WINDOWS)
@PROPS
def test_walk_never_vouches_for_what_the_whole_check_reads_otherwise(
    doc: Generated, size: int, window: pytest.MonkeyPatch
) -> None:
    """JSONC with comments and trailing commas: the walk agrees or leaves it to the view."""
    window.setattr(jsonscan, "WINDOW", size)
    found = jsonscan.walk(doc.raw, _root(doc.raw))
    assert found is None or (_strict(doc.raw) and found == _whole(doc.raw))


@pytest.mark.slow
@given(doc=documents(Format.JSON), size=WINDOWS, data=st.data())
@example(doc=Generated(b'{"a": 1, "a": 2}', {}, (), None), size=1, data=None)
@example(doc=Generated(b'{"a": {"b": NaN}}', {}, (), None), size=64, data=None)
@example(doc=Generated(b'{"a": 1,}', {}, (), None), size=7, data=None)
@example(doc=Generated(b'{"a": [1, 2]} {}', {}, (), None), size=1, data=None)
@PROPS
def test_walk_never_vouches_for_a_damaged_file(
    doc: Generated, size: int, data: st.DataObject | None, window: pytest.MonkeyPatch
) -> None:
    """A byte cut, doubled or swapped anywhere: accepted only if the strict parser accepts."""
    window.setattr(jsonscan, "WINDOW", size)
    raw = doc.raw
    if data is not None:
        at = data.draw(st.integers(0, max(len(raw) - 1, 0)))
        byte = data.draw(st.sampled_from([b"", raw[at : at + 1] * 2, b",", b'"', b"}", b"]"]))
        raw = raw[:at] + byte + raw[at + 1 :]
    if not _utf8(raw):
        return  # refused before any walk (`jsonedit._check_utf8`)
    if jsonscan.walk(raw, _root(raw)) is not None:
        assert _strict(raw)


def _big(count: int) -> bytes:
    """A ~claude.json: many project objects, a server map at the end."""
    projects = {
        f"/home/dev/app-{n:05d}": {"history": [{"display": f"fix módulo {n} " * 4}] * 8}
        for n in range(count)
    }
    data = {"numStartups": 4, "projects": projects, "mcpServers": {"mine": {"command": "x"}}}
    return json.dumps(data, indent=2, ensure_ascii=False).encode()


def test_editing_a_big_file_holds_one_copy_of_it(window: pytest.MonkeyPatch) -> None:
    """Read, check, edit, hash and write 4 MB: at most a window and the edit besides it."""
    window.setattr(jsonscan, "WINDOW", 1 << 18)
    raw = _big(4500)
    assert len(raw) > 4 << 20
    tracemalloc.start()
    try:
        doc = Document(Path("/x/.claude.json"), Format.JSON, raw)
        doc.set_entry(("mcpServers",), "context7", ENTRY)
        assert doc.changed
        pieces = doc.pieces()
        digest = file_digest(pieces)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < len(raw) // 4, f"{peak / len(raw):.2f}x the file"
    assert digest == file_digest(doc.render())
    assert json.loads(b"".join(pieces))["mcpServers"] == {
        "mine": {"command": "x"},
        **{"context7": ENTRY},
    }


def test_pieces_join_to_the_rendered_bytes_after_every_kind_of_edit() -> None:
    """Adding, healing, deleting in one or two maps: the pieces are the rendered file."""
    raw = b'{\n  "a": {"x": {"command": "1"}},\n  "b": {}\n}\n'
    doc = Document(Path("/x/mcp.json"), Format.JSON, raw)
    assert doc.pieces() == (raw,) and not doc.changed
    doc.set_entry(("a",), "x", {"command": "1"})
    assert not doc.changed and b"".join(doc.pieces()) == raw
    doc.set_entry(("a",), "y", ENTRY)
    doc.delete_entry(("a",), "x")
    doc.set_entry(("b",), "z", ENTRY)
    joined = b"".join(doc.pieces())
    assert joined == doc.render()
    assert json.loads(joined) == {"a": {"y": ENTRY}, "b": {"z": ENTRY}}
