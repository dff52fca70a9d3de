"""aido.lock and .aido/state.json read without pydantic: the plain readings give pydantic's verdict.

A fresh clone's first plan (CI on a new runner: an empty decode memo) reads both
files with `_plain_data` (reconcile/choices/lockfile.py, reconcile/history/state.py).
Whatever a plain reading takes, decode's builder must give exactly what pydantic's
strict JSON mode gives; whatever pydantic refuses, the plain reading must refuse,
so pydantic runs and words the error as before.
"""

from __future__ import annotations

import codecs
import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from aidokit.catalog import validation
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.catalog.models import RemoteSpec, StdioSpec
from aidokit.catalog.validation import ValidationError, validate_json
from aidokit.reconcile import shapes
from aidokit.reconcile.choices import lockfile
from aidokit.reconcile.choices.lockfile import Lock, Locked, LockFile, locked_from, render_lock
from aidokit.reconcile.decode import decode
from aidokit.reconcile.errors import AidoError
from aidokit.reconcile.history import state as state_module
from aidokit.reconcile.history.state import Record, State, render_state
from tests.fuzz import fuzz_settings

PROPS = fuzz_settings(200, HealthCheck.too_slow, HealthCheck.data_too_large)
WRITTEN = fuzz_settings(100, HealthCheck.too_slow, HealthCheck.data_too_large)
REFUSED = "refused"


class _Refused(AidoError):
    """decode's `fail`: pydantic refused the file."""


def _exactly(built: object, expected: object) -> bool:
    """Equal, and of the same types throughout (`==` alone takes True for 1 and a list for ())."""
    return built == expected and repr(built) == repr(expected)


Loads = Callable[[bytes], Any]


def _state_loads(raw: bytes) -> Any:
    """The state's data as parse_state reads it."""
    return json.loads(raw, object_pairs_hook=shapes.pairs)


def _decoded(model: type[Any], raw: bytes, plain: Callable[[Any], Any]) -> tuple[object, bool]:
    """What decode makes of `raw` with that plain reading (or REFUSED), and whether pydantic ran."""
    data = (lockfile._loads if model is LockFile else _state_loads)(raw)
    with mock.patch.object(validation, "validate_json", wraps=validation.validate_json) as checks:
        try:
            value = decode(model, raw, data, fail=lambda _: _Refused(), memo=False, plain=plain)
        except _Refused:
            value = REFUSED
    return value, checks.called


def _agrees(model: type[Any], raw: bytes, plain: Callable[[Any], Any]) -> bool:
    """Assert decode gives pydantic's verdict on `raw`; return whether it read it plainly."""
    try:
        expected: object = validate_json(model, raw)
    except ValidationError:
        expected = REFUSED
    try:
        value, checked = _decoded(model, raw, plain)
    except ValueError:  # not JSON to json.loads (or not UTF-8 for the lock): never decoded
        return False
    if expected is REFUSED:
        assert value is REFUSED and checked  # pydantic ran: its words, as before
    else:
        assert _exactly(value, expected)
    return not checked


# Texts as aido may write them: any character but a lone surrogate (JSON has none).
_any_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=6)
# ...and what aido's own writers give without a surrogate escape: the BMP, printable ASCII URLs.
_bmp_text = st.text(st.characters(max_codepoint=0xFFFF, exclude_categories=("Cs",)), max_size=6)
_url_tail = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), max_size=8)


def _specs(words: st.SearchStrategy[str]) -> st.SearchStrategy[StdioSpec | RemoteSpec]:
    """Install specs with every field drawn."""
    maybe_words = st.none() | words
    stdio = st.builds(
        StdioSpec,
        command=words.filter(bool),
        args=st.lists(words, max_size=3).map(tuple),
        env=st.dictionaries(words, words, max_size=2),
        cwd=maybe_words,
        requires_network=st.booleans(),
        min_cli_version=maybe_words,
    )
    remote = st.builds(
        RemoteSpec,
        url=st.tuples(st.sampled_from(["https://", "http://"]), _url_tail).map("".join),
        transport=st.sampled_from(["http", "sse"]),
        headers=st.dictionaries(words, words, max_size=2),
        requires_network=st.booleans(),
        min_cli_version=maybe_words,
    )
    return stdio | remote


