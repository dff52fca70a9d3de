"""Stack packs as data: what a pack is, how it is detected, what it recommends.

Packs only name catalog ids (SPEC §3); they never define an MCP. Detection
rules are data that `aidokit.reconcile.read.facts.context` interprets over the project's
manifests, at the root and in subfolders (a bounded walk, `reconcile/read/facts/tree.py`).
A detected pack's `recommends` are suggested like a trigger match (`select.suggest`).
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
    """`path` exists at the root, or in a subfolder (`supabase/config.toml` anywhere)."""

    path: str


@dataclass(frozen=True)
class FileGlob:
    """A manifest whose name matches `pattern` (`*.csproj`, `*.tf`) exists."""

    pattern: str


@dataclass(frozen=True)
class FileContains:
    """A manifest named one of `names` (globs) matches the regex `pattern` (multiline,
    case-insensitive): `spring-boot` in pom.xml, `image: postgres` in a compose file."""

    names: tuple[str, ...]
    pattern: str


Rule = NpmDependency | PythonDependency | FileExists | FileGlob | FileContains


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
_BROWSER = ("playwright", "chrome-devtools")
_COMPOSE = ("docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml")
_JVM_BUILD = ("pom.xml", "build.gradle", "build.gradle.kts")


def _service(*images: str) -> str:
    """A compose `image:` line naming one of `images` (any registry or tag)."""
    return rf"""^\s*image:\s*['"]?(?:[\w.:-]+/)*(?:{"|".join(images)})(?::|@|['"]?\s*$)"""


# A Kubernetes manifest: `apiVersion:` then, further down, `kind:` of a workload kind.
_KINDS = "Deployment|Service|StatefulSet|DaemonSet|Ingress|ConfigMap|CronJob|Job|Pod|Namespace"
_MANIFEST = rf"^apiVersion:[ \t]*[\w./-]+[ \t]*\r?\n(?:.*\n)*?kind:[ \t]*(?:{_KINDS})\b"

STACK_PACKS: tuple[StackPack, ...] = (
    StackPack("react", "frontend", _JS, (NpmDependency("react"),), _BROWSER),
    StackPack("nextjs", "frontend", _JS, (NpmDependency("next"),), (*_BROWSER, "next-devtools")),
    StackPack("vue", "frontend", _JS, (NpmDependency("vue"),), _BROWSER),
    StackPack("nuxt", "frontend", _JS, (NpmDependency("nuxt"),), _BROWSER),
    StackPack(
        "svelte",
        "frontend",
        _JS,
        (NpmDependency("svelte"), NpmDependency("@sveltejs/kit")),
        (*_BROWSER, "svelte"),
    ),
    StackPack(
        "angular",
        "frontend",
        ("typescript",),
        (NpmDependency("@angular/core"), FileExists("angular.json")),
        (*_BROWSER, "angular-cli"),
    ),
    StackPack("vite", "frontend", _JS, (NpmDependency("vite"),), _BROWSER),
    StackPack(
        "playwright",
        "other",
        _JS,
        (NpmDependency("@playwright/test"), NpmDependency("playwright")),
        ("playwright",),
    ),
    # Backend frameworks: no framework vendor publishes a server that `make verify-catalog`
    # can check (docs/catalog.md, "Stacks without a vendor server"); `fetch` is opt-in (its
    # entry: it can reach local addresses), so no pack recommends it.
    StackPack("express", "backend", _JS, (NpmDependency("express"),)),
    StackPack("nestjs", "backend", ("typescript",), (NpmDependency("@nestjs/core"),)),
    StackPack("fastapi", "backend", _PY, (PythonDependency("fastapi"),)),
    StackPack("django", "backend", _PY, (PythonDependency("django"),)),
    StackPack("flask", "backend", _PY, (PythonDependency("flask"),)),
    StackPack("sqlalchemy", "backend", _PY, (PythonDependency("sqlalchemy"),)),
    StackPack("go", "other", ("go",), (FileExists("go.mod"),), ("serena",)),
    StackPack("rust", "other", ("rust",), (FileExists("Cargo.toml"),), ("serena",)),
    StackPack(
        "spring",
        "backend",
        ("java",),
        (FileContains(_JVM_BUILD, r"spring-boot|org\.springframework"),),
        ("serena",),
    ),
    StackPack(
        "rails",
        "backend",
        ("ruby",),
        (FileContains(("Gemfile",), r"""^\s*gem\s+['"]rails['"]"""),),
        ("serena",),
    ),
    StackPack(
        "dotnet",
        "other",
        ("csharp",),
        (FileGlob("*.csproj"), FileGlob("*.fsproj"), FileGlob("*.sln")),
        ("serena", "microsoft-learn"),
    ),
    StackPack(
        "laravel",
        "backend",
        ("php",),
        (FileContains(("composer.json",), r'"laravel/framework"'),),
        ("serena",),
    ),
    StackPack("nx", "other", _JS, (FileExists("nx.json"), NpmDependency("nx")), ("nx",)),
    StackPack(
        "aws-cdk",
        "other",
        (),
        (FileExists("cdk.json"), NpmDependency("aws-cdk-lib"), PythonDependency("aws-cdk-lib")),
        ("aws-documentation", "aws-knowledge"),
    ),
    # Cloud SDKs and platform config files. The servers that act on an account are
    # security-sensitive (left out); the packs recommend the vendors' documentation servers.
    StackPack(
        "aws",
        "other",
        (),
        (
            PythonDependency("boto3"),
            NpmDependency("aws-sdk"),
            NpmDependency("@aws-sdk/client-s3"),
            NpmDependency("@aws-sdk/client-dynamodb"),
            NpmDependency("@aws-sdk/client-lambda"),
            FileExists("samconfig.toml"),
        ),
        ("aws-documentation", "aws-knowledge"),
    ),
    StackPack(
        "azure",
        "other",
        (),
        (
            FileExists("azure.yaml"),
            PythonDependency("azure-identity"),
            NpmDependency("@azure/identity"),
        ),
        ("microsoft-learn",),
    ),
    StackPack(
        "gcp",
        "other",
        (),
        (
            PythonDependency("google-cloud-storage"),
            NpmDependency("@google-cloud/storage"),
            FileExists("cloudbuild.yaml"),
        ),
    ),
    StackPack(
        "cloudflare",
        "other",
        (),
        (FileExists("wrangler.toml"), FileExists("wrangler.jsonc"), FileExists("wrangler.json")),
        ("cloudflare-docs", "cloudflare-observability"),
    ),
    StackPack("vercel", "other", (), (FileExists("vercel.json"),)),
    StackPack("firebase", "backend", (), (FileExists("firebase.json"),)),
    StackPack("convex", "backend", _JS, (NpmDependency("convex"),)),
    # Services a project already uses, by their SDK: the vendor's server is what its users pick.
    StackPack(
        "sentry",
        "other",
        (),
        (
            NpmDependency("@sentry/node"),
            NpmDependency("@sentry/browser"),
            NpmDependency("@sentry/react"),
            NpmDependency("@sentry/nextjs"),
            PythonDependency("sentry-sdk"),
        ),
        ("sentry",),
    ),
    StackPack("posthog", "other", (), (NpmDependency("posthog-js"), PythonDependency("posthog"))),
    StackPack("logfire", "other", _PY, (PythonDependency("logfire"),)),
    StackPack("mui", "frontend", _JS, (NpmDependency("@mui/material"),), ("mui",)),
    StackPack("chakra-ui", "frontend", _JS, (NpmDependency("@chakra-ui/react"),), ("chakra-ui",)),
    StackPack(
        "jupyter",
        "other",
        _PY,
        (
            PythonDependency("jupyterlab"),
            PythonDependency("notebook"),
            PythonDependency("ipykernel"),
        ),
    ),
    StackPack("chroma", "backend", _PY, (PythonDependency("chromadb"),), ("chroma",)),
    StackPack(
        "pinecone",
        "backend",
        (),
        (PythonDependency("pinecone"), NpmDependency("@pinecone-database/pinecone")),
    ),
    # Infrastructure and databases: the servers that act on them (docker, kubernetes,
    # terraform, postgres-mcp, mongodb, prisma, supabase) are security-sensitive, so they are
    # never suggested (`aido suggest` lists them as left out); a database pack recommends its
    # read-only server where the catalog has one.
    StackPack(
        "docker",
        "other",
        (),
        (FileExists("Dockerfile"), *(FileExists(name) for name in _COMPOSE)),
    ),
    StackPack(
        "postgres",
        "backend",
        (),
        (FileContains(_COMPOSE, _service("postgres", "postgis")),),
        ("postgres-readonly",),
    ),
    StackPack("redis", "backend", (), (FileContains(_COMPOSE, _service("redis", "valkey")),)),
    StackPack(
        "mongodb",
        "backend",
        (),
        (FileContains(_COMPOSE, _service("mongo")),),
        ("mongodb-readonly",),
    ),
    StackPack(
        "neo4j", "backend", (), (FileContains(_COMPOSE, _service("neo4j")),), ("neo4j-readonly",)
    ),
    StackPack("terraform", "other", ("hcl",), (FileGlob("*.tf"),)),
    StackPack(
        "kubernetes",
        "other",
        (),
        (
            FileExists("Chart.yaml"),
            FileExists("kustomization.yaml"),
            FileContains(
                ("*.yaml", "*.yml"),
                _MANIFEST,
            ),
        ),
    ),
    StackPack(
        "prisma",
        "backend",
        ("typescript",),
        (FileExists("schema.prisma"), NpmDependency("prisma"), NpmDependency("@prisma/client")),
    ),
    StackPack(
        "supabase",
        "backend",
        (),
        (FileExists("supabase/config.toml"), NpmDependency("@supabase/supabase-js")),
        # the supabase MCP is security-sensitive: named by the user, never suggested
    ),
)

PACKS_BY_ID: dict[str, StackPack] = {pack.id: pack for pack in STACK_PACKS}

# Languages detected from marker files at the root or in a subfolder (first match wins
# as the evidence). `stack.language(<lang>)` accepts exactly these names.
LANGUAGE_MARKERS: dict[str, tuple[str, ...]] = {
    "javascript": ("package.json",),
    "typescript": ("tsconfig.json",),
    "python": ("pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "Pipfile"),
    "go": ("go.mod",),
    "rust": ("Cargo.toml",),
    "ruby": ("Gemfile",),
    "java": ("pom.xml", "build.gradle", "build.gradle.kts"),
    "kotlin": ("build.gradle.kts", "settings.gradle.kts"),
    "php": ("composer.json",),
    "csharp": ("global.json", "Directory.Build.props"),
    "elixir": ("mix.exs",),
    "swift": ("Package.swift",),
}

KNOWN_LANGUAGES: frozenset[str] = frozenset(LANGUAGE_MARKERS) | {
    language for pack in STACK_PACKS for language in pack.languages
}
