"""Read an MCP Registry's `/v0.1` API (`aido search --registry`, `aido catalog sync`).

The official registry (modelcontextprotocol/registry, docs/reference/api/
openapi.yaml and official-registry-api.md) lists servers at `GET
/v0.1/servers`, a page at a time: `limit`, an opaque `cursor` taken from the
previous page's `metadata.nextCursor` (none or empty: the last page), and the
official extensions `search` (substring of name and description),
`updated_since` (RFC 3339; deleted servers are then included) and
`version=latest`. Each item is `{"server": <server.json>, "_meta":
{"io.modelcontextprotocol.registry/official": {"status", "updatedAt", ...}}}`;
one server is `GET /v0.1/servers/{name}/versions/latest`.

An answer is outside input (SPEC §7): one deadline for all of a command's
requests (`AIDO_REGISTRY_TIMEOUT`, download.py), a size cap per page and a
page cap per command, a cursor that repeats is an error, and every field is
read by shape. The server.json inside each item is not validated here: its
consumer does that and decides what an invalid one means.
"""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.parse
from typing import Any, NamedTuple

from aidokit.catalog.errors import excerpt
from aidokit.reconcile.remote.download import (
    MAX_ANSWER,
    Deadlines,
    RegistryError,
    TooBig,
    download,
)

OFFICIAL = "https://registry.modelcontextprotocol.io"
PAGE_LIMIT = 100  # servers per page asked for
MAX_PAGES = 500  # 50,000 servers: a registry that pages past this is looping
MAX_TOTAL = 256 << 20  # bytes of all pages of one listing (each page: MAX_ANSWER)
_OFFICIAL_META = "io.modelcontextprotocol.registry/official"
STATUSES = ("active", "deprecated", "deleted")


class RegistryServer(NamedTuple):
    """One item of a registry answer: its server.json (unvalidated) and the registry's meta."""

    server: dict[str, Any]
    status: str  # "active", "deprecated", "deleted" ("active" when none), or one aido
    # does not know (in STATUSES or not: consumers decide; printed escaped)
    updated_at: str  # RFC 3339 as the registry wrote it, "" when absent
    status_message: str = ""
    is_latest: bool = True  # the registry's isLatest (true when it says nothing)

    @property
    def name(self) -> str:
        """The server's registry name (`io.github.owner/server`), "" when it has none."""
        name = self.server.get("name")
        return name if isinstance(name, str) else ""


def api_base(url: str) -> str:
    """The `/v0.1` base of registry `url` (given with or without it)."""
    if not url.startswith(("https://", "http://")):
        raise RegistryError(
            f"the registry URL {excerpt(url)} is not http(s); pass --registry https://..."
        )
    base = url.rstrip("/")
    return base if base.endswith("/v0.1") else f"{base}/v0.1"


def list_servers(
    url: str,
    deadlines: Deadlines,
    *,
    search: str | None = None,
    updated_since: str | None = None,
    max_servers: int | None = None,
) -> list[RegistryServer]:
    """Every server the registry at `url` lists, page after page: only the latest version
    of each (an item the registry marks `isLatest: false` is left out, although
    `version=latest` asks for those only)."""
    base = api_base(url)
    query = {"limit": str(PAGE_LIMIT), "version": "latest"}
    if search:
        query["search"] = search
    if updated_since:
        query["updated_since"] = updated_since
    servers: list[RegistryServer] = []
    cursor: str | None = None
    seen: set[str] = set()
    read = [0]  # bytes of every page so far, against MAX_TOTAL
    for _ in range(MAX_PAGES):
        page_url = f"{base}/servers?{urllib.parse.urlencode({**query, **_cursor(cursor)})}"
        items, cursor = _page(_get_json(page_url, url, deadlines, read), url)
        servers += [item for item in items if item.is_latest]
        if not cursor or (max_servers is not None and len(servers) >= max_servers):
            return servers[:max_servers]
        if cursor in seen:
            raise RegistryError(
                f"the MCP registry at {url} sent the cursor {excerpt(cursor)} twice; "
                "it pages in a loop, try again later or check --registry"
            )
        seen.add(cursor)
    raise RegistryError(
        f"the MCP registry at {url} sent more than {MAX_PAGES} pages; "
        "check --registry, or sync again from the state it reached"
    )


