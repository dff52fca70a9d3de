"""File formats, content digests and byte-offset locations for error messages."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple, Protocol

from aidokit.adapters.base import LIST_ITEMS, NAMED_TABLES, Format
from aidokit.reconcile.core.errors import DocumentError

__all__ = [
    "ABSENT",
    "BOM",
    "LIST_ITEMS",
    "NAMED_TABLES",
    "Format",
    "MapOrigin",
    "Pieces",
    "decode_text",
    "file_digest",
    "first_newline",
    "sha256",
    "where",
]

ABSENT = "absent"  # digest of a file that does not exist
BOM = b"\xef\xbb\xbf"
Pieces = tuple[bytes | memoryview, ...]  # a file's bytes in pieces, written in turn


class MapOrigin(NamedTuple):
    """What a map looked like before aido's first entry went in, so that its last entry
    leaving gives back those bytes (aido keeps it in its state records)."""

    made: int | None = None  # aido created the map: how many keys of its path were there
    # The object that first entry went into was empty and written open (`{`, a line
    # break, `}` on the `{` line's indentation), not `{}`: it stays open once emptied.
    open: bool = False
    # YAML: how an empty flow map the user wrote read from its key's `:` on, when that
    # is not ` {}` (`   {}`, `{ }`): an emptied map is written back so.
    flow: str | None = None


class Hash(Protocol):
    """A sha256 in progress, as hashlib's objects are."""

    def update(self, data: bytes | memoryview, /) -> None: ...
    def digest(self) -> bytes: ...
    def hexdigest(self) -> str: ...


SMALL = 1 << 20  # bytes: a file up to here is read whole to be hashed (atomic.py)


def sha256(data: bytes | memoryview = b"") -> Hash:
    """`hashlib.sha256(data)`, importing hashlib only when something is hashed."""
    import hashlib

    return hashlib.sha256(data)


def file_digest(raw: bytes | Pieces | None) -> str:
    """Return the sha256 hex of a file's bytes (or of its pieces, in turn), or ABSENT for
    a missing file."""
    if raw is None:
        return ABSENT
    if not isinstance(raw, tuple):
        return sha256(raw).hexdigest()
    digest = sha256()
    for piece in raw:
        digest.update(piece)
    return digest.hexdigest()


def decode_text(path: Path, raw: bytes) -> tuple[bool, str]:
    """Whether the file starts with a BOM, and its text after it; an error naming the line
    when it is not UTF-8."""
    bom = raw.startswith(BOM)
    try:
        return bom, raw[len(BOM) if bom else 0 :].decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise DocumentError(
            f"{path}:{line}: {path.name} is not UTF-8 text;"
            " fix it by hand, aido will not edit this file"
        ) from None


def first_newline(text: str) -> str:
    """The line break the file's first line ends with: CRLF, else LF."""
    first = text.find("\n")
    return "\r\n" if first > 0 and text[first - 1] == "\r" else "\n"


def where(path: Path, raw: bytes, offset: int) -> str:
    """Return `path:line:column` for a byte offset (column counts characters, from 1)."""
    offset = max(0, min(offset, len(raw)))
    line_start = raw.rfind(b"\n", 0, offset) + 1
    if line_start == 0 and raw.startswith(BOM):
        line_start = min(len(BOM), offset)
    line = raw.count(b"\n", 0, offset) + 1
    column = len(raw[line_start:offset].decode("utf-8", "replace")) + 1
    return f"{path}:{line}:{column}"
