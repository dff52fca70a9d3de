"""The tools each server version listed, kept for the context-budget view ("N of M tools").

`<user state dir>/probe-tools.json`, owner-only, holds for each server (the name
and version it gave in `initialize`) its tool names and the size of each tool's
input schema (a token estimate's basis), with when it was last seen; the newest
`LIMIT` servers are kept, in at most `MAX_BYTES`. It is a cache: a file aido
cannot trust or read is started again, never believed. What a server listed is
data from a server: only names of the MCP tool name grammar are kept (a name
with a line break would break a harness file a budget writes), and the file is
written only where the state folder rule allows (`core/paths.py`), never
through a link.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from aidokit.reconcile.core.atomic import current_digest, replace_file
from aidokit.reconcile.core.errors import AidoError
from aidokit.reconcile.core.paths import private_entry, state_folder_problem, user_state_dir
from aidokit.reconcile.core.safe_read import read_file


class Listed(Protocol):
    """What `remember` reads of a probe's result (targets.Result; plans read this cache
    through reconcile/read/world.py, which the probe machinery imports, so not the reverse)."""

    @property
    def status(self) -> str: ...
    @property
    def server(self) -> str | None: ...
    @property
    def tools(self) -> tuple[str, ...]: ...
    @property
    def schema_sizes(self) -> tuple[int, ...]: ...
    @property
    def probe(self) -> Any: ...


CACHE_NAME = "probe-tools.json"
LIMIT = 256
MAX_BYTES = 4 << 20  # what `load` reads
FORMAT_VERSION = 1
# A tool name as the MCP specification (2025-11-25, server/tools, "Tool names") allows:
# 1 to 128 ASCII letters, digits, `_`, `-` and `.`.
TOOL_NAME = r"[A-Za-z0-9_.-]{1,128}"
SERVER_CHARS = 200  # of the name and version a server gives in `initialize`


def valid_tool_name(name: object) -> bool:
    """Whether `name` is a tool name of the MCP grammar."""
    import re

    return isinstance(name, str) and re.fullmatch(TOOL_NAME, name, re.ASCII) is not None


def _writable(path: Path, project: Path | None) -> bool:
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
    if not path.exists() or not _writable(path, project):
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


def remember(results: Iterable[Listed], environ: Mapping[str, str], project: Path) -> None:
    """Add the tool lists of the probes that listed them; keep the newest `LIMIT` servers."""
    found = [r for r in results if r.status == "ok" and r.server]  # Status.OK (a StrEnum)
    if not found:
        return
    path = cache_path(environ)
    servers = load(path, project)
    now = datetime.now(UTC).replace(microsecond=0).isoformat()
    for result in found:
        if result.server is None:
            raise RuntimeError("aido bug: expected result.server is not None")
        if len(result.server) > SERVER_CHARS or not result.server.isprintable():
            continue
        listed = zip(result.tools, result.schema_sizes, strict=False)
        servers[result.server] = {
            "tools": [
                {"name": name, "schema_chars": size}
                for name, size in listed
                if valid_tool_name(name)
            ],
            "seen": now,
            # The ids of the entries that started it, for the context budget (plan, status).
            "ids": sorted({use.id for use in result.probe.uses}),
        }
    newest = sorted(servers.items(), key=lambda item: str(item[1].get("seen")), reverse=True)
    _save(path, newest[:LIMIT], project)


def _save(path: Path, newest: list[tuple[str, Any]], project: Path) -> None:
    """Write the newest servers that fit in `MAX_BYTES`, where the rule allows."""
    while True:
        doc = {"format_version": FORMAT_VERSION, "servers": dict(sorted(newest))}
        data = (json.dumps(doc, indent=1, sort_keys=True) + "\n").encode("utf-8")
        if len(data) <= MAX_BYTES or not newest:
            break
        newest = newest[:-1]  # the oldest goes first
    if not _writable(path, project):
        return
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _writable(path, project):
            return
        replace_file(path, data, current_digest(path), create_parents=True, mode=0o600)
    except (AidoError, OSError):
        return  # a cache: a probe's answer does not depend on keeping it


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
