"""Document API used by adapters and apply.

PLACEHOLDER IMPLEMENTATION for the walking skeleton (issue 2): strict JSON
only, re-serialised on write. Issue 4 replaces the internals with span-based
JSON/JSONC editing, tomlkit, locking and compare-and-swap, keeping this API.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Iterator, Mapping
from enum import StrEnum
from pathlib import Path
from typing import Any

from aidokit.reconcile.errors import DocumentError, StaleError

ABSENT = "absent"  # digest of a file that does not exist


class Format(StrEnum):
    """On-disk syntax of a config file."""

    JSON = "json"  # strict JSON: never gets comments or trailing commas
    JSONC = "jsonc"  # JSON with comments and trailing commas
    TOML = "toml"


def file_digest(raw: bytes | None) -> str:
    """sha256 of a file's bytes, or ABSENT for a missing file."""
    return ABSENT if raw is None else hashlib.sha256(raw).hexdigest()


class Document:
    """A parsed config file plus pending entry edits."""

    def __init__(self, path: Path, fmt: Format, original: bytes | None) -> None:
        self.path = path
        self.fmt = fmt
        self.original = original
        self.digest = file_digest(original)
        self.value: dict[str, Any] = self._parse(original)

    def _parse(self, raw: bytes | None) -> dict[str, Any]:
        if raw is None:
            return {}
        try:
            value = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise DocumentError(
                f"{self.path} is not valid JSON ({exc}); fix it by hand, aido will not touch it"
            ) from exc
        if not isinstance(value, dict):
            raise DocumentError(f"{self.path} must hold a JSON object at the top level")
        return value

    def get_map(self, key_path: tuple[str, ...]) -> dict[str, Any] | None:
        """The object at `key_path`, None when absent; DocumentError when not an object."""
        node: Any = self.value
        for depth, key in enumerate(key_path):
            if key not in node:
                return None
            node = node[key]
            if not isinstance(node, dict):
                where = ".".join(key_path[: depth + 1])
                raise DocumentError(f"{self.path}: '{where}' must be an object")
        result: dict[str, Any] = node
        return result

    def set_entry(self, key_path: tuple[str, ...], name: str, entry: Mapping[str, Any]) -> None:
        """Create or replace one entry, creating the map when missing."""
        node = self.value
        for key in key_path:
            node = node.setdefault(key, {})
        node[name] = dict(entry)

    def delete_entry(self, key_path: tuple[str, ...], name: str) -> None:
        """Remove one entry if present."""
        node = self.get_map(key_path)
        if node is not None:
            node.pop(name, None)

    def render(self) -> bytes:
        """The new file content."""
        return (json.dumps(self.value, indent=2) + "\n").encode("utf-8")


def read_document(path: Path, fmt: Format) -> Document:
    """Read and parse `path`; a missing file is an empty document."""
    try:
        raw: bytes | None = path.read_bytes()
    except FileNotFoundError:
        raw = None
    except OSError as exc:
        raise DocumentError(f"cannot read {path}: {exc.strerror}") from exc
    return Document(path, fmt, raw)


@contextlib.contextmanager
def lock_file(path: Path) -> Iterator[None]:
    """Serialise read-modify-write of `path` across aido processes."""
    yield


def write_document(doc: Document, *, create_parents: bool) -> None:
    """Write `doc` atomically if the file still has the bytes it was read from."""
    current = file_digest(doc.path.read_bytes() if doc.path.exists() else None)
    if current != doc.digest:
        raise StaleError(f"{doc.path} changed since it was read; run aido plan again")
    if create_parents:
        doc.path.parent.mkdir(parents=True, exist_ok=True)
    tmp = doc.path.with_name(f".{doc.path.name}.aido-tmp")
    tmp.write_bytes(doc.render())
    tmp.replace(doc.path)
