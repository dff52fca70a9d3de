"""Every harness aido knows, by adapter name (SPEC §5): one line per adapter.

The names are static, and so is what each adapter's config file can run (its
`caps.transports` and `caps.references`: which adapters run a catalog entry,
adapters/support.py). An adapter's module is imported only when it is first looked
up (`ADAPTERS[name]`), so a plan imports the adapters it targets and no others.
tests/adapters/test_registry.py holds each line equal to the adapter's own values.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from aidokit.adapters.base import Adapter, Place, Transport

ANY: frozenset[Transport] = frozenset({"stdio", "http", "sse"})
STDIO_HTTP: frozenset[Transport] = frozenset({"stdio", "http"})
STDIO: frozenset[Transport] = frozenset({"stdio"})
EVERYWHERE: frozenset[Place] = frozenset({"args", "url", "headers"})
URL_HEADERS: frozenset[Place] = frozenset({"url", "headers"})
HEADERS: frozenset[Place] = frozenset({"headers"})
NOWHERE: frozenset[Place] = frozenset()

# name: (its module in adapters/, the transports it runs, where it expands a variable)
_LINES: dict[str, tuple[str, frozenset[Transport], frozenset[Place]]] = {
    "claude-code": ("claude_code", ANY, EVERYWHERE),
    "codex": ("codex", STDIO_HTTP, HEADERS),
    "vscode": ("vscode", ANY, EVERYWHERE),
    "opencode": ("opencode", ANY, EVERYWHERE),
    "copilot-cli": ("copilot_cli", ANY, HEADERS),
    "cursor": ("cursor", ANY, EVERYWHERE),
    "gemini-cli": ("gemini_cli", ANY, EVERYWHERE),
    "windsurf": ("windsurf", ANY, EVERYWHERE),
    "claude-desktop": ("claude_desktop", STDIO, NOWHERE),
    "zed": ("zed", STDIO_HTTP, NOWHERE),
    "kiro": ("kiro", ANY, EVERYWHERE),
    "amazon-q": ("amazon_q", STDIO_HTTP, HEADERS),
    "cline": ("cline", ANY, NOWHERE),
    "roo": ("roo", ANY, EVERYWHERE),
    "crush": ("crush", ANY, EVERYWHERE),
    "goose": ("goose", STDIO_HTTP, URL_HEADERS),
    "qwen-code": ("qwen_code", ANY, EVERYWHERE),
    "kilo": ("kilo", ANY, EVERYWHERE),
    "kilo-legacy": ("kilo_legacy", ANY, EVERYWHERE),
    "antigravity": ("antigravity", ANY, NOWHERE),
    "factory-droid": ("factory_droid", ANY, EVERYWHERE),
    "visual-studio": ("visual_studio", ANY, NOWHERE),
    "continue": ("continue_dev", ANY, NOWHERE),
    "lm-studio": ("lm_studio", ANY, NOWHERE),
    "junie": ("junie", STDIO, NOWHERE),
    "amp": ("amp", ANY, EVERYWHERE),
    "auggie": ("auggie", ANY, EVERYWHERE),
    "openhands": ("openhands", ANY, NOWHERE),
    "vibe": ("vibe", STDIO_HTTP, HEADERS),
}

# Each adapter's module, by adapter name.
MODULES: dict[str, str] = {name: f"aidokit.adapters.{line[0]}" for name, line in _LINES.items()}
# What each adapter's config file can run, by adapter name: (transports, references).
RUNS: dict[str, tuple[frozenset[Transport], frozenset[Place]]] = {
    name: (transports, references) for name, (_, transports, references) in _LINES.items()
}


class Registry(Mapping[str, Adapter]):
    """The adapters by name: the names are known up front, each adapter's module is
    imported when the adapter is first looked up (iterating values imports them all)."""

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = modules
        self._loaded: dict[str, Adapter] = {}

    def __getitem__(self, name: str) -> Adapter:
        adapter = self._loaded.get(name)
        if adapter is None:
            module = self._modules[name]  # KeyError: no such adapter
            adapter = self._loaded[name] = import_module(module).ADAPTER
        return adapter

    def __contains__(self, name: object) -> bool:
        return name in self._modules  # a name check imports nothing

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


ADAPTERS: Mapping[str, Adapter] = Registry(MODULES)


def verified_by_cli() -> dict[str, str]:
    """The adapters whose output the real harness CLI reads back in CI
    (tests/contract/test_aido_writes.py), by that CLI's binary: each adapter says so
    itself (its `evidence`: `verified_by="real CLI"` and `cli`); the rest are verified
    against source or documentation only (docs/adapters.md). Imports every adapter."""
    return {
        name: adapter.evidence.cli
        for name, adapter in ADAPTERS.items()
        if adapter.evidence.verified_by == "real CLI" and adapter.evidence.cli is not None
    }
