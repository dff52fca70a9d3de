"""The repository's shape: its `.git`, the bounded walk of its tree, its workspaces.

Read what aido needs from a repository's `.git` without running git.

Handles a `.git` directory and a `.git` file (`gitdir: ...`, as worktrees and
submodules have); a worktree's config and refs live in its common dir, named
by the `commondir` file.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from aidokit.reconcile.core.safe_read import read_file

MAX_READ = 1 << 20  # git metadata files are small; never read more than 1 MiB


class GitDirs(NamedTuple):
    """Where a repository's metadata lives."""

    git_dir: Path  # per-worktree dir (HEAD, index)
    common_dir: Path  # shared dir (config, refs, packed-refs)
    via_file: bool  # `.git` was a file pointing elsewhere


def read_small(path: Path) -> str | None:
    """Return the text of a small file, or None if it is missing or large.

    A FIFO, device or link to one is an error (safe_read): the repository is untrusted.
    """
    data = read_file(path)
    if data is None or len(data) > MAX_READ:
        return None
    return data.decode("utf-8", errors="replace")


def find_git_dirs(project: Path) -> GitDirs | None:
    """Locate the git metadata of the repository rooted at `project`."""
    dot_git = project / ".git"
    if dot_git.is_dir():
        return GitDirs(dot_git, _common_dir(dot_git), via_file=False)
    text = read_small(dot_git) if dot_git.is_file() else None
    if text is None:
        return None
    first = text.strip().splitlines()[0] if text.strip() else ""
    if not first.startswith("gitdir:"):
        return None
    git_dir = Path(first.removeprefix("gitdir:").strip())
    if not git_dir.is_absolute():
        git_dir = Path(os.path.normpath(project / git_dir))
    if not git_dir.is_dir():
        return None
    return GitDirs(git_dir, _common_dir(git_dir), via_file=True)


def _common_dir(git_dir: Path) -> Path:
    text = read_small(git_dir / "commondir")
    if not text or not text.strip():
        return git_dir
    common = Path(text.strip())
    return common if common.is_absolute() else Path(os.path.normpath(git_dir / common))


def _unquote(value: str) -> str:
    """Strip a trailing comment and surrounding quotes from a git config value."""
    out: list[str] = []
    quoted = False
    for char in value:
        if char == '"':
            quoted = not quoted
            continue
        if char in "#;" and not quoted:
            break
        out.append(char)
    return "".join(out).strip()


def _section_name(header: str) -> str:
    """Normalise `[remote "origin"]` and legacy `[remote.origin]` to `remote.origin`."""
    inner = header.strip()[1:].split("]", 1)[0].strip()
    if '"' in inner:
        section, _, sub = inner.partition('"')
        return f"{section.strip().lower()}.{sub.rstrip().removesuffix(chr(34))}"
    section, _, sub = inner.partition(".")
    return f"{section.lower()}.{sub.lower()}" if sub else section.lower()


def config_value(config_text: str, section: str, key: str) -> str | None:
    """Return the last value of `key` in `section` (e.g. `remote.origin`, `url`)."""
    current = ""
    found: str | None = None
    for raw in config_text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            current = _section_name(line)
            continue
        if current != section:
            continue
        name, sep, value = line.partition("=")
        if sep and name.strip().lower() == key:
            found = _unquote(value)
    return found


def origin_url(dirs: GitDirs) -> tuple[str, Path] | None:
    """Return origin's URL and the config file it came from."""
    config = dirs.common_dir / "config"
    text = read_small(config)
    if text is None:
        return None
    url = config_value(text, "remote.origin", "url")
    return (url, config) if url else None


def has_commits(dirs: GitDirs) -> Path | None:
    """Return a ref file or packed-refs proving a local branch exists, else None."""
    heads = dirs.common_dir / "refs" / "heads"
    found = _first_file(heads, depth=4)
    if found is not None:
        return found
    packed = dirs.common_dir / "packed-refs"
    text = read_small(packed)
    if text and any(" refs/heads/" in line for line in text.splitlines()):
        return packed
    return None


def _first_file(folder: Path, *, depth: int) -> Path | None:
    """Return some regular file under `folder`, looking at most `depth` levels down."""
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:
        return None
    # Ref names never start with "." and `*.lock` files are git's own locks.
    entries = [e for e in entries if not e.name.startswith(".") and not e.name.endswith(".lock")]
    for entry in entries:
        if entry.is_file(follow_symlinks=False):
            return Path(entry.path)
    if depth <= 0:
        return None
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            found = _first_file(Path(entry.path), depth=depth - 1)
            if found is not None:
                return found
    return None


