"""Parsed TOML kept by its text (documents/tomlparse.py): a hit reads as tomllib reads."""

from __future__ import annotations

import datetime
import marshal
import os
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
import tomlkit
from docgen_toml import toml_shapes
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from aidokit.reconcile.documents import tomlparse
from aidokit.reconcile.documents.tomlparse import ParsedToml
from tests.fuzz import fuzz_settings

SETTINGS = fuzz_settings(200, HealthCheck.too_slow)
TEXT = 'model = "o3"\n[mcp_servers.git]\ncommand = "uvx"\nargs = ["mcp-server-git"]\n'
_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=5)
_leaf = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(),
    _text,
    st.dates(),
    st.times(),
    st.datetimes(timezones=st.none() | st.timezones()),
)
_values = st.recursive(
    _leaf,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=12,
)
# Any TOML tomlkit writes from generated values (some of it invalid, which counts too),
# and the Codex config.toml shapes the document tests draw.
texts = st.one_of(
    st.dictionaries(_text, _values, max_size=4).map(tomlkit.dumps),
    toml_shapes().map(lambda shaped: shaped.raw.decode("utf-8")),
)


def _never(text: str) -> dict[str, Any]:
    raise AssertionError("parsed again: the cache was not used")


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.iterdir()) if folder.exists() else []


def _plant(folder: Path, text: str, value: dict[str, Any]) -> None:
    """Store `value` as the parse of `text`, as whoever could write the folder would."""
    with mock.patch.object(tomlparse, "parse", lambda _: value):
        ParsedToml(folder, None).loads(text)
    assert len(_entries(folder)) == 1


@SETTINGS
@given(text=texts)
def test_a_hit_reads_exactly_as_tomllib_reads(text: str) -> None:
    """Any text: the same value (types, order, -0.0, NaN) or the same error; nothing bad kept."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "parsed"
        try:
            expected = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            with pytest.raises(tomllib.TOMLDecodeError, match=f"^{re.escape(str(exc))}$"):
                ParsedToml(folder, None).loads(text)
            assert _entries(folder) == []
            return
        assert repr(ParsedToml(folder, None).loads(text)) == repr(expected)
        try:
            marshal.dumps(expected)
        except ValueError:  # a datetime: not kept, parsed each time
            assert _entries(folder) == []
            return
        with mock.patch.object(tomlparse, "parse", _never):
            assert repr(ParsedToml(folder, None).loads(text)) == repr(expected)


def test_each_hit_is_a_fresh_value(tmp_path: Path) -> None:
    """Changing what a hit returned does not change the next hit."""
    ParsedToml(tmp_path / "parsed", None).loads(TEXT)
    with mock.patch.object(tomlparse, "parse", _never):
        first = ParsedToml(tmp_path / "parsed", None).loads(TEXT)
        first["mcp_servers"]["git"]["args"].append("--changed")
        first["model"] = "changed"
        assert ParsedToml(tmp_path / "parsed", None).loads(TEXT) == tomllib.loads(TEXT)


def test_datetimes_are_read_right_and_not_kept(tmp_path: Path) -> None:
    """A value marshal cannot hold is parsed every time, equal to tomllib's."""
    text = "when = 1979-05-27T07:32:00Z\nday = 1979-05-27\nat = 07:32:00\n"
    cache = ParsedToml(tmp_path / "parsed", None)
    assert cache.loads(text) == cache.loads(text) == tomllib.loads(text)
    assert cache.loads(text)["when"].tzinfo == datetime.UTC
    assert _entries(tmp_path / "parsed") == []


def test_a_hit_writes_nothing(tmp_path: Path) -> None:
    """Reading a kept value leaves the folder as it was: same names, bytes and times."""
    folder = tmp_path / "parsed"
    ParsedToml(folder, None).loads(TEXT)
    before = [(p.name, p.read_bytes(), p.stat().st_mtime_ns) for p in _entries(folder)]
    ParsedToml(folder, None).loads(TEXT)
    assert [(p.name, p.read_bytes(), p.stat().st_mtime_ns) for p in _entries(folder)] == before


