"""What an MCP Registry's servers would change in the catalog (`aido catalog sync`).

Pure: registry items in, drafts and proposals out; nothing is registered or
written here (the catalog ADR: the catalog changes only by a reviewed pull
request). A server no entry is becomes a draft entry exactly as `catalog
import` prints it; a server an entry is (catalog/registry_match.py) becomes
proposals for that entry (a newer package version, a remote it lacks, a
deprecation) and a draft of the entry with the new pins and the deprecation
applied, its curation (roles, triggers, sensitivity) kept as it is.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from typing import Any, Literal, NamedTuple

from aidokit.catalog.errors import CatalogError, excerpt, shortened
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec, package_of
from aidokit.catalog.pysource import entry_source
from aidokit.catalog.registry_match import REGISTRY_TAG, matching_entries, package_key
from aidokit.catalog.server_json import entry_from_server_json, server_json_from

Change = Literal["version", "remote", "deprecated"]
DraftKind = Literal["new", "changed", "deprecated"]
STATUSES = ("active", "deprecated", "deleted")  # the official registry's server statuses
_NOTE = 300  # characters of upstream text (a status message) a note quotes


class Upstream(NamedTuple):
    """One server as the registry lists it: its server.json (unvalidated) and status."""

    server: dict[str, Any]
    status: str  # "active", "deprecated", "deleted", or one aido does not know (skipped)
    status_message: str = ""


class Proposal(NamedTuple):
    """One change the registry suggests for an existing entry."""

    entry_id: str
    server: str
    change: Change
    detail: str


class Draft(NamedTuple):
    """A catalog entry to review: its file name in the drafts folder and its Python text."""

    file_name: str
    server: str
    kind: DraftKind
    entry_id: str
    source: str


class Skipped(NamedTuple):
    """A registry server that gives neither a draft nor a proposal, and why."""

    server: str
    reason: str


class SyncResult(NamedTuple):
    """Everything one sync found."""

    drafts: tuple[Draft, ...]
    proposals: tuple[Proposal, ...]
    skipped: tuple[Skipped, ...]
    unchanged: tuple[str, ...]  # entry ids the registry agrees with


def sync(items: Iterable[Upstream], catalog: Sequence[MCPDef]) -> SyncResult:
    """Drafts and proposals for every registry item, against `catalog`."""
    drafts: list[Draft] = []
    proposals: list[Proposal] = []
    skipped: list[Skipped] = []
    unchanged: list[str] = []
    for item in items:
        name = _name(item.server)
        if item.status not in STATUSES:
            reason = f"the registry gives it the status {excerpt(item.status)}, unknown to aido"
            skipped.append(Skipped(name, reason))
            continue
        try:
            server = server_json_from(item.server, source=f"registry server {excerpt(name)}")
        except CatalogError as exc:
            skipped.append(Skipped(name, str(exc)))
            continue
        matched = matching_entries(server, catalog)
        if not matched:
            _new(item, server, drafts, skipped)
            continue
        for entry in matched:
            found = _proposals(entry, server, item)
            if found:
                proposals += found
                drafts.append(_updated(entry, server, item, found))
            else:
                unchanged.append(entry.id)
    return SyncResult(
        drafts=tuple(_unique_files(drafts)),
        proposals=tuple(proposals),
        skipped=tuple(skipped),
        unchanged=tuple(dict.fromkeys(unchanged)),
    )


def _name(server: dict[str, Any]) -> str:
    name = server.get("name")
    return shortened(name, 200) if isinstance(name, str) else "(a server without a name)"


def _new(
    item: Upstream, server: dict[str, Any], drafts: list[Draft], skipped: list[Skipped]
) -> None:
    if item.status != "active":
        skipped.append(Skipped(server["name"], f"{item.status} upstream and not in the catalog"))
        return
    try:
        result = entry_from_server_json(server)
    except CatalogError as exc:
        skipped.append(Skipped(server["name"], str(exc)))
        return
    notes = [
        f"new upstream: {server['name']} {server['version']}; "
        "add to its domain section of catalog/entries.py after review",
        *result.notes,
        "check the package and version exist (make verify-catalog) and the URL is the vendor's",
    ]
    drafts.append(
        Draft(
            file_name=f"new-{file_stem(server['name'])}.py",
            server=server["name"],
            kind="new",
            entry_id=result.entry.id,
            source=entry_source(result.entry, notes=notes),
        )
    )


def _proposals(entry: MCPDef, server: dict[str, Any], item: Upstream) -> list[Proposal]:
    name = server["name"]
    found = [
        Proposal(entry.id, name, "version", f"{label} {old or 'unpinned'} -> {new}")
        for label, old, new in _version_changes(entry, server)
    ]
    ours = {spec.url.rstrip("/").lower() for spec in _remotes(entry)}
    for remote in server.get("remotes", []):
        if remote["url"].rstrip("/").lower() not in ours:
            detail = f"{remote['url']} ({remote['type']})"
            found.append(Proposal(entry.id, name, "remote", detail))
    if item.status != "active" and not entry.deprecated:
        message = f": {shortened(item.status_message, _NOTE)}" if item.status_message else ""
        detail = (
            f"{item.status} upstream{message}; set deprecated=True and replaced_by= an "
            "existing entry"
        )
        found.append(Proposal(entry.id, name, "deprecated", detail))
    return found


def _version_changes(entry: MCPDef, server: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(package, catalog pin, registry version) for each package whose version differs."""
    upstream = {
        package_key(p["registryType"], p["identifier"]): p.get("version", "")
        for p in server.get("packages", [])
        if p["registryType"] in ("npm", "pypi")
    }
    changes: dict[tuple[str, str], tuple[str, str, str]] = {}
    for spec in entry.install.values():
        package = package_of(spec)
        if package is None:
            continue
        new = upstream.get(package_key(package.registry, package.name))
        if new and _newer(new, package.version):
            label = f"{package.registry}:{package.name}"
            changes[(label, package.version)] = (label, package.version, new)
    return list(changes.values())


