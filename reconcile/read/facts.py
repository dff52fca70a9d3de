"""Detect the facts triggers look at (SPEC §1 step 1): pure, bounded file reads.

Only known manifests are read (package.json, pyproject.toml, requirements*.txt,
marker files, `.git` metadata), at the root and in subfolders found by a bounded
walk (`repo.py`: a few levels, no dependency or build folders, nothing `.gitignore`
ignores, a cap on files), so it stays fast on a huge repository. Every fact names
its source.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from aidokit.catalog.errors import excerpt
from aidokit.catalog.facts import (
    LANGUAGE_MARKERS,
    PACKS_BY_ID,
    STACK_PACKS,
    Fact,
    Facts,
    Forge,
    OSName,
    Rule,
    parse_forge_hosts,
)
from aidokit.catalog.triggers import CONFORMANCE_LEVELS
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.core.safe_read import decode_error, parse, parse_nested
from aidokit.reconcile.read import repo

_REQUIREMENT_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_SOURCE_SUFFIXES = frozenset(
    {".py", ".js", ".jsx", ".ts", ".tsx", ".go", ".rs", ".java", ".kt", ".rb", ".php", ".cs"}
)
_SOURCE_DIRS = ("src", "lib", "app", "pkg", "cmd")
_MAX_ROOT_ENTRIES = 2000
_MAX_SEARCHED = 50  # files of one name a "contains" rule reads at most


def current_os() -> OSName:
    """Name the OS aido runs on, in trigger terms."""
    if sys.platform == "darwin":
        return "darwin"
    if sys.platform.startswith(("win", "cygwin")):
        return "win32"
    return "linux"


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


class _Manifests:
    """The dependency lists of a project, each read at most once."""

    def __init__(self, project: Path) -> None:
        self.project = project
        self._npm: dict[str, str] | None = None
        self._python: dict[str, str] | None = None
        self._tree: repo.Tree | None = None

    @property
    def tree(self) -> repo.Tree:
        """The manifests in subfolders too, walked once when a rule first needs them."""
        if self._tree is None:
            self._tree = repo.scan(self.project)
        return self._tree

    def _below(self, name: str, known: Iterable[str]) -> list[str]:
        """Relative paths of the `name` files in subfolders that `known` does not list."""
        seen = set(known)
        return [p for p in self.tree.named(name) if "/" in p and p not in seen]

    def npm(self) -> dict[str, str]:
        """Map npm dependency name -> file naming it (the root's, then workspace members')."""
        if self._npm is None:
            self._npm = {}
            data = _load_json(self.project / "package.json")
            globs = repo.npm_globs(self.project, data)
            members = repo.expand(self.project, globs, "package.json")
            paths = [f"{m.as_posix()}/package.json" for m in members]
            if not globs:  # a declared workspace says which folders count; else walk
                paths += self._below("package.json", paths)
            manifests = [("package.json", data)] + [
                (path, _load_json(self.project / path)) for path in paths
            ]
            for source, manifest in manifests:
                for name in _npm_dependencies(manifest):
                    self._npm.setdefault(name, source)
        return self._npm

    def python(self) -> dict[str, str]:
        """Map normalised Python dependency name -> file naming it (root, then members)."""
        if self._python is None:
            self._python = {}
            root = _load_toml(self.project / "pyproject.toml")
            globs = repo.python_globs(root)
            members = repo.expand(self.project, globs, "pyproject.toml")
            paths = [f"{m.as_posix()}/pyproject.toml" for m in members]
            if not globs:  # as for npm: a declared workspace lists its members
                paths += self._below("pyproject.toml", paths)
            manifests = [("pyproject.toml", root)] + [
                (path, _load_toml(self.project / path)) for path in paths
            ]
            for source, data in manifests:
                for name in _pyproject_requirements(data):
                    self._python.setdefault(_normalise(name), source)
            requirements = [p.name for p in _requirement_files(self.project)]
            requirements += self._below("requirements*.txt", ())
            for relative in requirements:
                text = repo.read_small(self.project / relative) or ""
                for line in text.splitlines():
                    match = _REQUIREMENT_NAME.match(line)
                    if match and not line.lstrip().startswith("-"):
                        self._python.setdefault(_normalise(match.group(1)), relative)
        return self._python

    def match(self, rule: Rule) -> Fact | None:
        """Return the evidence for `rule`, or None."""
        if rule.kind == "npm":
            source = self.npm().get(rule.value)
            return Fact(rule.value, source) if source else None
        if rule.kind == "python":
            source = self.python().get(_normalise(rule.value))
            return Fact(rule.value, source) if source else None
        if rule.kind == "exists":
            return self._exists(rule.value)
        if rule.kind == "glob":
            found = self.tree.named(rule.value)
            return Fact(rule.value, found[0]) if found else None
        return self._contains(rule)

    def _exists(self, path: str) -> Fact | None:
        if (self.project / path).exists():
            return Fact(path, path)
        name = path.rpartition("/")[2]
        found = [p for p in self.tree.named(name) if p == path or p.endswith(f"/{path}")]
        return Fact(path, found[0]) if found else None

    def _contains(self, rule: Rule) -> Fact | None:
        pattern = re.compile(rule.value, re.M | re.I)
        for relative in self.tree.named(*rule.names)[:_MAX_SEARCHED]:
            text = repo.read_small(self.project / relative)
            if text is not None and pattern.search(text):
                return Fact(rule.names[0], relative)
        return None


def _load_json(path: Path) -> Any:
    text = repo.read_small(path)
    if text is None:
        return None
    try:
        return parse_nested(path, lambda: json.loads(text))
    except ValueError:
        return None


def _npm_dependencies(package_json: Any) -> Iterator[str]:
    for key in ("dependencies", "devDependencies"):
        section = package_json.get(key) if isinstance(package_json, dict) else None
        if isinstance(section, dict):
            yield from section


def _load_toml(path: Path) -> dict[str, Any]:
    """A small TOML file's table; empty when missing, large or not TOML."""
    text = repo.read_small(path)
    if text is None:
        return {}
    try:
        data: dict[str, Any] = parse_nested(path, lambda: parse(text))
    except decode_error():
        return {}
    return data


