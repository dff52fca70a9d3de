"""What a probe keeps of each server's tools: `remember` adds the tool lists probes got to the
cache reconcile/read/tool_lists.py reads (its format, limits and rules are described there)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aidokit.reconcile.core.atomic import current_digest, replace_file
from aidokit.reconcile.core.errors import AidoError
from aidokit.reconcile.probe.targets import Result
from aidokit.reconcile.read.tool_lists import (
    FORMAT_VERSION,
    MAX_BYTES,
    cache_path,
    load,
    valid_tool_name,
    writable,
)

LIMIT = 256  # servers kept, the newest
SERVER_CHARS = 200  # of the name and version a server gives in `initialize`


def remember(results: Iterable[Result], environ: Mapping[str, str], project: Path) -> None:
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
    if not writable(path, project):
        return
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not writable(path, project):
            return
        replace_file(path, data, current_digest(path), create_parents=True, mode=0o600)
    except (AidoError, OSError):
        return  # a cache: a probe's answer does not depend on keeping it
