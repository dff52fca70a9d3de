"""`aido catalog sync [--registry URL] [--out DIR] [--full] [--json]`: drafts for a pull request.

Reads the registry's latest servers, page by page, from the newest
`updatedAt` the last sync saw (kept in `DIR/.aido-sync.json`, per registry
URL), and writes into `DIR` only: a draft entry per server new, changed or
deprecated upstream, `report.txt` and `report.json`, and the sync state.
Nothing is written until every page is in, so a registry that fails or is too
slow leaves `DIR` as it was; the catalog itself is never touched.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aidokit.catalog.errors import excerpt
from aidokit.reconcile.core.errors import ConfigError

STATE_FILE = ".aido-sync.json"
STATE_VERSION = 1
DEFAULT_OUT = "catalog-drafts"
SYNC_TIMEOUT = 120.0  # seconds for all of a sync's pages (AIDO_REGISTRY_TIMEOUT overrides)


def run_sync(*, registry: str, out: Path, full: bool, as_json: bool) -> int:
    """Run `aido catalog sync`."""
    import sys

    from aidokit.catalog.entries import MCP_CATALOG
    from aidokit.catalog.registry_sync import Upstream, sync
    from aidokit.reconcile.remote.download import Deadlines
    from aidokit.reconcile.remote.mcp_registry import api_base, list_servers
    from aidokit.reconcile.show.json_output import dumps
    from aidokit.reconcile.show.sync import SyncRun, sync_json, sync_text

    api_base(registry)  # an URL that is not http(s) is refused before anything else
    _check_out(out)
    state = _read_state(out / STATE_FILE)
    since = None if full else _since(state, registry)
    items = list_servers(registry, Deadlines(SYNC_TIMEOUT), updated_since=since)
    result = sync((Upstream(i.server, i.status, i.status_message) for i in items), MCP_CATALOG)
    newest = max((stamp for i in items if (stamp := _stamp(i.updated_at))), default=None)
    run = SyncRun(
        registry=registry,
        updated_since=since,
        next_since=newest or since,
        servers=len(items),
        out=str(out),
        result=result,
    )
    text, doc = sync_text(run), sync_json(run)
    files = {draft.file_name: draft.source for draft in result.drafts}
    files["report.txt"] = text
    files["report.json"] = dumps(doc)
    if run.next_since:
        registries = {**state.get("registries", {}), registry: {"updated_since": run.next_since}}
        files[STATE_FILE] = dumps({"format_version": STATE_VERSION, "registries": registries})
    _write_all(out, files)
    sys.stdout.write(dumps(doc) if as_json else text)
    return 0


def _check_out(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise ConfigError(f"--out {out} is not a folder; pass a folder for the drafts")


def _read_state(path: Path) -> dict[str, Any]:
    """The last syncs' state, {} when there was none; a damaged one is an error."""
    from aidokit.reconcile.core.safe_read import parse_nested, read_file

    raw = read_file(path, limit=1 << 20, error=ConfigError)
    if raw is None:
        return {}
    fix = f"delete {path} (or pass --full) to read the registry in full"
    try:
        data = parse_nested(path, lambda: json.loads(raw), error=ConfigError)
    except ValueError:
        raise ConfigError(f"{path} is not valid JSON; {fix}") from None
    registries = data.get("registries") if isinstance(data, dict) else None
    if (
        not isinstance(data, dict)
        or data.get("format_version") != STATE_VERSION
        or not isinstance(registries, dict)
        or not all(
            isinstance(v, dict) and isinstance(v.get("updated_since"), str)
            for v in registries.values()
        )
    ):
        raise ConfigError(f"{path} is not an aido sync state (format_version 1); {fix}")
    return data


def _since(state: dict[str, Any], registry: str) -> str | None:
    entry = state.get("registries", {}).get(registry)
    return entry["updated_since"] if entry else None


def _stamp(text: str) -> str | None:
    """`text` as a UTC RFC 3339 time (`2026-11-01T10:00:00.5Z`), None when it is not one."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    if moment.tzinfo is None:
        return None
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _write_all(out: Path, files: dict[str, str]) -> None:
    """Write each file into `out` (created if missing): a temp file renamed over the name,
    so a link standing at a name is replaced, never written through."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            temp = out / f".aido-tmp-{os.getpid()}-{name}"
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
            os.replace(temp, out / name)
    except OSError as exc:
        raise ConfigError(
            f"cannot write the drafts into {out}: {exc.strerror}; "
            f"pass another --out folder (names: {excerpt(sorted(files))})"
        ) from None
