"""The tools each server version listed, kept for the context-budget view ("N of M tools").

`<user state dir>/probe-tools.json`, owner-only, holds for each server (the name
and version it gave in `initialize`) its tool names and the size of each tool's
input schema (a token estimate's basis), with when it was last seen, in at most
`MAX_BYTES`. reconcile/probe/tool_cache.py writes it after a probe (the newest
`LIMIT` servers); plans and status read it here. It is a cache: a file aido
cannot trust or read is started again, never believed. What a server listed is
data from a server: only names of the MCP tool name grammar are kept (a name
with a line break would break a harness file a budget writes), and the file is
written only where the state folder rule allows (`core/paths.py`), never
through a link.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aidokit.reconcile.core.errors import AidoError
from aidokit.reconcile.core.paths import private_entry, state_folder_problem, user_state_dir
from aidokit.reconcile.core.safe_read import read_file

CACHE_NAME = "probe-tools.json"
MAX_BYTES = 4 << 20  # what `load` reads
FORMAT_VERSION = 1
# A tool name as the MCP specification (2025-11-25, server/tools, "Tool names") allows:
# 1 to 128 ASCII letters, digits, `_`, `-` and `.`.
TOOL_NAME = r"[A-Za-z0-9_.-]{1,128}"


def valid_tool_name(name: object) -> bool:
    """Whether `name` is a tool name of the MCP grammar."""
    return isinstance(name, str) and re.fullmatch(TOOL_NAME, name, re.ASCII) is not None


def writable(path: Path, project: Path | None) -> bool:
    """Whether the cache at `path` may be believed or written: its folder under the state
    folder rule, the file itself (when there) a private regular file, never a link."""
    if state_folder_problem(path.parent, project) is not None:
        return False
    return private_entry(path, folder=False, missing_ok=True) is None


def cache_path(environ: Mapping[str, str]) -> Path:
    """Where the tool lists are kept."""
    return user_state_dir(environ) / CACHE_NAME


def load(path: Path, project: Path | None) -> dict[str, Any]:
    """The cached servers, or none when the file is missing, not private or damaged."""
    if not path.exists() or not writable(path, project):
        return {}
    try:
        raw = read_file(path, limit=MAX_BYTES)
        data = json.loads(raw) if raw else {}
    except (AidoError, ValueError):
        return {}
    servers = data.get("servers") if isinstance(data, dict) else None
    if data.get("format_version") != FORMAT_VERSION or not isinstance(servers, dict):
        return {}
    return servers


def tool_lists(environ: Mapping[str, str], project: Path) -> dict[str, tuple[str, ...]]:
    """Each entry id's tools, from the newest server version a probe of it listed."""
    sizes = tool_sizes(environ, project)
    return {entry: tuple(name for name, _ in tools) for entry, tools in sizes.items()}


def tool_sizes(environ: Mapping[str, str], project: Path) -> dict[str, tuple[tuple[str, int], ...]]:
    """Each entry id's tools and the characters of each one's input schema, from the
    newest server version a probe of it listed."""
    found: dict[str, tuple[tuple[str, int], ...]] = {}
    servers = load(cache_path(environ), project)
    for _, record in sorted(servers.items(), key=lambda item: str(item[1].get("seen"))):
        tools, ids = record.get("tools"), record.get("ids")
        if not isinstance(tools, list) or not isinstance(ids, list):
            continue
        listed = tuple(
            (str(t["name"]), _size(t.get("schema_chars")))
            for t in tools
            if isinstance(t, dict) and valid_tool_name(t.get("name"))
        )
        found.update((i, listed) for i in ids if isinstance(i, str))
    return found


def _size(value: object) -> int:
    """A cached schema size, 0 when the cache does not hold a plain count."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0