def latest_server(url: str, name: str, deadlines: Deadlines) -> RegistryServer:
    """The latest version of server `name` on the registry at `url`."""
    quoted = urllib.parse.quote(name, safe="")
    data = _get_json(f"{api_base(url)}/servers/{quoted}/versions/latest", url, deadlines)
    item = _item(data, url)
    if item.name != name:
        raise RegistryError(
            f"the MCP registry at {url} answered {excerpt(item.name)} when asked for "
            f"{excerpt(name)}; check the name with aido search --registry"
        )
    return item


def _cursor(cursor: str | None) -> dict[str, str]:
    return {"cursor": cursor} if cursor else {}


def _page(data: object, url: str) -> tuple[list[RegistryServer], str | None]:
    servers = data.get("servers") if isinstance(data, dict) else None
    if not isinstance(servers, list):
        raise _malformed(url, "an answer without a list of servers")
    metadata = data.get("metadata") if isinstance(data, dict) else None
    metadata = {} if metadata is None else metadata
    cursor = metadata.get("nextCursor") if isinstance(metadata, dict) else 0
    if cursor is not None and not isinstance(cursor, str):
        raise _malformed(url, f"the page cursor {excerpt(cursor)}")
    return [_item(item, url) for item in servers], cursor or None


def _item(item: object, url: str) -> RegistryServer:
    server = item.get("server") if isinstance(item, dict) else None
    if not isinstance(server, dict):
        raise _malformed(url, f"the server item {excerpt(item)}")
    meta = item.get("_meta") if isinstance(item, dict) else None
    official = meta.get(_OFFICIAL_META) if isinstance(meta, dict) else None
    official = official if isinstance(official, dict) else {}
    status = official.get("status", "active")
    if not isinstance(status, str):
        raise _malformed(url, f"the status {excerpt(status)} for a server")
    updated = official.get("updatedAt", "")
    message = official.get("statusMessage", "")
    return RegistryServer(
        server=server,
        status=status[:64],  # a status aido does not know is kept for its consumer to report
        updated_at=updated if isinstance(updated, str) else "",
        status_message=message if isinstance(message, str) else "",
        is_latest=official.get("isLatest") is not False,
    )


def _malformed(url: str, what: str) -> RegistryError:
    return RegistryError(
        f"the MCP registry at {url} sent {what}, not the /v0.1 API's shape; "
        "check --registry or try again later"
    )


def _get_json(
    page_url: str, url: str, deadlines: Deadlines, read: list[int] | None = None
) -> object:
    """The JSON at `page_url`; with `read`, the bytes of every page so far, capped at
    MAX_TOTAL (each page at MAX_ANSWER)."""
    left = deadlines.left(url)
    if left <= 0:
        raise _late(url, deadlines)
    total = read if read is not None else [0]
    try:
        body = download(page_url, left, cap=min(MAX_ANSWER, MAX_TOTAL - total[0]))
    except TooBig:
        if MAX_TOTAL - total[0] < MAX_ANSWER:
            raise RegistryError(
                f"the MCP registry at {url} sent more than {MAX_TOTAL >> 20} MiB in all; "
                "check --registry, or sync from a later --registry state"
            ) from None
        raise RegistryError(
            f"the MCP registry at {url} sent more than {MAX_ANSWER >> 20} MiB for one page; "
            "check --registry"
        ) from None
    except urllib.error.HTTPError as exc:
        raise RegistryError(
            f"the MCP registry at {url} answered {exc.code} for {excerpt(page_url, 160)}; "
            "check --registry or try again later"
        ) from None
    except TimeoutError:
        raise _late(url, deadlines) from None
    except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError) as exc:
        reason = getattr(exc, "reason", None) or type(exc).__name__
        raise RegistryError(
            f"cannot reach the MCP registry at {url} ({reason}); you may be offline, "
            "check --registry or try again later"
        ) from None
    total[0] += len(body)
    try:
        return json.loads(body)
    except RecursionError:
        problem = "JSON nested too deep to read"
    except ValueError:
        problem = "something that is not JSON"
    raise _malformed(url, problem)


def _late(url: str, deadlines: Deadlines) -> RegistryError:
    return RegistryError(
        f"the MCP registry at {url} did not answer within {deadlines.seconds:g} s "
        "(AIDO_REGISTRY_TIMEOUT, all of this command's requests to it); "
        "set it higher or try again later"
    )
