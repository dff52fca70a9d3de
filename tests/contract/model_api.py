"""A stand-in for the model API on 127.0.0.1 (a free port): every request Claude Code sends
is kept (its path and body) and answered with a 500, so nothing leaves the machine. The
contract tests read from it which requests came and which tools they carried."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


class _Refusing(BaseHTTPRequestHandler):
    """Keeps each request and answers it with a 500."""

    def do_POST(self) -> None:
        """Read the request, keep it, refuse it."""
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        assert isinstance(self.server, StandInApi)
        self.server.requests.put((self.path, body))
        self.send_response(500)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Keep the test output quiet."""


class StandInApi(ThreadingHTTPServer):
    """The model API: `requests` holds (path, body) of each request, in order."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Refusing)
        self.requests: queue.SimpleQueue[tuple[str, bytes]] = queue.SimpleQueue()

    def env(self) -> dict[str, str]:
        """What points Claude Code at this stand-in."""
        url = f"http://127.0.0.1:{self.server_address[1]}"
        return {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-offline"}


@pytest.fixture
def api() -> Iterator[StandInApi]:
    """A stand-in model API serving on a thread for the test's length."""
    server = StandInApi()
    # shutdown() waits for the loop to look again: every 50 ms, not the default 0.5 s.
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join()