@pytest.mark.parametrize("mode", [0o770, 0o707, 0o777])
def test_a_folder_others_can_write_is_not_believed(tmp_path: Path, mode: int) -> None:
    """A planted value in a folder group or others may write is ignored, and nothing is kept."""
    folder = tmp_path / "parsed"
    _plant(folder, TEXT, {"model": "planted"})
    folder.chmod(mode)
    assert ParsedToml(folder, None).loads(TEXT) == tomllib.loads(TEXT)


def test_an_entry_others_can_write_is_not_believed(tmp_path: Path) -> None:
    """In a private folder, an entry file group or others may write is ignored."""
    folder = tmp_path / "parsed"
    _plant(folder, TEXT, {"model": "planted"})
    _entries(folder)[0].chmod(0o622)
    assert ParsedToml(folder, None).loads(TEXT) == tomllib.loads(TEXT)


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners exist only on POSIX")
def test_a_folder_another_user_owns_is_not_believed(tmp_path: Path) -> None:
    """A folder not owned by the user running aido is ignored (another uid, simulated)."""
    folder = tmp_path / "parsed"
    _plant(folder, TEXT, {"model": "planted"})
    with mock.patch.object(os, "getuid", lambda: os.stat(folder).st_uid + 1):
        assert ParsedToml(folder, None).loads(TEXT) == tomllib.loads(TEXT)


def test_a_folder_inside_the_project_is_neither_believed_nor_written(tmp_path: Path) -> None:
    """XDG_STATE_HOME pointing into the repository: a planted value is ignored, none added."""
    folder = tmp_path / "proj" / ".state" / "parsed"
    _plant(folder, TEXT, {"model": "planted"})
    assert ParsedToml(folder, tmp_path / "proj").loads(TEXT) == tomllib.loads(TEXT)
    ParsedToml(folder, tmp_path / "proj").loads("other = 1\n")
    assert len(_entries(folder)) == 1


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-3],  # cut short
        lambda data: data[:-1] + bytes([data[-1] ^ 1]),  # one bit of the payload
        lambda data: bytes([data[0] ^ 1]) + data[1:],  # one bit of the digest
        lambda data: data.replace(b"uvx", b"uvy"),  # still a value, not the text's
        lambda data: b"",
        lambda data: os.urandom(200),
    ],
)
def test_a_damaged_entry_is_parsed_again(tmp_path: Path, damage: Any) -> None:
    """An entry whose bytes do not match their digest is ignored: the text is parsed again."""
    folder = tmp_path / "parsed"
    ParsedToml(folder, None).loads(TEXT)
    entry = _entries(folder)[0]
    entry.write_bytes(damage(entry.read_bytes()))
    assert ParsedToml(folder, None).loads(TEXT) == tomllib.loads(TEXT)


def test_a_digest_matching_entry_that_is_not_a_table_is_parsed_again(tmp_path: Path) -> None:
    """A well-formed entry holding something other than a table is not returned."""
    folder = tmp_path / "parsed"
    _plant(folder, TEXT, ["not", "a", "table"])  # type: ignore[arg-type]
    assert ParsedToml(folder, None).loads(TEXT) == tomllib.loads(TEXT)


def test_a_folder_aido_cannot_write_costs_only_speed(tmp_path: Path) -> None:
    """Where the folder cannot be made (a file is in the way), each text is simply parsed."""
    (tmp_path / "state").write_text("a file, not a folder")
    cache = ParsedToml(tmp_path / "state" / "parsed", None)
    assert cache.loads(TEXT) == cache.loads(TEXT) == tomllib.loads(TEXT)


def test_the_folder_keeps_a_bounded_number_of_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past KEEP entries the oldest go; the newest is kept."""
    monkeypatch.setattr(tomlparse, "KEEP", 3)
    folder = tmp_path / "parsed"
    for n in range(6):
        ParsedToml(folder, None).loads(f"n = {n}\n")
    assert len(_entries(folder)) == 3
    with mock.patch.object(tomlparse, "parse", _never):
        assert ParsedToml(folder, None).loads("n = 5\n") == {"n": 5}


def test_without_a_cache_loads_is_tomllib() -> None:
    """`loads(text)` with no cache parses, raising tomllib's own error for bad text."""
    assert tomlparse.loads(TEXT) == tomllib.loads(TEXT)
    with pytest.raises(tomlparse.decode_error()):
        tomlparse.loads("a = ")
    assert tomlparse.decode_error() is tomllib.TOMLDecodeError