def _locks(words: st.SearchStrategy[str]) -> st.SearchStrategy[Lock]:
    """Locks as apply builds them: adapters often sharing one spec (grouped in the file)."""
    adapters = st.sampled_from(["claude-code", "codex", "vscode", "stdio", "remote", "zed"])
    installs = st.lists(_specs(words), min_size=1, max_size=3).flatmap(
        lambda pool: st.dictionaries(adapters, st.sampled_from(pool), min_size=1, max_size=4)
    )
    entries = st.dictionaries(
        words,
        st.tuples(st.sampled_from(["catalog", "custom", "imported"]), installs),
        max_size=3,
    )
    return entries.map(
        lambda found: Lock({key: Locked(key, src, inst) for key, (src, inst) in found.items()})
    )


def _states(words: st.SearchStrategy[str]) -> st.SearchStrategy[State]:
    """States with every field of a record drawn."""
    maybe_words = st.none() | words
    records = st.builds(
        Record,
        adapter=words,
        path=words,
        name=words,
        id=words,
        digest=words,
        identity=maybe_words,
        roles=st.lists(words, max_size=2).map(tuple),
        map_path=st.lists(words, max_size=2).map(tuple),
        pending=st.booleans(),
        source=words,
        confirmed=st.booleans(),
        created=st.booleans(),
        map_made=st.none() | st.integers(-3, 2**70),
        map_open=st.booleans(),
        map_flow=maybe_words,
    )
    return st.builds(
        State,
        version=st.integers(-(2**70), 1),
        records=st.lists(records, max_size=3).map(tuple),
    )


# Values out of place: wrong JSON types, huge ints, bools where ints go, floats for ints,
# nulls, bad Literal values and URLs, empty strings, and the right types of other fields.
_ODD: list[object] = [
    *(0, 1, -1, 2, 10**30, -(10**30), 1.0, 0.5, -0.0, True, False, None),
    *("", "x", "1", "true", "null", "stdio", "remote", "catalog", "Catalog", "custom"),
    *("imported", "http", "sse", "HTTP", "https://x", "HTTPS://x", "https://x\n", "ftp://x"),
    *(" https://x", "https://\u00e9", "\u00e9", [], ["x"], [1], [None], [[]], {}, {"x": 1}),
    *({"x": "y"}, {"kind": "stdio"}, {"kind": "remote", "url": "https://x"}),
]
_KEYS = ["bogus", "", "kind", "url", "command", "env", "records", "version", "pending", "Source"]
# The near misses of a value by its JSON type: what a hand edit or another tool might put there.
_CLOSE: dict[type, list[object]] = {
    bool: [0, 1, 1.0, "true", "false", None, [True]],
    int: [True, False, 1.0, -0.0, 0.5, "1", None, 10**30, -(10**30), 2**64, [1]],
    float: [1, True, "1.0", None],
    str: [0, 1, 1.5, True, None, [], ["x"], {"x": "y"}, ""],
    type(None): ["", 0, False, [], {}, "null"],
    list: [{}, "x", None, [1], [None], [[]], [True], ["x", 1], [{}]],
    dict: [[], "x", None, {"x": 1}, {"x": None}, {"x": []}, {"x": True}],
}


