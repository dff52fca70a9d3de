"""aido's per-user folders: where state, confirmations, the journal, the decode memo and
parsed TOML live."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from aidokit.reconcile.documents.tomlparse import ParsedToml

PARSED_NAME = "parsed"


def user_state_dir(environ: Mapping[str, str]) -> Path:
    """aido's per-user state folder, honouring XDG_STATE_HOME and HOME."""
    base = environ.get("XDG_STATE_HOME")
    if base:
        return Path(base) / "aido"
    return Path(environ.get("HOME") or Path.home()) / ".local" / "state" / "aido"


def parsed_toml(environ: Mapping[str, str], project: Path | None) -> ParsedToml:
    """The cache of parsed TOML files, `<user state dir>/parsed` (not trusted inside `project`)."""
    return ParsedToml(user_state_dir(environ) / PARSED_NAME, project)