def _pyproject_requirements(data: dict[str, Any]) -> Iterator[str]:
    project = data.get("project", {})
    yield from _names(project.get("dependencies", []))
    for extra in (project.get("optional-dependencies") or {}).values():
        yield from _names(extra)
    for group in (data.get("dependency-groups") or {}).values():
        yield from _names(group)
    poetry = data.get("tool", {}).get("poetry", {})
    yield from (poetry.get("dependencies") or {}).keys()
    for group in (poetry.get("group") or {}).values():
        yield from (group.get("dependencies") or {}).keys()


def _names(requirements: Iterable[object]) -> Iterator[str]:
    for item in requirements:
        match = _REQUIREMENT_NAME.match(item) if isinstance(item, str) else None
        if match:
            yield match.group(1)


def _requirement_files(project: Path) -> list[Path]:
    # One directory listing of the root, bounded; never recursive.
    return sorted(project.glob("requirements*.txt"))[:20]


def _detect_packs(manifests: _Manifests) -> dict[str, Fact]:
    packs: dict[str, Fact] = {}
    for pack in STACK_PACKS:
        for rule in pack.rules:
            fact = manifests.match(rule)
            if fact is not None:
                packs[pack.id] = fact
                break
    return packs


def _configured_packs(stack_packs: Sequence[str]) -> dict[str, Fact]:
    unknown = [pack for pack in stack_packs if pack not in PACKS_BY_ID]
    if unknown:
        from aidokit.catalog.spelling import maybe  # noqa: PLC0415 (on the error path only)

        raise ConfigError(
            f"aido.toml: stack_packs names unknown pack {excerpt(unknown[0])}"
            f"{maybe(unknown[0], PACKS_BY_ID)}; "
            f"use one of: {', '.join(sorted(PACKS_BY_ID))}."
        )
    return {pack: Fact(pack, "aido.toml stack_packs") for pack in stack_packs}


def _detect_languages(
    project: Path, packs: dict[str, Fact], manifests: _Manifests
) -> dict[str, Fact]:
    languages: dict[str, Fact] = {}
    npm = manifests.npm()
    for language, markers in LANGUAGE_MARKERS.items():
        for marker in markers:
            if (project / marker).is_file():
                languages[language] = Fact(language, marker)
                break
        else:
            found = manifests.tree.named(*markers)
            if found:
                languages[language] = Fact(language, found[0])
    if "typescript" in npm:
        languages.setdefault("typescript", Fact("typescript", npm["typescript"]))
    for pack_id in sorted(packs):
        for language in PACKS_BY_ID[pack_id].languages:
            languages.setdefault(language, Fact(language, f"stack pack {pack_id}"))
    return languages


