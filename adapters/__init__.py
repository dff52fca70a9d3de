"""Every harness aido knows, by adapter name (SPEC §5): one line per adapter.

The names are static, and so is what each adapter's config file can run (its
`caps.transports` and `caps.references`: which adapters run a catalog entry,
in the second part of this module). An adapter's module is imported only when it is first looked
up (`ADAPTERS[name]`), so a plan imports the adapters it targets and no others.
tests/adapters/test_registry.py holds each line equal to the adapter's own values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from importlib import import_module
from typing import NamedTuple

from aidokit.adapters.base import Adapter, Place, Transport
from aidokit.catalog.models import CAPABILITY_KEYS, PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec

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
    "devin": ("devin", ANY, NOWHERE),
    "warp": ("warp", ANY, NOWHERE),
    "hermes": ("hermes", ANY, EVERYWHERE),
    "grok": ("grok", STDIO_HTTP, NOWHERE),
    "kimi": ("kimi", ANY, NOWHERE),
    "trae": ("trae", ANY, NOWHERE),
    "qoder": ("qoder", ANY, NOWHERE),
    "rovo-dev": ("rovo_dev", ANY, NOWHERE),
    "jetbrains-ai": ("jetbrains_ai", ANY, NOWHERE),
    "jetbrains-copilot": ("jetbrains_copilot", ANY, NOWHERE),
    "mcp-json": ("mcp_json", ANY, EVERYWHERE),
    "deepagents": ("deepagents", ANY, EVERYWHERE),
    "qoder-cli": ("qoder_cli", ANY, EVERYWHERE),
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


# ======================================================================================
# Which adapters can run a catalog entry, and the install spec each one takes (SPEC §3, §5).
#
# The catalog keys a spec by its kind for "every adapter that can run it"
# (`catalog/models.py`); an adapter says what it can run through its
# capabilities (`transports` and `references`).
# This module joins the two: it is the only place an entry's adapters are known.
# ======================================================================================

Spec = StdioSpec | RemoteSpec


def unreferenced_variables(adapter: Adapter, spec: Spec) -> tuple[str, ...]:
    """Variables `spec` needs in a place where `adapter` cannot reference one."""
    places = _places(spec).items()
    return _variables(
        text for place, texts in places if place not in adapter.caps.references for text in texts
    )


class Needs(NamedTuple):
    """What an adapter must do to run one spec: its transport, and where to expand variables."""

    spec: Spec
    transport: str
    places: frozenset[Place]

    @classmethod
    def of(cls, spec: Spec) -> Needs:
        """The needs of `spec`."""
        transport = "stdio" if isinstance(spec, StdioSpec) else spec.transport
        places = frozenset(place for place, texts in _places(spec).items() if _variables(texts))
        return cls(spec, transport, places)

    def met_by(self, adapter: Adapter) -> bool:
        """Whether `adapter`'s config file can run the spec with everything it needs."""
        return self.met(adapter.caps.transports, adapter.caps.references)

    def met(self, transports: frozenset[Transport], references: frozenset[Place]) -> bool:
        """Whether a config file that runs `transports` and expands a variable in
        `references` can run the spec with everything it needs."""
        return self.transport in transports and self.places <= references


def can_run(adapter: Adapter, spec: Spec) -> bool:
    """Whether `adapter`'s config file can run `spec` with everything it needs."""
    return Needs.of(spec).met_by(adapter)


def spec_for(entry: MCPDef, adapter: Adapter) -> Spec | None:
    """`entry`'s spec under `adapter`'s own name, else the first by kind it can run."""
    return _pick(entry, _kinds(entry), _runs(adapter))


def _kinds(entry: MCPDef) -> tuple[Needs, ...]:
    """The needs of `entry`'s specs keyed by kind, in order of preference."""
    return tuple(Needs.of(spec) for key in CAPABILITY_KEYS if (spec := entry.install.get(key)))


# What an adapter's config file can run: its name, transports and references.
Runs = tuple[str, frozenset[Transport], frozenset[Place]]


def _runs(adapter: Adapter) -> Runs:
    return adapter.name, adapter.caps.transports, adapter.caps.references


def _pick(entry: MCPDef, kinds: tuple[Needs, ...], runs: Runs) -> Spec | None:
    name, transports, references = runs
    named = entry.install.get(name)
    if named is not None:
        return named
    for needs in kinds:
        if needs.met(transports, references):
            return needs.spec
    return None


def supported(entry: MCPDef, adapters: Iterable[Adapter]) -> dict[str, Spec]:
    """The spec of every adapter in `adapters` that supports `entry`, by adapter name."""
    return _supported(entry, tuple(_runs(adapter) for adapter in adapters))


def _supported(entry: MCPDef, every: Iterable[Runs]) -> dict[str, Spec]:
    kinds = _kinds(entry)
    specs: dict[str, Spec] = {}
    for runs in every:  # a plain loop: this runs for every entry on every plan
        spec = _pick(entry, kinds, runs)
        if spec is not None:
            specs[runs[0]] = spec
    return specs


def _places(spec: Spec) -> dict[Place, tuple[str, ...]]:
    """The texts of `spec` by the place the harness must expand a variable in.

    A stdio spec's `env` is not one: every harness either references it or
    leaves the value out with a note to set it by hand.
    """
    if isinstance(spec, StdioSpec):
        return {"args": spec.args}
    return {"url": (spec.url,), "headers": tuple(spec.headers.values())}


def _variables(texts: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(PLACEHOLDER_RE.findall(" ".join(texts))))


def resolved(
    entries: Iterable[MCPDef], adapters: Iterable[Adapter] | None = None
) -> tuple[MCPDef, ...]:
    """`entries` with each install map keyed by the adapter names that support it.

    Everything past the catalog (desired state, the lock, doctor, `aido catalog`)
    reads these, so "which adapters run this entry" is answered here once. Without
    `adapters`, every adapter aido knows, from the registry's table of what each runs
    (so none of their modules is imported).
    """
    if adapters is None:
        known = tuple((name, *runs) for name, runs in RUNS.items())
    else:
        known = tuple(_runs(adapter) for adapter in adapters)
    return tuple(dataclasses.replace(entry, install=_supported(entry, known)) for entry in entries)