# ======================================================================================
# The project's manifests below the root (issue 32 §1): a bounded walk for stack facts.
#
# Real repositories keep `frontend/package.json` and `backend/pyproject.toml` with no root
# manifest. The walk goes MAX_DEPTH folders down, never into dependency, virtualenv,
# build or VCS folders, nor test fixtures and examples (SKIPPED), nor into what the root
# `.gitignore` ignores (plain names and simple globs, `/`-anchored or not; negations are
# not followed), never through a symlink,
# and stops after MAX_FOLDERS folders. It keeps only the files stack rules name (MANIFESTS,
# MANIFEST_GLOBS), at most MAX_FILES of them; reading them stays with the caller, bounded
# by `read_small`.
# ======================================================================================

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
    text = read_small(project / ".gitignore") or ""
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


# ======================================================================================
# Monorepo workspace members, so stack facts see the packages below the root.
#
# npm and Yarn list member globs in package.json `workspaces` (a list, or
# `{"packages": [...]}`), pnpm in pnpm-workspace.yaml `packages:`, uv in
# pyproject `[tool.uv.workspace] members` (minus `exclude`), and Poetry
# monorepos link members as path dependencies (`{path = "libs/x"}`). Globs
# expand inside the project only (a member that resolves outside it is
# ignored: the repository is untrusted input) and to at most MAX_MEMBERS.
# ======================================================================================

MAX_MEMBERS = 200
_LIST_ITEM = re.compile(r"""^\s*-\s*(['"]?)(?P<glob>[^'"#]+?)\1\s*(?:#.*)?$""")


def expand(project: Path, globs: Iterable[str], manifest: str) -> list[Path]:
    """Member folders (relative to project) matching `globs` that hold `manifest`."""
    root = project.resolve()
    include = [g.strip().rstrip("/") for g in globs if g.strip() and not g.startswith("!")]
    exclude = {g.lstrip("!").strip().rstrip("/") for g in globs if g.startswith("!")}
    found: list[Path] = []
    for pattern in include:
        if Path(pattern).is_absolute() or ".." in Path(pattern).parts:
            continue
        for folder in sorted(project.glob(pattern)):
            relative = folder.relative_to(project)
            if any(relative.match(e) for e in exclude) or relative in found:
                continue
            if (folder / manifest).is_file() and folder.resolve().is_relative_to(root):
                found.append(relative)
            if len(found) >= MAX_MEMBERS:
                return found
    return found


def npm_globs(project: Path, package_json: Any) -> list[str]:
    """npm/Yarn `workspaces` globs, then pnpm-workspace.yaml's `packages:`."""
    globs: list[str] = []
    spaces = package_json.get("workspaces") if isinstance(package_json, dict) else None
    if isinstance(spaces, dict):
        spaces = spaces.get("packages")
    if isinstance(spaces, list):
        globs += [g for g in spaces if isinstance(g, str)]
    return globs + _pnpm_packages(read_small(project / "pnpm-workspace.yaml") or "")


def _pnpm_packages(text: str) -> list[str]:
    """The `packages:` list of pnpm-workspace.yaml (a flat list of strings)."""
    globs: list[str] = []
    inside = False
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line.startswith((" ", "-", "\t")):
            inside = line.split("#")[0].strip() == "packages:"
            continue
        match = _LIST_ITEM.match(line) if inside else None
        if match:
            globs.append(match.group("glob").strip())
    return globs


def python_globs(pyproject: Mapping[str, Any]) -> list[str]:
    """uv workspace members (exclusions as `!glob`) and Poetry path dependencies."""
    tool = pyproject.get("tool", {}) if isinstance(pyproject.get("tool"), dict) else {}
    uv = tool.get("uv", {}).get("workspace", {}) if isinstance(tool.get("uv"), dict) else {}
    globs = [g for g in uv.get("members", []) if isinstance(g, str)]
    globs += [f"!{g}" for g in uv.get("exclude", []) if isinstance(g, str)]
    poetry = tool.get("poetry", {}) if isinstance(tool.get("poetry"), dict) else {}
    tables = [poetry.get("dependencies") or {}]
    tables += [(g or {}).get("dependencies") or {} for g in (poetry.get("group") or {}).values()]
    for table in tables:
        for spec in table.values() if isinstance(table, dict) else ():
            if isinstance(spec, dict) and isinstance(spec.get("path"), str):
                globs.append(spec["path"])
    return globs


def git_ignores(project: Path, path: Path) -> bool:
    """Whether git ignores `path` in `project`'s work tree (False outside one, or with no
    git): a harness file git ignores is a person's own, not the team's (SPEC §4)."""
    import shutil  # noqa: PLC0415 (heavy for start-up: it imports the compression modules)
    import subprocess  # noqa: PLC0415 (heavy for start-up: only this path runs a process)

    git = shutil.which("git")
    if git is None:
        return False
    try:
        done = subprocess.run(
            [git, "check-ignore", "-q", str(path)], cwd=project, capture_output=True,
            timeout=10, check=False,
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0
