"""`make verify-catalog`: check every catalog install spec against the registries (network).

Each pinned npm package version is looked up as `<registry>/<name>/<version>`,
each PyPI one in the `releases` of `<pypi>/pypi/<name>/json` (with files); each remote URL's host
is resolved and asked for a TLS handshake. Prints one line per entry and
exits 1 if a pinned version does not exist. Never part of `make test`: the
test suite needs no network. `AIDO_NPM_REGISTRY` and `AIDO_PYPI_URL` point it
at a mirror, like `aido outdated --registry`.
"""

from __future__ import annotations

import json
import os
import socket
import ssl
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor

from aidokit.catalog.entries import CHECKED, MCP_CATALOG
from aidokit.catalog.models import MCPDef, Package, RemoteSpec, package_of

TIMEOUT = 10.0
OK, MISSING, UNREACHABLE, UNPINNED = "ok", "MISSING", "unreachable", "UNPINNED"


def targets(entry: MCPDef) -> list[Package | str]:
    """The distinct packages and remote URLs `entry`'s install specs run."""
    found: dict[str, Package | str] = {}
    for spec in entry.install.values():
        if isinstance(spec, RemoteSpec):
            found[spec.url] = spec.url
        elif (package := package_of(spec)) is not None:
            found[str(package)] = package
    return [found[key] for key in sorted(found)]


def check(target: Package | str) -> str:
    """`ok`, `MISSING`, `UNPINNED` or `unreachable (...)` for one package or URL."""
    if isinstance(target, str):
        return _check_host(target)
    if not target.version:
        return UNPINNED
    if target.registry == "npm":
        base = os.environ.get("AIDO_NPM_REGISTRY", "https://registry.npmjs.org").rstrip("/")
        name = urllib.parse.quote(target.name, safe="@")
        url = f"{base}/{name}/{urllib.parse.quote(target.version)}"
        return _check_url(url)
    base = os.environ.get("AIDO_PYPI_URL", "https://pypi.org").rstrip("/")
    url = f"{base}/pypi/{urllib.parse.quote(target.name)}/json"
    return _check_url(url, release=target.version)


def _check_url(url: str, *, release: str = "") -> str:
    """Fetch `url`; with `release`, the answer's `releases` must hold that version."""
    if not url.startswith(("https://", "http://")):
        return f"{UNREACHABLE} (not http(s): {url})"
    request = urllib.request.Request(url, headers={"Accept": "application/json"})  # noqa: S310
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310
            if not release:
                return OK
            releases = json.loads(response.read()).get("releases") or {}
            return OK if releases.get(release) else MISSING
    except ValueError:
        return f"{UNREACHABLE} (answer is not JSON)"
    except urllib.error.HTTPError as exc:
        return MISSING if exc.code == 404 else f"{UNREACHABLE} (HTTP {exc.code})"
    except (urllib.error.URLError, OSError) as exc:
        return f"{UNREACHABLE} ({getattr(exc, 'reason', exc)})"


def _check_host(url: str) -> str:
    """Resolve the URL's host and complete a TLS handshake with it."""
    host = urllib.parse.urlsplit(url).hostname or ""
    try:
        with (
            socket.create_connection((host, 443), timeout=TIMEOUT) as sock,
            ssl.create_default_context().wrap_socket(sock, server_hostname=host),
        ):
            return f"{OK} (TLS handshake with {host})"
    except OSError as exc:
        return f"{UNREACHABLE} (host {host}: {exc.strerror or exc})"


def report(entries: Iterable[MCPDef]) -> tuple[list[str], int]:
    """One line per package or URL of every entry, and how many pins are missing."""
    entries = list(entries)
    work = [(entry.id, target) for entry in entries for target in targets(entry)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda item: check(item[1]), work))
    lines, missing = [], 0
    width = max((len(entry_id) for entry_id, _ in work), default=0)
    for (entry_id, target), result in zip(work, results, strict=True):
        lines.append(f"{entry_id:<{width}} {target!s:<64} {result}")
        missing += result in (MISSING, UNPINNED)
    return lines, missing


def main() -> int:
    """Check the whole catalog and print the report."""
    lines, missing = report(MCP_CATALOG)
    print(f"catalog: {len(MCP_CATALOG)} entries, specs last checked {CHECKED}")
    print("\n".join(lines))
    unreachable = sum(f" {UNREACHABLE}" in line for line in lines)
    print(
        f"\n{len(lines)} packages and URLs checked: {missing} missing or unpinned, "
        f"{unreachable} not reachable from this machine (not verified), "
        f"{len(lines) - missing - unreachable} ok."
    )
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
