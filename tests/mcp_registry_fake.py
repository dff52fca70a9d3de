"""A fake MCP Registry `/v0.1` API on 127.0.0.1 for the search and sync tests.

It serves `GET /v0.1/servers` (`limit`, `cursor`, `search`, `updated_since`,
`version=latest`) and `GET /v0.1/servers/{name}/versions/latest` in the
official registry's shape (docs/reference/api/openapi.yaml of
modelcontextprotocol/registry), and records every request's query. A test can
replace the answer of any request (`override`) to be slow or malformed.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

OFFICIAL = "io.modelcontextprotocol.registry/official"


def server_json(name: str, version: str = "1.0.0", **extra: Any) -> dict[str, Any]:
    """A valid server.json for `name` running npm package `@fake/<last part>` at `version`."""
    last = name.rpartition("/")[2]
    data: dict[str, Any] = {
        "name": name,
        "description": f"The {last} server",
        "version": version,
        "packages": [
            {
                "registryType": "npm",
                "identifier": f"@fake/{last}",
                "version": version,
                "transport": {"type": "stdio"},
            }
        ],
    }
    data.update(extra)
    return data


def item(
    server: dict[str, Any],
    *,
    status: str = "active",
    updated: str = "2026-11-01T00:00:00Z",
    message: str | None = None,
) -> dict[str, Any]:
    """A registry list item: the server.json and the official meta."""
    meta: dict[str, Any] = {"status": status, "updatedAt": updated, "isLatest": True}
    if message is not None:
        meta["statusMessage"] = message
    return {"server": server, "_meta": {OFFICIAL: meta}}


Answer = Callable[[BaseHTTPRequestHandler], bool]  # True when it answered the request


@dataclass
class FakeRegistry:
    """The registry's items, how many per page, and what it was asked."""

    items: list[dict[str, Any]] = field(default_factory=list)
    page_size: int = 2
    requests: list[dict[str, str]] = field(default_factory=list)
    override: Answer | None = None
    url: str = ""

    def listed(self, query: dict[str, str]) -> list[dict[str, Any]]:
        found = self.items
        if since := query.get("updated_since"):
            found = [i for i in found if i["_meta"][OFFICIAL]["updatedAt"] > since]
        else:
            found = [i for i in found if i["_meta"][OFFICIAL]["status"] != "deleted"]
        if word := query.get("search"):
            found = [
                i
                for i in found
                if word.lower() in (i["server"]["name"] + i["server"]["description"]).lower()
            ]
        return found

    def page(self, query: dict[str, str]) -> dict[str, Any]:
        found = self.listed(query)
        start = int(query.get("cursor") or 0)
        size = min(self.page_size, int(query.get("limit", self.page_size)))
        chunk = found[start : start + size]
        more = start + size < len(found)
        metadata = {"count": len(chunk), "nextCursor": str(start + size) if more else None}
        return {"servers": chunk, "metadata": metadata}


def _handler(registry: FakeRegistry) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            parts = urllib.parse.urlsplit(self.path)
            query = dict(urllib.parse.parse_qsl(parts.query))
            registry.requests.append({"path": parts.path, **query})
            if registry.override is not None and registry.override(self):
                return
            if parts.path == "/v0.1/servers":
                self.send_json(registry.page(query))
            elif parts.path.startswith("/v0.1/servers/") and parts.path.endswith(
                "/versions/latest"
            ):
                name = urllib.parse.unquote(parts.path.split("/")[3])
                found = [i for i in registry.items if i["server"]["name"] == name]
                if found:
                    self.send_json(found[-1])
                else:
                    self.send_json({"error": "Server not found"}, status=404)
            else:
                self.send_json({"error": "not found"}, status=404)

        def send_json(self, doc: object, status: int = 200) -> None:
            self.send_body(json.dumps(doc).encode(), status)

        def send_body(self, body: bytes, status: int = 200) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return Handler


@contextmanager
def running(registry: FakeRegistry) -> Iterator[FakeRegistry]:
    """Serve `registry` on 127.0.0.1 for the block."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(registry))
    server.daemon_threads = True
    server.block_on_close = False  # a stalled answer must not hold the test's end
    registry.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield registry
    finally:
        server.shutdown()
        server.server_close()


def stall(seconds: float) -> Answer:
    """Answer nothing for `seconds` (or until the client hangs up), then a valid empty page."""

    def answer(handler: BaseHTTPRequestHandler) -> bool:
        time.sleep(seconds)
        with contextlib.suppress(OSError):  # the client hung up at its deadline
            handler.send_json({"servers": [], "metadata": {}})  # type: ignore[attr-defined]
        return True

    return answer


def body(raw: bytes, status: int = 200) -> Answer:
    """Answer every request with `raw`."""

    def answer(handler: BaseHTTPRequestHandler) -> bool:
        handler.send_body(raw, status)  # type: ignore[attr-defined]
        return True

    return answer
