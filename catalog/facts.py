"""Facts about a project that triggers are evaluated against (SPEC §1 step 1).

The typed value, the stack packs a project can show, and the forge a git remote names.

Detection (reading the disk) lives in `aidokit.reconcile.read.facts`; this module
only holds the typed value, so trigger evaluation stays a pure function.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Literal, NamedTuple
from urllib.parse import urlsplit

from aidokit.catalog.errors import excerpt

# ======================================================================================
# Parse the host out of a git remote URL and name the forge it belongs to (SPEC §3).
#
# A substring test would call `github.com.evil.io` GitHub, so the host is parsed
# from every form git accepts: `scheme://[user@]host[:port]/path` and the
# scp-like `[user@]host:path`.
# ======================================================================================

Forge = Literal["github", "gitlab", "bitbucket"]
FORGES: tuple[Forge, ...] = ("github", "gitlab", "bitbucket")

# Hosted forges by their registrable domain; subdomains (`ssh.github.com`,
# `altssh.gitlab.com`) count, look-alikes (`evilgithub.com`) do not.
# `ghe.com` is GitHub Enterprise Cloud with data residency (`<tenant>.ghe.com`).
FORGE_DOMAINS: dict[str, Forge] = {
    "github.com": "github",
    "ghe.com": "github",
    "gitlab.com": "gitlab",
    "bitbucket.org": "bitbucket",
}


@lru_cache(maxsize=256)
def remote_host(url: str) -> str | None:
    """Return the lower-cased host of a git remote URL, or None for a local path."""
    text = url.strip()
    if not text:
        return None
    if "://" in text:
        scheme = text.split("://", 1)[0].lower()
        if scheme == "file":
            return None

        try:
            host = urlsplit(text).hostname
        except ValueError:
            return None
        return _clean(host)
    return _scp_host(text)


def _scp_host(text: str) -> str | None:
    # git treats `host:path` as scp-like only when no slash precedes the first
    # colon; otherwise (`./a:b`, `/srv/x`) it is a local path.
    head, sep, _ = text.partition(":")
    if not sep or "/" in head or "\\" in head:
        return None
    host = head.rpartition("@")[2]
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if len(host) == 1:  # `C:\repo` is a Windows drive, not a host
        return None
    return _clean(host)


def _clean(host: str | None) -> str | None:
    if not host:
        return None
    host = host.lower().rstrip(".")
    return host or None


def forge_of(host: str | None, hosts: Mapping[str, Forge] | None = None) -> Forge | None:
    """Name the forge `host` belongs to: a configured self-hosted one, else a hosted one."""
    if host is None:
        return None
    for domain, forge in [*(hosts or {}).items(), *FORGE_DOMAINS.items()]:
        if host == domain or host.endswith("." + domain):
            return forge
    return None


def parse_forge_hosts(text: str) -> dict[str, Forge]:
    """`host=forge,host=forge` (AIDO_FORGE_HOSTS) as a mapping; ValueError names the bad part."""
    hosts: dict[str, Forge] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        host, _, forge = part.partition("=")
        host = host.strip().lower().rstrip(".")
        name = forge.strip().lower()
        if not host or name not in FORGES:
            raise ValueError(
                f"{excerpt(part)} is not host=forge with forge one of {', '.join(FORGES)}"
            )
        hosts[host] = name
    return hosts


OSName = Literal["linux", "darwin", "win32"]


class Fact(NamedTuple):
    """One detected or configured fact and where it came from."""

    value: str
    source: str  # e.g. "package.json dependencies", ".git/config", "aido.toml"


_NONE: Mapping[str, Fact] = MappingProxyType({})


class Facts(NamedTuple):
    """Everything triggers may look at; each fact carries its source."""

    os: OSName
    stack_packs: Mapping[str, Fact] = _NONE  # pack id -> evidence
    languages: Mapping[str, Fact] = _NONE  # language -> evidence
    remote_url: Fact | None = None  # origin's URL, from .git/config
    beads: Fact | None = None
    brownfield: Fact | None = None
    conformance: Fact | None = None
    # Self-hosted forges (GitLab, GitHub Enterprise): host -> forge, from
    # aido.toml `forges` and AIDO_FORGE_HOSTS; detect.<forge>Remote reads it.
    forge_hosts: Mapping[str, Forge] = MappingProxyType({})


# ======================================================================================
# Stack packs as data: what a pack is, how it is detected, what it recommends.
#
# Packs only name catalog ids (SPEC §3); they never define an MCP. Detection
# rules are data that `aidokit.reconcile.read.facts` interprets over the project's
# manifests, at the root and in subfolders (a bounded walk, `reconcile/read/repo.py`).
# A detected pack's `recommends` are suggested like a trigger match (`select.suggest`).
# ======================================================================================

PackKind = Literal["frontend", "backend", "other"]
# How a rule looks (its `value` is what it looks for):
# "npm": `value` is in package.json `dependencies` or `devDependencies`;
# "python": `value` is a dependency in pyproject.toml or a root requirements*.txt;
# "exists": the file `value` exists at the root, or in a subfolder (`supabase/config.toml`
#   anywhere);
# "glob": a manifest whose name matches `value` (`*.csproj`, `*.tf`) exists;
# "contains": a manifest named one of `names` (globs) matches the regex `value` (multiline,
#   case-insensitive): `spring-boot` in pom.xml, `image: postgres` in a compose file.
RuleKind = Literal["npm", "python", "exists", "glob", "contains"]


class Rule(NamedTuple):
    """One detection rule: its kind (first, so rules of two kinds never compare equal),
    what it looks for and, for "contains", the manifests it reads."""

    kind: RuleKind
    value: str
    names: tuple[str, ...] = ()


def npm(name: str) -> Rule:
    """`name` is an npm dependency."""
    return Rule("npm", name)


def python(name: str) -> Rule:
    """`name` is a Python dependency."""
    return Rule("python", name)


def exists(path: str) -> Rule:
    """The file `path` exists, at the root or below it."""
    return Rule("exists", path)


def glob(pattern: str) -> Rule:
    """A manifest named like `pattern` exists."""
    return Rule("glob", pattern)


def contains(names: tuple[str, ...], pattern: str) -> Rule:
    """A manifest named one of `names` matches the regex `pattern`."""
    return Rule("contains", pattern, names)


class StackPack(NamedTuple):
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
    StackPack("react", "frontend", _JS, (npm("react"),), _BROWSER),
    StackPack("nextjs", "frontend", _JS, (npm("next"),), (*_BROWSER, "next-devtools")),
    StackPack("vue", "frontend", _JS, (npm("vue"),), _BROWSER),
    StackPack("nuxt", "frontend", _JS, (npm("nuxt"),), _BROWSER),
    StackPack(
        "svelte",
        "frontend",
        _JS,
        (npm("svelte"), npm("@sveltejs/kit")),
        (*_BROWSER, "svelte"),
    ),
    StackPack(
        "angular",
        "frontend",
        ("typescript",),
        (npm("@angular/core"), exists("angular.json")),
        (*_BROWSER, "angular-cli"),
    ),
    StackPack("vite", "frontend", _JS, (npm("vite"),), _BROWSER),
    StackPack(
        "playwright",
        "other",
        _JS,
        (npm("@playwright/test"), npm("playwright")),
        ("playwright",),
    ),
    # Backend frameworks: no framework vendor publishes a server that `make verify-catalog`
    # can check (docs/catalog.md, "Stacks without a vendor server"); `fetch` is opt-in (its
    # entry: it can reach local addresses), so no pack recommends it.
    StackPack("express", "backend", _JS, (npm("express"),)),
    StackPack("nestjs", "backend", ("typescript",), (npm("@nestjs/core"),)),
    StackPack("fastapi", "backend", _PY, (python("fastapi"),)),
    StackPack("django", "backend", _PY, (python("django"),), ("django-ai-boost",)),
    StackPack("flask", "backend", _PY, (python("flask"),)),
    StackPack("sqlalchemy", "backend", _PY, (python("sqlalchemy"),)),
    # Go: Google's hosted docs server reads go.dev (its corpus reference, checked 2026-12-06);
    # the Go team's own server (`gopls mcp`) has no npm or PyPI package (docs/catalog.md).
    StackPack(
        "go", "other", ("go",), (exists("go.mod"),), ("serena", "google-developer-knowledge")
    ),
    StackPack("rust", "other", ("rust",), (exists("Cargo.toml"),), ("serena",)),
    StackPack(
        "spring",
        "backend",
        ("java",),
        (contains(_JVM_BUILD, r"spring-boot|org\.springframework"),),
        ("serena",),
    ),
    StackPack(
        "rails",
        "backend",
        ("ruby",),
        (contains(("Gemfile",), r"""^\s*gem\s+['"]rails['"]"""),),
        ("serena",),
    ),
    StackPack(
        "dotnet",
        "other",
        ("csharp",),
        (glob("*.csproj"), glob("*.fsproj"), glob("*.sln")),
        ("serena", "microsoft-learn"),
    ),
    StackPack(
        "laravel",
        "backend",
        ("php",),
        (contains(("composer.json",), r'"laravel/framework"'),),
        ("serena",),
    ),
    StackPack("nx", "other", _JS, (exists("nx.json"), npm("nx")), ("nx",)),
    StackPack(
        "aws-cdk",
        "other",
        (),
        (exists("cdk.json"), npm("aws-cdk-lib"), python("aws-cdk-lib")),
        ("aws-documentation", "aws-knowledge"),
    ),
    # Cloud SDKs and platform config files. The servers that act on an account are
    # security-sensitive (left out); the packs recommend the vendors' documentation servers.
    StackPack(
        "aws",
        "other",
        (),
        (
            python("boto3"),
            npm("aws-sdk"),
            npm("@aws-sdk/client-s3"),
            npm("@aws-sdk/client-dynamodb"),
            npm("@aws-sdk/client-lambda"),
            exists("samconfig.toml"),
        ),
        ("aws-documentation", "aws-knowledge"),
    ),
    StackPack(
        "azure",
        "other",
        (),
        (
            exists("azure.yaml"),
            python("azure-identity"),
            npm("@azure/identity"),
        ),
        ("microsoft-learn",),
    ),
    StackPack(
        "gcp",
        "other",
        (),
        (
            python("google-cloud-storage"),
            npm("@google-cloud/storage"),
            exists("cloudbuild.yaml"),
        ),
    ),
    StackPack(
        "cloudflare",
        "other",
        (),
        (exists("wrangler.toml"), exists("wrangler.jsonc"), exists("wrangler.json")),
        ("cloudflare-docs", "cloudflare-observability"),
    ),
    StackPack("vercel", "other", (), (exists("vercel.json"),)),
    StackPack("firebase", "backend", (), (exists("firebase.json"),)),
    StackPack("convex", "backend", _JS, (npm("convex"),)),
    # Services a project already uses, by their SDK: the vendor's server is what its users pick.
    StackPack(
        "sentry",
        "other",
        (),
        (
            npm("@sentry/node"),
            npm("@sentry/browser"),
            npm("@sentry/react"),
            npm("@sentry/nextjs"),
            python("sentry-sdk"),
        ),
        ("sentry",),
    ),
    StackPack("posthog", "other", (), (npm("posthog-js"), python("posthog"))),
    StackPack("logfire", "other", _PY, (python("logfire"),)),
    StackPack("mui", "frontend", _JS, (npm("@mui/material"),), ("mui",)),
    StackPack("chakra-ui", "frontend", _JS, (npm("@chakra-ui/react"),), ("chakra-ui",)),
    StackPack(
        "jupyter",
        "other",
        _PY,
        (
            python("jupyterlab"),
            python("notebook"),
            python("ipykernel"),
        ),
    ),
    StackPack("chroma", "backend", _PY, (python("chromadb"),), ("chroma",)),
    StackPack(
        "pinecone",
        "backend",
        (),
        (python("pinecone"), npm("@pinecone-database/pinecone")),
    ),
    # Infrastructure and databases: the servers that act on them (docker, kubernetes,
    # terraform, postgres-mcp, mongodb, prisma, supabase) are security-sensitive, so they are
    # never suggested (`aido suggest` lists them as left out); a database pack recommends its
    # read-only server where the catalog has one.
    StackPack(
        "docker",
        "other",
        (),
        (exists("Dockerfile"), *(exists(name) for name in _COMPOSE)),
    ),
    StackPack(
        "postgres",
        "backend",
        (),
        (contains(_COMPOSE, _service("postgres", "postgis")),),
        ("postgres-readonly",),
    ),
    StackPack("redis", "backend", (), (contains(_COMPOSE, _service("redis", "valkey")),)),
    StackPack(
        "mongodb",
        "backend",
        (),
        (contains(_COMPOSE, _service("mongo")),),
        ("mongodb-readonly",),
    ),
    StackPack(
        "neo4j", "backend", (), (contains(_COMPOSE, _service("neo4j")),), ("neo4j-readonly",)
    ),
    StackPack("terraform", "other", ("hcl",), (glob("*.tf"),)),
    StackPack(
        "kubernetes",
        "other",
        (),
        (
            exists("Chart.yaml"),
            exists("kustomization.yaml"),
            contains(
                ("*.yaml", "*.yml"),
                _MANIFEST,
            ),
        ),
    ),
    StackPack(
        "prisma",
        "backend",
        ("typescript",),
        (exists("schema.prisma"), npm("prisma"), npm("@prisma/client")),
    ),
    StackPack(
        "supabase",
        "backend",
        (),
        (exists("supabase/config.toml"), npm("@supabase/supabase-js")),
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
