"""Monorepo workspace members, so stack facts see the packages below the root.

npm and Yarn list member globs in package.json `workspaces` (a list, or
`{"packages": [...]}`), pnpm in pnpm-workspace.yaml `packages:`, uv in
pyproject `[tool.uv.workspace] members` (minus `exclude`), and Poetry
monorepos link members as path dependencies (`{path = "libs/x"}`). Globs
expand inside the project only (a member that resolves outside it is
ignored: the repository is untrusted input) and to at most MAX_MEMBERS.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from aidokit.reconcile.read.facts import gitinfo

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
    return globs + _pnpm_packages(gitinfo.read_small(project / "pnpm-workspace.yaml") or "")


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