def _display(path: Path, project: Path) -> str:
    try:
        return path.relative_to(project).as_posix()
    except ValueError:
        return path.as_posix()


def _source_files(project: Path) -> str | None:
    """Name a source folder or file at the root, looking at a bounded listing."""
    for name in _SOURCE_DIRS:
        folder = project / name
        if folder.is_dir() and any(True for _ in _limited(folder.iterdir(), 1)):
            return f"{name}/"
    try:
        listing = _limited(project.iterdir(), _MAX_ROOT_ENTRIES)
        for path in sorted(listing):
            if path.suffix in _SOURCE_SUFFIXES and path.is_file():
                return path.name
    except OSError:
        return None
    return None


def _limited(items: Iterator[Path], limit: int) -> list[Path]:
    out: list[Path] = []
    for item in items:
        out.append(item)
        if len(out) >= limit:
            break
    return out


def _git_facts(project: Path) -> tuple[Fact | None, Fact | None]:
    """Return (origin remote, history) facts from `.git`."""
    dirs = repo.find_git_dirs(project)
    if dirs is None:
        return None, None
    origin = repo.origin_url(dirs)
    remote = None
    if origin is not None:
        url, config = origin
        via = " (via .git file)" if dirs.via_file else ""
        remote = Fact(url, f"{_display(config, project)}{via}")
    ref = repo.has_commits(dirs)
    history = Fact("git history", _display(ref, project)) if ref else None
    return remote, history


def detect_facts(
    project: Path,
    *,
    conformance: str | None = None,
    stack_packs: Sequence[str] | None = None,
    forges: Mapping[str, str] | None = None,
    environ: Mapping[str, str] | None = None,
) -> Facts:
    """Detect the facts of `project`; explicit `stack_packs` replace detected ones.

    `forges` (aido.toml) and AIDO_FORGE_HOSTS name self-hosted forge hosts.
    """
    if conformance is not None and conformance not in CONFORMANCE_LEVELS:
        raise ConfigError(
            f"aido.toml: conformance {excerpt(conformance)} is not a known level; "
            f"use one of: {', '.join(CONFORMANCE_LEVELS)}."
        )
    manifests = _Manifests(project)
    packs = _configured_packs(stack_packs) if stack_packs is not None else _detect_packs(manifests)
    remote, history = _git_facts(project)
    if history is None:
        source = _source_files(project)
        history = Fact("source files", source) if source else None
    beads = Fact("beads", ".beads/") if (project / ".beads").is_dir() else None
    return Facts(
        os=current_os(),
        stack_packs=packs,
        languages=_detect_languages(project, packs, manifests),
        remote_url=remote,
        beads=beads,
        brownfield=history,
        conformance=Fact(conformance, "aido.toml conformance") if conformance else None,
        forge_hosts=forge_hosts(forges or {}, os.environ if environ is None else environ),
    )


def forge_hosts(configured: Mapping[str, str], environ: Mapping[str, str]) -> dict[str, Forge]:
    """aido.toml `forges` over AIDO_FORGE_HOSTS (`host=forge,...`), both checked."""
    try:
        hosts = parse_forge_hosts(environ.get("AIDO_FORGE_HOSTS", ""))
    except ValueError as exc:
        raise ConfigError(
            f"AIDO_FORGE_HOSTS: {exc}; fix the variable, e.g. "
            "AIDO_FORGE_HOSTS=gitlab.acme.internal=gitlab"
        ) from None
    text = ",".join(f"{host}={forge}" for host, forge in configured.items())
    try:
        hosts.update(parse_forge_hosts(text))
    except ValueError as exc:
        raise ConfigError(
            f'aido.toml forges: {exc}; fix it, e.g. [forges] "gitlab.acme.internal" = "gitlab"'
        ) from None
    return hosts


# ======================================================================================
# Facts about the project and machine: stack, git, workspaces, root, agent files.
# ======================================================================================
