"""Which catalog entry an MCP Registry server is (`aido search`, `aido catalog sync`).

A catalog entry made by `catalog import` carries the tag `registry:<name>`;
the hand-written ones do not, so a server is also the entry that runs its
npm or PyPI package (any version) or its remote URL. Read from an unvalidated
server.json: a field of the wrong shape matches nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from aidokit.catalog.models import MCPDef, RemoteSpec, package_of

REGISTRY_TAG = "registry:"


def _pypi_name(name: str) -> str:
    # PEP 503 normalisation: PyPI treats `Foo_Bar` and `foo-bar` as one project.
    return re.sub(r"[-_.]+", "-", name).lower()


def package_key(registry: str, name: str) -> tuple[str, str]:
    """A package's identity across spellings (npm names are lower-case already)."""
    return (registry, _pypi_name(name) if registry == "pypi" else name)


def _url_key(url: str) -> str:
    return url.rstrip("/").lower()


def server_keys(server: dict[str, Any]) -> set[tuple[str, str]]:
    """The packages and remote URLs a server.json names, as matchable keys."""
    keys: set[tuple[str, str]] = set()
    for package in _dicts(server.get("packages")):
        kind, name = package.get("registryType"), package.get("identifier")
        if kind in ("npm", "pypi") and isinstance(name, str):
            keys.add(package_key(kind, name))
    for remote in _dicts(server.get("remotes")):
        url = remote.get("url")
        if isinstance(url, str):
            keys.add(("url", _url_key(url)))
    return keys


def entry_keys(entry: MCPDef) -> set[tuple[str, str]]:
    """The packages and remote URLs a catalog entry runs, as matchable keys."""
    keys: set[tuple[str, str]] = set()
    for spec in entry.install.values():
        if isinstance(spec, RemoteSpec):
            keys.add(("url", _url_key(spec.url)))
        elif (package := package_of(spec)) is not None:
            keys.add(package_key(package.registry, package.name))
    return keys


def matching_entries(server: dict[str, Any], entries: Iterable[MCPDef]) -> list[MCPDef]:
    """The catalog entries that are `server`: by its registry tag, else by what they run."""
    name = server.get("name")
    entries = list(entries)
    tagged = [e for e in entries if isinstance(name, str) and f"{REGISTRY_TAG}{name}" in e.tags]
    if tagged:
        return tagged
    keys = server_keys(server)
    return [entry for entry in entries if keys & entry_keys(entry)] if keys else []


def _dicts(value: object) -> list[dict[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []
