"""Stack packs as data: what a pack is, how it is detected, what it recommends.

Packs only name catalog ids (SPEC §3); they never define an MCP. Detection
rules are data that `aidokit.reconcile.facts.context` interprets: each rule names
one known file at the project root, so detection never walks a tree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PackKind = Literal["frontend", "backend", "other"]


@dataclass(frozen=True)
class NpmDependency:
    """`name` is in package.json `dependencies` or `devDependencies`."""

    name: str


@dataclass(frozen=True)
class PythonDependency:
    """`name` is a dependency in pyproject.toml or a root requirements*.txt."""

    name: str


@dataclass(frozen=True)
class FileExists:
    """`path` (relative to the project root) exists."""

    path: str


Rule = NpmDependency | PythonDependency | FileExists


@dataclass(frozen=True)
class StackPack:
    """One stack pack: what it is, how it is detected, which entries it recommends."""

    id: str
    kind: PackKind
    languages: tuple[str, ...]
    rules: tuple[Rule, ...]  # any one matching detects the pack
    recommends: tuple[str, ...] = ()


_JS = ("javascript",)
_PY = ("python",)

STACK_PACKS: tuple[StackPack, ...] = (
    StackPack(
        "react", "frontend", _JS, (NpmDependency("react"),), ("playwright", "chrome-devtools")
    ),
    StackPack(
        "nextjs", "frontend", _JS, (NpmDependency("next"),), ("playwright", "chrome-devtools")
    ),
    StackPack("vue", "frontend", _JS, (NpmDependency("vue"),), ("playwright", "chrome-devtools")),
    StackPack(
        "svelte",
        "frontend",
        _JS,
        (NpmDependency("svelte"), NpmDependency("@sveltejs/kit")),
        ("playwright", "chrome-devtools"),
    ),
    StackPack(
        "angular",
        "frontend",
        ("typescript",),
        (NpmDependency("@angular/core"), FileExists("angular.json")),
        ("playwright", "chrome-devtools"),
    ),
    StackPack("express", "backend", _JS, (NpmDependency("express"),), ("fetch",)),
    StackPack("nestjs", "backend", ("typescript",), (NpmDependency("@nestjs/core"),), ("fetch",)),
    StackPack("fastapi", "backend", _PY, (PythonDependency("fastapi"),), ("fetch",)),
    StackPack("django", "backend", _PY, (PythonDependency("django"),), ("fetch",)),
    StackPack("flask", "backend", _PY, (PythonDependency("flask"),), ("fetch",)),
    StackPack("go", "other", ("go",), (FileExists("go.mod"),), ("serena",)),
    StackPack("rust", "other", ("rust",), (FileExists("Cargo.toml"),), ("serena",)),
    StackPack("nx", "other", _JS, (FileExists("nx.json"), NpmDependency("nx")), ("nx",)),
    StackPack(
        "aws-cdk",
        "other",
        (),
        (FileExists("cdk.json"), NpmDependency("aws-cdk-lib"), PythonDependency("aws-cdk-lib")),
        ("aws-documentation",),
    ),
    StackPack(
        "supabase",
        "backend",
        (),
        (FileExists("supabase/config.toml"), NpmDependency("@supabase/supabase-js")),
        (),  # the supabase MCP is security-sensitive: named by the user, never recommended
    ),
)

PACKS_BY_ID: dict[str, StackPack] = {pack.id: pack for pack in STACK_PACKS}

# Languages detected from marker files at the project root (first match wins
# as the evidence). `stack.language(<lang>)` accepts exactly these names.
LANGUAGE_MARKERS: dict[str, tuple[str, ...]] = {
    "javascript": ("package.json",),
    "typescript": ("tsconfig.json",),
    "python": ("pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "Pipfile"),
    "go": ("go.mod",),
    "rust": ("Cargo.toml",),
    "ruby": ("Gemfile",),
    "java": ("pom.xml", "build.gradle", "build.gradle.kts"),
    "php": ("composer.json",),
    "csharp": ("global.json", "Directory.Build.props"),
    "elixir": ("mix.exs",),
    "swift": ("Package.swift",),
}

KNOWN_LANGUAGES: frozenset[str] = frozenset(LANGUAGE_MARKERS) | {
    language for pack in STACK_PACKS for language in pack.languages
}
