"""Which adapters can run an install spec, and picking the spec for one adapter (SPEC §3)."""

from __future__ import annotations

from collections.abc import Iterable

from aidokit.catalog.errors import NoInstallSpecError
from aidokit.catalog.models import PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec

# The harnesses of SPEC §5, by the adapter names the catalog keys `install` with.
ADAPTER_NAMES: tuple[str, ...] = (
    "claude-code",
    "codex",
    "vscode",
    "copilot-cli",
    "opencode",
    "cursor",
    "gemini-cli",
    "windsurf",
    "claude-desktop",
    "zed",
    "kiro",
    "amazon-q",
    "cline",
    "roo",
    "goose",
    "crush",
    "qwen-code",
    "kilo",
    "kilo-legacy",
    "antigravity",
    "factory-droid",
    "visual-studio",
    "continue",
    "lm-studio",
    "junie",
)

# Claude Desktop takes remote servers only as Connectors in its UI, never in
# its config file (harness-formats.md §11); Junie's docs name stdio only (§22).
NO_REMOTE: frozenset[str] = frozenset({"claude-desktop", "junie"})

# Remote SSE is not something these can be relied on for: Codex's `url` is
# streamable HTTP only (§3), Goose dropped SSE (§18), Amazon Q's `type` is
# `stdio`|`http` (§17), Zed's remote entry is HTTP (§12), Factory Droid
# documents `stdio` and `http` types only.
NO_SSE: frozenset[str] = (
    frozenset({"codex", "goose", "amazon-q", "zed", "factory-droid"}) | NO_REMOTE
)

# No way to reference an environment variable in a remote entry's headers or URL
# (harness-audit.md M5): a server that authenticates that way would land there
# without its credentials and fail, so it is left out (SPEC §5). Antigravity,
# Visual Studio and LM Studio document no variable syntax; Continue converts
# `${VAR}` in a JSON drop-in's env only, not in headers or the URL.
NO_VARIABLES: frozenset[str] = (
    frozenset({"zed", "cline", "antigravity", "visual-studio", "lm-studio", "continue"}) | NO_REMOTE
)

ISSUE_URL = "https://github.com/aidokit/aidokit/issues"


def unreferenced_variables(adapter: str, spec: StdioSpec | RemoteSpec) -> tuple[str, ...]:
    """Variables a remote spec's URL or headers need that `adapter` cannot reference."""
    if adapter not in NO_VARIABLES or not isinstance(spec, RemoteSpec):
        return ()
    names = PLACEHOLDER_RE.findall(" ".join((spec.url, *spec.headers.values())))
    return tuple(dict.fromkeys(names))


def can_run(adapter: str, spec: StdioSpec | RemoteSpec) -> bool:
    """Tell whether `adapter` can run `spec` through its config file."""
    if adapter not in ADAPTER_NAMES:
        return False
    if isinstance(spec, StdioSpec):
        return True
    if unreferenced_variables(adapter, spec):
        return False
    if spec.transport == "sse":
        return adapter not in NO_SSE
    return adapter not in NO_REMOTE


def everywhere(
    spec: StdioSpec | RemoteSpec, *, except_: Iterable[str] = ()
) -> dict[str, StdioSpec | RemoteSpec]:
    """Map `spec` to every adapter that can run it, minus `except_`."""
    skipped = frozenset(except_)
    unknown = skipped - set(ADAPTER_NAMES)
    if unknown:
        raise ValueError(f"unknown adapter names in except_: {sorted(unknown)}")
    return {name: spec for name in ADAPTER_NAMES if name not in skipped and can_run(name, spec)}


def resolve_install_spec(entry: MCPDef, adapter: str) -> StdioSpec | RemoteSpec:
    """Return `entry`'s install spec for `adapter`, or raise CatalogError."""
    spec = entry.install.get(adapter)
    if spec is None:
        supported = ", ".join(sorted(entry.install)) or "none"
        raise NoInstallSpecError(
            f"catalog entry {entry.id!r} has no install spec for adapter {adapter!r} "
            f"(it supports: {supported}); open an issue at {ISSUE_URL} to request it.",
            entry_id=entry.id,
            adapter=adapter,
            supported=list(entry.install),
        )
    return spec
