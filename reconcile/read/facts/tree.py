"""The project's manifests below the root (issue 32 §1): a bounded walk for stack facts.

Real repositories keep `frontend/package.json` and `backend/pyproject.toml` with no root
manifest. The walk goes MAX_DEPTH folders down, never into dependency, virtualenv,
build or VCS folders, nor test fixtures and examples (SKIPPED), nor into what the root
`.gitignore` ignores (plain names and simple globs, `/`-anchored or not; negations are
not followed), never through a symlink,
and stops after MAX_FOLDERS folders. It keeps only the files stack rules name (MANIFESTS,
MANIFEST_GLOBS), at most MAX_FILES of them; reading them stays with the caller, bounded
by `gitinfo.read_small`.
"""

from __future__ import annotations

import fnmatch
import os
from pathlib import Path
from typing import NamedTuple

from aidokit.reconcile.read.facts import gitinfo

MAX_DEPTH = 3  # `apps/web/package.json` and `services/api/app/pyproject.toml` are found
MAX_FOLDERS = 500
MAX_FILES = 200
SKIPPED = frozenset(
    {"node_modules", ".venv", "venv", "env", ".env", "vendor", "dist", "build", "out",
     "target", "bin", "obj", ".git", ".hg", ".svn", "__pycache__", ".next", ".nuxt",
     ".svelte-kit", ".angular", ".terraform", ".tox", ".nox", ".mypy_cache", ".pytest_cache",
     "coverage", ".gradle", ".idea", ".cache", "site-packages", "bower_components", ".yarn",
     "Pods", "DerivedData",
     # sample projects a repository tests or documents itself with are not its stack
     "fixtures", "testdata", "test", "tests", "__tests__", "examples", "example", "samples",
     "docs"}
)  # fmt: skip
MANIFESTS = frozenset(
    {"package.json", "pyproject.toml", "setup.py", "setup.cfg", "Pipfile", "go.mod",
     "Cargo.toml", "pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle.kts",
     "Gemfile", "composer.json", "global.json", "Directory.Build.props", "mix.exs",
     "Package.swift", "tsconfig.json", "angular.json", "nx.json", "cdk.json", "Dockerfile",
     "docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml",
     "schema.prisma", "config.toml", "vite.config.ts", "vite.config.js", "vite.config.mjs",
     "playwright.config.ts", "playwright.config.js", "nuxt.config.ts", "next.config.js",
     "next.config.mjs", "next.config.ts", "svelte.config.js", "Chart.yaml",
     "kustomization.yaml", "wrangler.toml", "wrangler.json", "wrangler.jsonc", "vercel.json",
     "firebase.json", "samconfig.toml"}
)  # fmt: skip
MANIFEST_GLOBS = ("requirements*.txt", "*.csproj", "*.fsproj", "*.sln", "*.tf", "*.yaml", "*.yml")


class Tree(NamedTuple):
    """The manifests found: file name -> relative POSIX paths, shallowest first."""

    files: dict[str, tuple[str, ...]]

    def named(self, *names: str) -> tuple[str, ...]:
        """The relative paths of the files called any of `names` (globs allowed)."""
        found: list[str] = []
        for name, paths in self.files.items():
            if any(fnmatch.fnmatchcase(name, pattern) for pattern in names):
                found += paths
        return tuple(sorted(found, key=lambda p: (p.count("/"), p)))

    def folders_with(self, name: str) -> tuple[str, ...]:
        """The folders (relative, "" for the root) holding a file called `name`."""
        return tuple(path.rpartition("/")[0] for path in self.named(name))


def scan(project: Path) -> Tree:
    """Walk `project` within the bounds above and list its manifests."""
    ignored = _ignored(project)
    files: dict[str, list[str]] = {}
    kept = folders = 0
    queue: list[tuple[Path, str, int]] = [(project, "", 0)]
    while queue and folders < MAX_FOLDERS and kept < MAX_FILES:
        folder, relative, depth = queue.pop(0)
        folders += 1
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            path = f"{relative}{entry.name}"
            if entry.is_symlink() or _is_ignored(path, entry.name, ignored):
                continue
            if entry.is_dir(follow_symlinks=False):
                if depth < MAX_DEPTH and entry.name not in SKIPPED:
                    queue.append((Path(entry.path), f"{path}/", depth + 1))
            elif entry.is_file(follow_symlinks=False) and _wanted(entry.name) and kept < MAX_FILES:
                files.setdefault(entry.name, []).append(path)
                kept += 1
    return Tree({name: tuple(paths) for name, paths in files.items()})


def _wanted(name: str) -> bool:
    return name in MANIFESTS or any(fnmatch.fnmatchcase(name, g) for g in MANIFEST_GLOBS)


def _ignored(project: Path) -> tuple[str, ...]:
    """The root `.gitignore`'s patterns, without comments, negations and blank lines."""
    text = gitinfo.read_small(project / ".gitignore") or ""
    patterns = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith(("#", "!")):
            patterns.append(line.rstrip("/"))
    return tuple(patterns)


def _is_ignored(path: str, name: str, patterns: tuple[str, ...]) -> bool:
    for pattern in patterns:
        if pattern.startswith("/") or "/" in pattern.strip("/"):
            if fnmatch.fnmatchcase(path, pattern.lstrip("/")):
                return True
        elif fnmatch.fnmatchcase(name, pattern):
            return True
    return False
