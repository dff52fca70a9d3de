"""The fleet view: many repositories' `aido plan --json` outputs read as one picture.

CI is the distributed engine (one job per repository uploads its plan as an
artifact); `aido report` only reads what those jobs left. Each input is a
plan document, an error document (the job failed under --json) or garbage
(the job crashed before printing): the last two are failed repositories.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aidokit.reconcile.errors import ConfigError
from aidokit.reconcile.plan import PLAN_FORMAT_VERSION

# An artifact folder named after the repository often holds a file with one of these names.
GENERIC_NAMES = frozenset({"plan", "aido-plan", "aido"})
COUNTS = ("add", "change", "remove", "conflict", "error")


@dataclass(frozen=True)
class Finding:
    """One entry worth a line in the report: a conflict, a deprecated or an outdated entry."""

    repository: str
    adapter: str
    path: str
    name: str
    id: str | None
    detail: str


@dataclass(frozen=True)
class Repository:
    """One repository's plan, reduced to what the fleet view shows."""

    name: str
    status: str  # "converged" | "drifted" | "failed"
    counts: Mapping[str, int] = field(default_factory=dict)
    error: str | None = None
    conflicts: tuple[Finding, ...] = ()
    updates: tuple[Finding, ...] = ()
    servers: tuple[tuple[str, str], ...] = ()  # (entry id or name, adapter) desired here


@dataclass(frozen=True)
class Fleet:
    """Every repository, sorted by name."""

    repositories: tuple[Repository, ...]

    def count(self, status: str) -> int:
        """How many repositories have this status."""
        return sum(1 for repo in self.repositories if repo.status == status)


def plan_files(paths: Iterable[Path]) -> list[tuple[str, Path]]:
    """(repository name, file) for each plan file given or found under a given folder."""
    found: list[tuple[str, Path]] = []
    for path in paths:
        if path.is_dir():
            found += [(_name(p.relative_to(path), p), p) for p in sorted(path.rglob("*.json"))]
        elif path.is_file():
            found.append((_name(Path(path.name), path), path))
        else:
            raise ConfigError(f"{path} does not exist; pass plan files or folders that hold them")
    if not found:
        raise ConfigError("no plan files (*.json) found; pass `aido plan --json` outputs")
    return found


def _name(relative: Path, path: Path) -> str:
    """`acme-api/plan.json` and `acme-api.json` -> `acme-api` (artifact folder or file name)."""
    parts = list(relative.with_suffix("").parts)
    if parts[-1] in GENERIC_NAMES:
        parts.pop()
    return "/".join(parts) or path.resolve().parent.name


def load_fleet(paths: Iterable[Path]) -> Fleet:
    """Read every plan file into a Fleet."""
    repos = [repository(name, read_plan(path)) for name, path in plan_files(paths)]
    return Fleet(tuple(sorted(repos, key=lambda r: r.name)))


def read_plan(path: Path) -> Any:
    """The parsed document, or the reason it is not one (a string)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return f"{path.name} is not a JSON plan ({type(exc).__name__}); the job failed before it"


def repository(name: str, doc: Any) -> Repository:
    """Classify one document: converged, drifted, or failed (with the sentence why)."""
    if isinstance(doc, str):
        return Repository(name, "failed", error=doc)
    if not isinstance(doc, dict) or not isinstance(doc.get("format_version"), int):
        return Repository(name, "failed", error="not an `aido plan --json` output")
    if isinstance(doc.get("error"), dict):
        return Repository(name, "failed", error=str(doc["error"].get("message", "")))
    if doc["format_version"] > PLAN_FORMAT_VERSION or not isinstance(doc.get("files"), list):
        return Repository(name, "failed", error="a plan format this aido cannot read; upgrade")
    return _planned(name, doc)


def _planned(name: str, doc: dict[str, Any]) -> Repository:
    summary = doc.get("summary", {})
    counts = {key: int(summary.get(key, 0)) for key in COUNTS}
    conflicts, updates, servers = [], [], []
    # File errors name the file by its absolute path on the CI runner: keep the part in the repo.
    root = str(doc.get("project", "")).rstrip("/\\") + "/"
    errors = [str(f["error"]).replace(root, "") for f in doc["files"] if f.get("error")]
    for file in doc["files"]:
        for change in file.get("changes", []):
            finding = _finding(name, file, change)
            if change["action"] == "conflict":
                conflicts.append(finding)
            elif change["action"] == "update" and not change.get("map_path"):
                updates.append(finding)
            if change["action"] in ("create", "update", "heal") and not change.get("map_path"):
                servers.append((change.get("id") or change["name"], file["adapter"]))
        servers += [(u.get("id") or u["name"], file["adapter"]) for u in file.get("unchanged", [])]
    status = "failed" if errors else "drifted" if any(counts.values()) else "converged"
    return Repository(
        name,
        status,
        counts,
        error=errors[0] if errors else None,
        conflicts=tuple(conflicts),
        updates=tuple(updates),
        servers=tuple(sorted(set(servers))),
    )


def _finding(repo: str, file: Mapping[str, Any], change: Mapping[str, Any]) -> Finding:
    detail = change.get("hint") or change.get("reason") or ""
    return Finding(repo, file["adapter"], file["path"], change["name"], change.get("id"), detail)


def deprecated(fleet: Fleet) -> list[Finding]:
    """Entries in use that the catalog marks deprecated, with their replacement."""
    from aidokit.catalog.entries import ENTRIES_BY_ID

    found = []
    for repo in fleet.repositories:
        for server, adapter in repo.servers:
            entry = ENTRIES_BY_ID.get(server)
            if entry is not None and entry.deprecated:
                instead = f"use {entry.replaced_by}" if entry.replaced_by else "no replacement"
                found.append(Finding(repo.name, adapter, "", server, server, instead))
    return found


def servers_in_use(fleet: Fleet) -> dict[str, tuple[list[str], list[str]]]:
    """Server -> (repositories, harnesses) over the whole fleet, sorted."""
    repos: dict[str, set[str]] = {}
    harnesses: dict[str, set[str]] = {}
    for repo in fleet.repositories:
        for server, adapter in repo.servers:
            repos.setdefault(server, set()).add(repo.name)
            harnesses.setdefault(server, set()).add(adapter)
    return {key: (sorted(repos[key]), sorted(harnesses[key])) for key in sorted(repos)}
