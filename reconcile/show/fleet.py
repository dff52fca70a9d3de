"""The fleet view: many repositories' `aido plan --json` outputs read as one picture.

CI is the distributed engine (one job per repository uploads its plan as an
artifact); `aido report` only reads what those jobs left. Each input is a
plan document, an error document (the job failed under --json) or garbage
(the job crashed before printing): the last two are failed repositories.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from aidokit.catalog.entries import ENTRIES_BY_ID
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.show.artifact import (
    Baseline,
    Change,
    JobError,
    PlanDoc,
    Violation,
    read_artifact,
)

# An artifact folder named after the repository often holds a file with one of these names.
GENERIC_NAMES = frozenset({"plan", "aido-plan", "aido"})


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
    baselines: tuple[Baseline, ...] = ()  # what `extends` names, pinned and maybe measured
    violations: tuple[Violation, ...] = ()  # entries outside policy, asked for or hand-written


@dataclass(frozen=True)
class Fleet:
    """Every repository, sorted by name."""

    repositories: tuple[Repository, ...]

    def count(self, status: str) -> int:
        """How many repositories have this status."""
        return sum(1 for repo in self.repositories if repo.status == status)


def plan_files(paths: Iterable[Path]) -> list[tuple[str, Path]]:
    """(repository name, file) for each plan file given or found under a given folder.

    Anything given that is not a folder is a plan file, FIFOs and dangling
    links included: reading it fails that repository, not the report.
    """
    found: list[tuple[str, Path]] = []
    for path in paths:
        if path.is_dir():
            found += [(_name(p.relative_to(path), p), p) for p in sorted(path.rglob("*.json"))]
        elif os.path.lexists(path):
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
    return "/".join(parts) or Path(os.path.abspath(path)).parent.name


def load_fleet(paths: Iterable[Path]) -> Fleet:
    """Read every plan file into a Fleet; a file that is no plan is a failed repository."""
    repos = [repository(name, read_artifact(path)) for name, path in plan_files(paths)]
    return Fleet(tuple(sorted(repos, key=lambda r: r.name)))


def repository(name: str, doc: PlanDoc | JobError | str) -> Repository:
    """Classify one artifact: converged, drifted, or failed (with the sentence why)."""
    if isinstance(doc, str):
        return Repository(name, "failed", error=doc)
    if isinstance(doc, JobError):
        return Repository(
            name,
            "failed",
            error=doc.message,
            baselines=doc.baselines,
            violations=doc.policy_violations,
        )
    conflicts, updates, servers = [], [], []
    # File errors name the file by its absolute path on the CI runner: keep the part in the repo.
    root = doc.project.rstrip("/\\") + "/"
    errors = [f.error.replace(root, "") if root != "/" else f.error for f in doc.files if f.error]
    for file in doc.files:
        for change in file.changes:
            finding = Finding(
                name, file.adapter, file.path, change.name, change.id, _detail(change)
            )
            if change.action == "conflict":
                conflicts.append(finding)
            elif change.action == "update" and not change.in_map:
                updates.append(finding)
            if change.action in ("create", "update", "heal") and not change.in_map:
                servers.append((change.id or change.name, file.adapter))
        servers += [(entry_id or entry, file.adapter) for entry_id, entry in file.unchanged]
    status = "failed" if errors else "drifted" if any(doc.counts.values()) else "converged"
    return Repository(
        name,
        status,
        doc.counts,
        error=errors[0] if errors else None,
        conflicts=tuple(conflicts),
        updates=tuple(updates),
        servers=tuple(sorted(set(servers))),
        baselines=doc.baselines,
        violations=doc.policy_violations,
    )


def _detail(change: Change) -> str:
    return change.hint or change.reason


def deprecated(fleet: Fleet) -> list[Finding]:
    """Entries in use that the catalog marks deprecated, with their replacement."""
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
