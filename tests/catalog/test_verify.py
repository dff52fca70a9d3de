"""`make verify-catalog` (catalog/verify.py) against a fake npm registry and PyPI on 127.0.0.1."""

from __future__ import annotations

import dataclasses
import http.server
import json
import threading
from collections.abc import Iterator

import pytest

from aidokit.catalog import verify
from aidokit.catalog.entries import ENTRIES_BY_ID
from aidokit.catalog.models import everywhere, npx, uvx

PAGES = {
    "/@modelcontextprotocol%2Fserver-memory/2026.8.31": {"version": "2026.8.31"},
    "/pypi/mcp-server-git/json": {"releases": {"2026.10.19": [{"filename": "x.whl"}]}},
}


class _Registry(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = PAGES.get(self.path)
        self.send_response(200 if body else 404)
        self.end_headers()
        self.wfile.write(json.dumps(body or {}).encode())

    def log_message(self, *args: object) -> None:
        """Quiet."""


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Registry)
    # shutdown() waits for the loop to look again: every 50 ms, not the default 0.5 s.
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    monkeypatch.setenv("AIDO_NPM_REGISTRY", base)
    monkeypatch.setenv("AIDO_PYPI_URL", base)
    yield
    server.shutdown()
    server.server_close()


def test_verify_reports_each_pin_and_counts_the_missing(registry: None) -> None:
    """Existing npm/PyPI pins are ok; a version the registry lacks is MISSING and counted."""
    memory, git = ENTRIES_BY_ID["memory"], ENTRIES_BY_ID["git"]
    gone = dataclasses.replace(git, id="gone", install=everywhere(uvx("mcp-server-git==0.0.1")))
    unpinned = dataclasses.replace(memory, id="loose", install=everywhere(npx("some-pkg")))
    lines, missing = verify.report([memory, git, gone, unpinned])
    assert missing == 2
    by_id = {line.split()[0]: line for line in lines}
    assert by_id["memory"].endswith(" ok") and by_id["git"].endswith(" ok")
    assert by_id["gone"].endswith("MISSING") and by_id["loose"].endswith("UNPINNED")


def test_verify_lines_keep_one_column_for_every_id_length(registry: None) -> None:
    """An id longer than the others (google-developer-knowledge is 26 characters) does not
    push its package out of the column the other lines use."""
    memory = ENTRIES_BY_ID["memory"]
    long_id = dataclasses.replace(memory, id="a-catalog-id-of-thirty-two-chars")
    lines, _ = verify.report([memory, long_id])
    starts = {line.index("npm:") for line in lines}
    assert len(starts) == 1, lines