def _spots(doc: object, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value in a JSON document, the root's `()` first."""
    yield path
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _spots(value, (*path, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _spots(value, (*path, index))


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    """The value at `path` in `doc`."""
    for step in path:
        doc = doc[step]
    return doc


def _mutate(doc: Any, path: tuple[Any, ...], how: str, odd: object, key: str) -> Any:
    """`doc` with the value at `path` replaced, dropped, wrapped, or given an extra key."""
    if not path:
        return odd if how == "replace" else doc
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    last, value = path[-1], parent[path[-1]]
    if how == "replace":
        parent[last] = odd
    elif how == "drop":
        del parent[last]
    elif how == "wrap":
        parent[last] = [value] if isinstance(value, dict) else {"x": value}
    elif isinstance(value, dict):
        value[key] = odd
    return doc


@st.composite
def _near_misses(draw: st.DrawFn, docs: st.SearchStrategy[Any]) -> Any:
    """A valid document with one to three things wrong in it (or, now and then, none).

    Mostly a value of one type where another goes (`0` for false, `true` for 1...).
    """
    doc = draw(docs)
    for _ in range(draw(st.sampled_from([0, 1, 1, 1, 2, 3]))):
        how = draw(st.sampled_from(["near", "near", "near", "replace", "drop", "wrap", "extra"]))
        spots = list(_spots(doc))
        leaves = [spot for spot in spots if not isinstance(_at(doc, spot), (dict, list))]
        spot = draw(st.sampled_from(leaves if how == "near" and leaves else spots))
        pool = _CLOSE[type(_at(doc, spot))] if how == "near" else _ODD
        odd = copy.deepcopy(draw(st.sampled_from(pool)))  # a later mutation may edit it
        how = "replace" if how == "near" else how
        doc = _mutate(doc, spot, how, odd, draw(st.sampled_from(_KEYS)))
    return doc


def _dumped(draw: st.DrawFn, doc: object, repeats: bool, ascii: bool) -> str:
    """`doc` as JSON text; `repeats`: some keys have an earlier duplicate (the last one wins)."""
    if isinstance(doc, dict):
        pairs = []
        for key, value in doc.items():
            name = json.dumps(key, ensure_ascii=ascii)
            if repeats and draw(st.integers(0, 7)) == 5:
                pairs.append(f"{name}: {json.dumps(draw(st.sampled_from(_ODD)))}")
            pairs.append(f"{name}: {_dumped(draw, value, repeats, ascii)}")
        return "{" + ", ".join(pairs) + "}"
    if isinstance(doc, list):
        return "[" + ", ".join(_dumped(draw, value, repeats, ascii) for value in doc) + "]"
    return json.dumps(doc, ensure_ascii=ascii)


_ENCODINGS = ["utf-8"] * 12 + ["utf-8-sig", "utf-16", "utf-16-le", "utf-32"]


@st.composite
def _raws(draw: st.DrawFn, docs: st.SearchStrategy[Any]) -> bytes:
    """A near-miss document as bytes: escapes, duplicate keys, other encodings now and then."""
    doc = draw(_near_misses(docs))
    repeats, ascii = (draw(st.integers(0, 4)) == 3 for _ in range(2))
    return _dumped(draw, doc, repeats, ascii).encode(draw(st.sampled_from(_ENCODINGS)))


# Mostly texts the plain readings take (escaped as aido escapes them), now and then any.
_words = st.one_of(st.sampled_from(["", "codex", "a b", "\u00e9"]), _bmp_text, _any_text)
_lock_docs = _locks(_words).map(lambda lock: json.loads(render_lock(lock)))
_state_docs = _states(_words).map(lambda state: json.loads(render_state(state)))


@PROPS
@given(_raws(_lock_docs))
def test_a_lock_read_plainly_is_the_lock_pydantic_reads(raw: bytes) -> None:
    """A near-miss lock: the plain reading builds pydantic's LockFile exactly,, or pydantic runs."""
    _agrees(LockFile, raw, lockfile._plain_data)


@PROPS
@given(_raws(_state_docs))
def test_a_state_read_plainly_is_the_state_pydantic_reads(raw: bytes) -> None:
    """Any near-miss state: the plain reading builds pydantic's State exactly, or pydantic runs."""
    _agrees(State, raw, state_module._plain_data)


@WRITTEN
@given(_locks(_any_text))
def test_every_lock_aido_writes_is_read_without_pydantic(lock: Lock) -> None:
    """What render_lock writes (any text: it writes UTF-8, not escapes) is read plainly, exactly."""
    assert _agrees(LockFile, render_lock(lock).encode(), lockfile._plain_data)


@WRITTEN
@given(_states(_bmp_text))
def test_every_state_aido_writes_is_read_without_pydantic(state: State) -> None:
    """What the state writer writes is read plainly, exactly (outside the BMP: pydantic decides)."""
    assert _agrees(State, render_state(state).encode(), state_module._plain_data)


def test_the_catalogs_lock_is_read_without_pydantic() -> None:
    """A lock of every catalog entry, as apply writes it, takes the plain path."""
    lock = Lock({entry.id: locked_from(entry, "catalog") for entry in MCP_CATALOG})
    assert _agrees(LockFile, render_lock(lock).encode(), lockfile._plain_data)


_STATE_TEXT = (
    '{"version": 1, "records": [{"adapter": "codex", "path": "a", "name": "n", "id": "i", '
    '"digest": "d", "identity": IDENTITY}]}'
)


@pytest.mark.parametrize(
    ("raw", "plainly"),
    [
        (_STATE_TEXT.replace("IDENTITY", '"\\u00e9"').encode(), True),
        (_STATE_TEXT.replace("IDENTITY", '"\u00e9"').encode(), True),
        (_STATE_TEXT.replace("IDENTITY", '"\\ud800"').encode(), False),
        (_STATE_TEXT.replace("IDENTITY", '"\\uD83D\\uDE00"').encode(), False),
        (_STATE_TEXT.replace("IDENTITY", '"\\ud000\\ud7ff"').encode(), True),
        (_STATE_TEXT.replace("IDENTITY", '"\\\\ud800"').encode(), False),
        (_STATE_TEXT.replace("IDENTITY", '"Q"').encode().replace(b"Q", b"\xed\xa0\x80"), False),
        (codecs.BOM_UTF8 + _STATE_TEXT.replace("IDENTITY", "null").encode(), False),
        (_STATE_TEXT.replace("IDENTITY", "null").encode("utf-16-le"), False),
        (_STATE_TEXT.replace("IDENTITY", "null").encode("utf-32"), False),
        (_STATE_TEXT.replace("IDENTITY", "NaN").encode(), False),
        (_STATE_TEXT.replace("IDENTITY", '"x", "identity": 7').encode(), False),
        (_STATE_TEXT.replace("IDENTITY", '7, "identity": "x"').encode(), False),
        (_STATE_TEXT.replace("IDENTITY", 'null, "path": "b"').encode(), False),
        (_STATE_TEXT.replace("1", "1.0", 1).replace("IDENTITY", "null").encode(), False),
        (_STATE_TEXT.replace("1", "true", 1).replace("IDENTITY", "null").encode(), False),
    ],
    ids=repr,
)
def test_bytes_json_loads_reads_otherwise_go_to_pydantic(raw: bytes, plainly: bool) -> None:
    """A BOM, UTF-16/32, bad UTF-8, surrogate escapes: json.loads reads them, pydantic refuses."""
    assert _agrees(State, raw, state_module._plain_data) is plainly


@pytest.mark.parametrize(
    "document",
    [{"format_version": True, "entries": {}}, {"format_version": 1.0, "entries": {}}],
    ids=repr,
)
def test_a_value_pydantic_coerces_in_strict_mode_goes_to_pydantic(document: object) -> None:
    """pydantic's Literal[1] takes `true` and `1.0`: the plain reading leaves those to it."""
    assert _agrees(LockFile, json.dumps(document).encode(), lockfile._plain_data) is False


def _lock_errors(raw: bytes, tmp_path: Path) -> str:
    """What parse_lock makes of `raw`: the Lock, or the error's words."""
    try:
        return repr(lockfile.parse_lock(raw, tmp_path / "aido.lock"))
    except AidoError as exc:
        return str(exc)


@pytest.mark.parametrize(
    "edit",
    [
        lambda doc: doc["entries"]["git"].update(digest="sha256:" + "0" * 64),
        lambda doc: doc["entries"]["git"].update(source="vendored"),
        lambda doc: doc["entries"]["git"].update(install=[]),
        lambda doc: doc["entries"]["git"]["install"][0]["spec"].update(command=""),
        lambda doc: doc["entries"]["git"]["install"][0].update(adapters=["codex", "codex"]),
        lambda doc: doc["entries"]["git"].update(colour="red"),
        lambda doc: doc.update(format_version=0),
    ],
)
def test_a_bad_lock_gets_the_same_words_as_before(
    edit: Callable[[dict[str, Any]], None], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bad digest, source, rows, spec or keys: parse_lock's words are those of pydantic's path."""
    lock = Lock({e.id: locked_from(e, "catalog") for e in MCP_CATALOG if e.id in ("git", "fetch")})
    doc = json.loads(render_lock(lock))
    edit(doc)
    raw = json.dumps(doc, indent=2).encode()
    plainly = _lock_errors(raw, tmp_path)
    monkeypatch.setattr(lockfile, "_plain_data", lambda data: None)
    assert plainly == _lock_errors(raw, tmp_path)
    assert "not a valid aido lock" in plainly


def test_a_reading_must_check_every_field() -> None:
    """A plain reading that forgets a field of its model is refused when it is made."""
    with pytest.raises(TypeError, match="Record"):
        shapes.fields(Record, {"adapter": shapes.text})
