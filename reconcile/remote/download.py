"""The one way aido fetches over HTTP (npm, PyPI, the MCP Registry): `download`.

A registry's answer is outside input (SPEC §7): a socket timeout bounds each
read, not a request, so a server that trickles a byte at a time would hold a
command forever. Each registry gets one deadline for the whole command
(`Deadlines`: `AIDO_REGISTRY_TIMEOUT` seconds, all its requests together); a
timer shuts the connection when it passes, which ends any read blocked on it.
Answers are capped in size; redirects stay http(s) and watched.
"""

from __future__ import annotations

import contextlib
import http.client
import math
import os
import socket
import ssl
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from types import TracebackType
from typing import IO

from aidokit.catalog.errors import excerpt
from aidokit.reconcile.core.errors import AidoError

TIMEOUT = 15.0  # seconds for all of one command's requests to one registry
MAX_ANSWER = 16 << 20  # a package's metadata is kilobytes; PyPI's largest are a few MB


class RegistryError(AidoError):
    """A package registry could not be reached or gave no answer."""


class Deadlines:
    """When each registry's time runs out in this command (one budget per registry)."""

    def __init__(self, default: float = TIMEOUT) -> None:
        self.seconds = _seconds(default)
        self._ends: dict[str, float] = {}

    def left(self, where: str) -> float:
        """Seconds `where` may still take, its clock starting at its first request."""
        end = self._ends.setdefault(where, time.monotonic() + self.seconds)
        return end - time.monotonic()


def download(url: str, seconds: float, *, cap: int = MAX_ANSWER) -> bytes:
    """The body of http(s) `url` within `seconds` all told, at most `cap` bytes.

    Raises TooBig past `cap`, TimeoutError when the time passed (however slowly
    the answer trickled), and urllib's, http.client's or the socket's own error
    otherwise (HTTPError for an answer that is not 2xx).
    """
    with _Watch(seconds) as watch:
        try:
            body = _fetch(url, watch, seconds, cap)
        except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError) as exc:
            if watch.expired and not isinstance(exc, urllib.error.HTTPError | TooBig):
                raise TimeoutError from None
            raise
    return body


def _fetch(url: str, watch: _Watch, left: float, cap: int) -> bytes:
    """The body of `url`, at most `cap` bytes (more raises TooBig)."""
    # Only http(s), checked by the caller; redirects stay http(s) and watched (issue 48 §6):
    # no ftp, file or data handler is there to follow one elsewhere, outside the deadline.
    opener = urllib.request.OpenerDirector()
    errors = (urllib.request.HTTPErrorProcessor(), urllib.request.HTTPDefaultErrorHandler())
    for handler in (_Http(watch), _Https(watch), _HttpRedirects(), *errors):
        opener.add_handler(handler)
    request = urllib.request.Request(url, headers={"Accept": "application/json"})  # noqa: S310
    with opener.open(request, timeout=left) as response:
        chunks, size = [], 0
        while chunk := response.read(1 << 16):
            size += len(chunk)
            if size > cap:
                raise TooBig
            chunks.append(chunk)
    if watch.expired:  # the timer shut the connection: what came is cut short
        raise TimeoutError
    return b"".join(chunks)


class TooBig(ValueError):
    """The answer passed its size cap."""


class _Watch:
    """Shut every socket of one request when `seconds` pass, ending any read blocked on it."""

    def __init__(self, seconds: float) -> None:
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def connection(
        self, kind: type[http.client.HTTPConnection]
    ) -> Callable[..., http.client.HTTPConnection]:
        """A factory for urllib's `do_open` whose connections hand their socket to the watch.

        urllib drops the connection's own reference once the headers are in (the
        response reads through its file), so the socket is kept here at connect.
        """
        sockets = self._sockets

        class Watched(kind):  # type: ignore[valid-type,misc]  # a subclass of the class given
            def connect(self) -> None:
                super().connect()
                sockets.append(self.sock)

        return Watched

    def _expire(self) -> None:
        self.expired = True
        for sock in self._sockets:
            with contextlib.suppress(OSError):  # OSError: already closed
                # the plain socket's shutdown: an SSL socket's would drop its state first
                socket.socket.shutdown(sock, socket.SHUT_RDWR)

    def __enter__(self) -> _Watch:
        self._timer.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._timer.cancel()


class _HttpRedirects(urllib.request.HTTPRedirectHandler):
    """urllib's redirects, to http(s) only: anything else is the answer's error."""

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: http.client.HTTPMessage,
        newurl: str,
    ) -> urllib.request.Request | None:
        if urllib.parse.urlsplit(newurl).scheme.lower() not in ("http", "https"):
            raise urllib.error.HTTPError(
                req.full_url, code, f"redirect to a URL that is not http(s): {excerpt(newurl)}",
                headers, fp,
            )  # fmt: skip
        return super().redirect_request(req, fp, code, msg, headers, newurl)


class _Http(urllib.request.HTTPHandler):
    """urllib's http handler, its connections watched."""

    def __init__(self, watch: _Watch) -> None:
        super().__init__()
        self.watch = watch

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(self.watch.connection(http.client.HTTPConnection), req)


class _Https(urllib.request.HTTPSHandler):
    """urllib's https handler (default certificate checks), its connections watched."""

    def __init__(self, watch: _Watch) -> None:
        self.tls = ssl.create_default_context()
        super().__init__(context=self.tls)
        self.watch = watch

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        make = self.watch.connection(http.client.HTTPSConnection)
        return self.do_open(make, req, context=self.tls)


def _seconds(default: float) -> float:
    raw = os.environ.get("AIDO_REGISTRY_TIMEOUT", "")
    try:
        seconds = float(raw) if raw else default
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:
        raise RegistryError(
            f"AIDO_REGISTRY_TIMEOUT={excerpt(raw)} is not a number of seconds above 0; "
            f"set it to one (default {default:g}) or unset it"
        )
    return seconds
