"""Every harness aido knows, by adapter name (SPEC §5): each adapter module, imported here.

Adding a harness adds its module to the import and its `ADAPTER` to the tuple below
(docs/adapters.md, "Adding a harness"); what it can run is its own `caps`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from aidokit.adapters import (
    amazon_q,
    amp,
    antigravity,
    auggie,
    claude_code,
    claude_desktop,
    cline,
    codex,
    continue_dev,
    copilot_cli,
    crush,
    cursor,
    deepagents,
    devin,
    factory_droid,
    gemini_cli,
    goose,
    grok,
    hermes,
    jetbrains_ai,
    jetbrains_copilot,
    junie,
    kilo,
    kilo_legacy,
    kimi,
    kiro,
    lm_studio,
    mcp_json,
    opencode,
    openhands,
    qoder,
    qoder_cli,
    qwen_code,
    roo,
    rovo_dev,
    trae,
    vibe,
    visual_studio,
    vscode,
    warp,
    windsurf,
    zed,
)
from aidokit.adapters.base import Adapter, Place, Transport
from aidokit.catalog.models import CAPABILITY_KEYS, PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec

ADAPTERS: Mapping[str, Adapter] = {
    adapter.name: adapter
    for adapter in (
        claude_code.ADAPTER,
        codex.ADAPTER,
        vscode.ADAPTER,
        opencode.ADAPTER,
        copilot_cli.ADAPTER,
        cursor.ADAPTER,
        gemini_cli.ADAPTER,
        windsurf.ADAPTER,
        claude_desktop.ADAPTER,
        zed.ADAPTER,
        kiro.ADAPTER,
        amazon_q.ADAPTER,
        cline.ADAPTER,
        roo.ADAPTER,
        crush.ADAPTER,
        goose.ADAPTER,
        qwen_code.ADAPTER,
        kilo.ADAPTER,
        kilo_legacy.ADAPTER,
        antigravity.ADAPTER,
        factory_droid.ADAPTER,
        visual_studio.ADAPTER,
        continue_dev.ADAPTER,
        lm_studio.ADAPTER,
        junie.ADAPTER,
        amp.ADAPTER,
        auggie.ADAPTER,
        openhands.ADAPTER,
        vibe.ADAPTER,
        devin.ADAPTER,
        warp.ADAPTER,
        hermes.ADAPTER,
        grok.ADAPTER,
        kimi.ADAPTER,
        trae.ADAPTER,
        qoder.ADAPTER,
        rovo_dev.ADAPTER,
        jetbrains_ai.ADAPTER,
        jetbrains_copilot.ADAPTER,
        mcp_json.ADAPTER,
        deepagents.ADAPTER,
        qoder_cli.ADAPTER,
    )
}


def verified_by_cli() -> dict[str, str]:
    """The adapters whose output the real harness CLI reads back in CI
    (tests/contract/test_aido_writes.py), by that CLI's binary: each adapter says so
    itself (its `evidence`: `verified_by="real CLI"` and `cli`); the rest are verified
    against source or documentation only (docs/adapters.md)."""
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
    `adapters`, every adapter aido knows.
    """
    every = ADAPTERS.values() if adapters is None else adapters
    known = tuple(_runs(adapter) for adapter in every)
    return tuple(dataclasses.replace(entry, install=_supported(entry, known)) for entry in entries)