def _newer(new: str, old: str) -> bool:
    """Whether registry version `new` moves pin `old` forward (any difference when either
    is not a version PEP 440 reads; npm's semver mostly is one)."""
    from packaging.version import InvalidVersion, Version

    if new == old:
        return False
    try:
        return not old or Version(new) > Version(old)
    except InvalidVersion:
        return True


def _remotes(entry: MCPDef) -> list[RemoteSpec]:
    return [spec for spec in entry.install.values() if isinstance(spec, RemoteSpec)]


def _updated(
    entry: MCPDef, server: dict[str, Any], item: Upstream, proposals: list[Proposal]
) -> Draft:
    """`entry` with the registry's versions pinned and its deprecation set, for review."""
    bumps = {old_new[0]: old_new for old_new in _pins(entry, server)}
    install = {key: _bumped(spec, bumps) for key, spec in entry.install.items()}
    deprecated = entry.deprecated or item.status != "active"
    tag = f"{REGISTRY_TAG}{server['name']}"  # links the entry to the server from now on
    tags = entry.tags if tag in entry.tags else (*entry.tags, tag)
    draft = dataclasses.replace(entry, install=install, deprecated=deprecated, tags=tags)
    notes = [
        f"changed upstream: {server['name']} {server['version']} ({item.status}); "
        f"replaces the entry {entry.id!r} in catalog/entries.py after review",
        *(f"{p.change}: {p.detail}" for p in proposals),
        "roles, triggers and sensitivity are the catalog's own: review them, do not copy upstream",
    ]
    kind: DraftKind = "deprecated" if item.status != "active" else "changed"
    return Draft(
        file_name=f"{kind}-{entry.id}.py",
        server=server["name"],
        kind=kind,
        entry_id=entry.id,
        source=entry_source(draft, notes=notes),
    )


def _pins(entry: MCPDef, server: dict[str, Any]) -> list[tuple[str, str]]:
    """(old launcher argument, new one) for each pin the registry moves."""
    pins = []
    for label, old, new in _version_changes(entry, server):
        registry, _, name = label.partition(":")
        mark = "@" if registry == "npm" else "=="
        if old:
            pins.append((f"{name}{mark}{old}", f"{name}{mark}{new}"))
    return pins


def _bumped(
    spec: StdioSpec | RemoteSpec, bumps: dict[str, tuple[str, str]]
) -> StdioSpec | RemoteSpec:
    if not isinstance(spec, StdioSpec) or not bumps:
        return spec
    args = tuple(bumps[arg][1] if arg in bumps else arg for arg in spec.args)
    return dataclasses.replace(spec, args=args)


def file_stem(name: str) -> str:
    """A file name for registry name `name`: `io.github.owner/server` -> `io.github.owner__server`.

    Registry names are `^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$`: the namespace has no `_`,
    so `__` marks where the `/` was. Anything else (a name that failed the
    schema never reaches here) becomes `-`; no name gives a path or a dot file.
    """
    stem = re.sub(r"[^a-z0-9._-]", "-", name.lower().replace("/", "__", 1))
    return stem.lstrip(".") or "server"


def _unique_files(drafts: list[Draft]) -> list[Draft]:
    """`drafts` with file names made unique (two names may differ only in case)."""
    taken: set[str] = set()
    out = []
    for draft in drafts:
        stem, name, number = draft.file_name[:-3], draft.file_name, 1
        while name in taken:
            number += 1
            name = f"{stem}-{number}.py"
        taken.add(name)
        out.append(draft._replace(file_name=name))
    return out
