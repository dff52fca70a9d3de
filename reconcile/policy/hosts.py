"""The host a harness reaches for a URL, or why aido cannot tell (issue 48 item 5).

Harnesses read URLs with different parsers. Node's WHATWG `URL` (Claude Code,
VS Code, Cursor, Gemini, `mcp-remote`) and Rust's `url` crate (Codex)
percent-decode a host, map it by IDNA (U+3002 and the fullwidth full stops are
dots, fullwidth letters are ASCII), read `\\` as `/` in http(s), drop tabs and
newlines anywhere and take `https:host` without its slashes; Python's
`urlsplit` does none of that, so `https://mcp%2Eevil.net` or
`https://mcp.evil.net\\.example.com` would be judged as a host the harness
never reaches.

aido does not emulate one parser and guess that every harness agrees: it reads
a URL only in the form they all read alike, `scheme://authority...` with an
authority of printable ASCII holding no `%` and no `\\`. Any other URL is
`Unreadable`, and a policy layer with `host:` rules refuses it outright (an
international name is written in its `xn--` form). A numeric IPv4 host
(`0x7f.1`, `2130706433`, `0177.0.0.1`), which WHATWG reads as `inet_aton` does,
is compared in its dotted form.
"""

from __future__ import annotations

import re
import socket
from typing import NamedTuple

_START = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]*)")
# RFC 3986's authority characters without `%` (so no percent-encoding): printable ASCII.
_AUTHORITY = re.compile(r"[A-Za-z0-9._~!$&'()*+,;=:@\[\]-]*")
_PORT = re.compile(r"(?::[0-9]*)?")
_NUMERIC = re.compile(r"[0-9]+|0x[0-9a-f]*")


class Unreadable(NamedTuple):
    """A URL whose host aido cannot read as every harness does."""

    url: str
    why: str


def host_of(url: str) -> str | Unreadable:
    """The host `url` reaches (lower case, no trailing dot; IPv4 dotted), or why it is
    `Unreadable`."""
    start = _START.match(url)
    if start is None:
        return Unreadable(url, "it is not written scheme://host")
    authority = start.group(2)
    if not _AUTHORITY.fullmatch(authority):
        return Unreadable(url, "its host part holds '%', '\\', a space, or a non-ASCII or "
                          "control character")  # fmt: skip
    place = authority.rpartition("@")[2]
    if place.startswith("["):
        host, bracket, port = place[1:].partition("]")
        if not bracket or not _PORT.fullmatch(port):
            return Unreadable(url, "its IPv6 address is not closed by ']'")
        return host.lower()
    host, _, port = place.partition(":")
    host = host.lower().rstrip(".")
    if not host or (port and not port.isdigit()):
        return Unreadable(url, "it names no host, or its port is not a number")
    return _ipv4(url, host)


def _ipv4(url: str, host: str) -> str | Unreadable:
    """`host` in dotted form when WHATWG reads it as an IPv4 address (its last label is
    a number), else as it is."""
    if not _NUMERIC.fullmatch(host.rsplit(".", 1)[-1]):
        return host
    try:
        return socket.inet_ntoa(socket.inet_aton(host))
    except OSError:
        return Unreadable(url, "its host ends in a number but is no IPv4 address")
