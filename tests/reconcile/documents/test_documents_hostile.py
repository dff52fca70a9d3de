"""Fail closed: hostile and malformed inputs give one clear AidoError and change nothing."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from aidokit.reconcile.core.errors import AidoError, DocumentError
from aidokit.reconcile.documents import Format, read_document, write_document
from tests.reconcile.read.test_config import _NOT_TOML, _tomllib_says

CORPUS = Path(__file__).resolve().parents[3] / "fixtures" / "hostile"
FORMATS = {".json": Format.JSON, ".jsonc": Format.JSONC, ".toml": Format.TOML, ".yaml": Format.YAML}
MAPS = {
    Format.JSON: ("mcpServers",),
    Format.JSONC: ("context_servers",),
    Format.YAML: ("extensions",),
}
ENTRY = {"command": "npx", "args": ["-y", "pkg"]}
# Failures that are about the file's content, where the line and column are known.
NO_POSITION = {"duplicate-table.toml", "toml-map-is-string.toml", "toml-duplicate-key.toml"}


def _key_path(path: Path, fmt: Format) -> tuple[str, ...]:
    """Return the server-map path the corpus file is probed with."""
    if path.name == "parent-is-number.json":
        return ("projects", "/home/u/my.app", "mcpServers")
    return MAPS.get(fmt, ("mcp_servers",))


def _attempt(path: Path, fmt: Format, key_path: tuple[str, ...]) -> None:
    """Do what apply does: read, look at the map, edit, write."""
    doc = read_document(path, fmt)
    doc.get_map(key_path)
    doc.set_entry(key_path, "aido", ENTRY)
    write_document(doc, create_parents=False)


def _snapshot(path: Path) -> tuple[bytes, int] | None:
    """Return the bytes and mtime of a regular file (None for anything else)."""
    if path.is_file() and not path.is_symlink():
        return path.read_bytes(), path.stat().st_mtime_ns
    return None


@pytest.mark.parametrize("name", sorted(p.name for p in CORPUS.iterdir()))
def test_corpus_file_is_refused_and_left_alone(name: str, tmp_path: Path) -> None:
    """Each corpus file raises a DocumentError naming it (with line:col) and stays unchanged."""
    path = tmp_path / name
    shutil.copyfile(CORPUS / name, path)
    fmt = FORMATS[path.suffix]
    before = _snapshot(path)
    with pytest.raises(DocumentError) as caught:
        _attempt(path, fmt, _key_path(path, fmt))
    message = str(caught.value)
    message.encode("utf-8")  # printable: no lone surrogates from the file leak into it
    assert str(path) in message
    if name not in NO_POSITION:
        assert re.search(rf"{re.escape(str(path))}:\d+(:\d+)?:", message), message
    assert _snapshot(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def _big_truncated(path: Path) -> Path:
    """A 20 MB JSON file cut off at the end."""
    body = b",\n".join(
        b'  "k%07d": {"command": "x", "args": ["a", "b"]}' % i for i in range(400_000)
    )
    path.write_bytes(b"{\n" + body[: 20 * 1024 * 1024])
    return path


def _deep(path: Path) -> Path:
    """An object nested a hundred thousand levels deep."""
    path.write_bytes(b'{"mcpServers": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
    return path


def _directory(path: Path) -> Path:
    """A directory where the config file should be."""
    path.mkdir()
    return path


def _dangling(path: Path) -> Path:
    """A symbolic link to a file that does not exist."""
    path.symlink_to(path.parent / "missing-target.json")
    return path


def _loop(path: Path) -> Path:
    """A symbolic link that points at itself."""
    path.symlink_to(path)
    return path


def _fifo(path: Path) -> Path:
    """A named pipe (reading it naively would hang)."""
    os.mkfifo(path)
    return path


def _read_only_file(path: Path) -> Path:
    """A valid file the user made read-only."""
    path.write_bytes(b'{"mcpServers": {}}\n')
    path.chmod(0o444)
    return path


def _read_only_dir(path: Path) -> Path:
    """A valid file in a read-only directory."""
    path.parent.joinpath("ro").mkdir()
    inner = path.parent / "ro" / path.name
    inner.write_bytes(b'{"mcpServers": {}}\n')
    inner.parent.chmod(0o555)
    return inner


def _parent_is_file(path: Path) -> Path:
    """A path whose parent is a regular file."""
    path.write_bytes(b"not a directory")
    return path / "settings.json"


def _missing_parent(path: Path) -> Path:
    """A user-scope file whose directory does not exist (create_parents=False)."""
    return path.parent / "no-such-dir" / path.name


CASES: dict[str, Callable[[Path], Path]] = {
    "20 MB truncated file": _big_truncated,
    "deep nesting": _deep,
    "directory instead of file": _directory,
    "dangling symlink": _dangling,
    "symlink loop": _loop,
    "fifo": _fifo,
    "read-only file": _read_only_file,
    "read-only directory": _read_only_dir,
    "parent is a file": _parent_is_file,
    "missing parent directory": _missing_parent,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_filesystem_is_refused_and_left_alone(case: str, tmp_path: Path) -> None:
    """Each hostile path raises an AidoError naming the path and changes nothing on disk."""
    path = CASES[case](tmp_path / "settings.json")
    listing = sorted(str(p) for p in tmp_path.rglob("*"))
    before = _snapshot(path)
    try:
        with pytest.raises(AidoError) as caught:
            _attempt(path, Format.JSON, ("mcpServers",))
    finally:
        for folder in tmp_path.rglob("*"):
            if folder.is_dir() and not folder.is_symlink():
                folder.chmod(0o755)
    assert str(path) in str(caught.value) or str(path.parent) in str(caught.value)
    assert _snapshot(path) == before
    assert sorted(str(p) for p in tmp_path.rglob("*")) == listing


@pytest.mark.parametrize("text", _NOT_TOML)
def test_a_harness_toml_syntax_error_is_said_in_aidos_words(text: str, tmp_path: Path) -> None:
    """A harness's TOML file that does not parse is said as aido.toml's errors are: the
    file at line and column (the end of the file: after its last character), what is wrong
    in aido's words and none of the parser's; the bytes stay."""
    path = tmp_path / "config.toml"
    path.write_bytes(text.encode())
    with pytest.raises(DocumentError) as caught:
        _attempt(path, Format.TOML, ("mcp_servers",))
    reason, line, column = _tomllib_says(text)
    message = str(caught.value)
    assert message.startswith(f"{path}:{line}:{column}: config.toml is not valid TOML: "), message
    assert message.endswith("; fix it by hand, aido will not edit this file"), message
    assert reason not in message, message
    for library in ("(at line", "end of document", "tomllib", "('", "\\x"):
        assert library not in message, message
    assert path.read_bytes() == text.encode()


# One broken text per kind of reason Python's json parser gives.
_NOT_JSON = [
    '{"a": }',
    '{"a": 1 "b": 2}',
    '{"a" 1}',
    "{'a': 1}",
    '{"a": "x}',
    '{"a": "x\ty"}',
    '{"a": "\\q"}',
    '{"a": "\\u12"}',
    '{"a": [1 2]}',
    '{"a": tru}',
    '{\n  "servers": {\n    "x": {"command": "y"}\n',
]


@pytest.mark.parametrize("text", _NOT_JSON)
@pytest.mark.parametrize("fmt", [Format.JSON, Format.JSONC])
def test_a_harness_json_syntax_error_is_said_in_aidos_words(
    text: str, fmt: Format, tmp_path: Path
) -> None:
    """A harness's JSON file that does not parse is said with its line and column and
    what is wrong in aido's words, none of the json module's; the bytes stay."""
    path = tmp_path / "mcp.json"
    path.write_bytes(text.encode())
    with pytest.raises(DocumentError) as caught:
        _attempt(path, fmt, ("servers",))
    message = str(caught.value)
    assert re.match(rf"{re.escape(str(path))}:\d+:\d+: mcp.json is not valid JSON: ", message), (
        message
    )
    assert message.endswith("; fix it by hand, aido will not edit this file"), message
    for library in ("Expecting", "delimiter", "enclosed", "Unterminated", "Invalid", "char "):
        assert library not in message, message
    assert path.read_bytes() == text.encode()
