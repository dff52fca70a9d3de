"""Which adapters can run a catalog entry, and the install spec each one takes (SPEC §3, §5).

The catalog keys a spec by its kind for "every adapter that can run it"
(`catalog/install.py`); an adapter says what it can run through its
capabilities (`transports`, and `references_in_args`, `_url`, `_headers`).
This module joins the two: it is the only place an entry's adapters are known.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from aidokit.adapters.base import Adapter
from aidokit.catalog.models import CAPABILITY_KEYS, PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec

Spec = StdioSpec | RemoteSpec


def unreferenced_variables(adapter: Adapter, spec: Spec) -> tuple[str, ...]:
    """Variables `spec` needs in a place where `adapter` cannot reference one.

    A stdio spec's `env` never counts: every harness either references it or
    leaves the value out with a note to set it by hand.
    """
    if isinstance(spec, StdioSpec):
        return () if adapter.references_in_args else _variables(spec.args)
    url = () if adapter.references_in_url else (spec.url,)
    headers = () if adapter.references_in_headers else tuple(spec.headers.values())
    return _variables((*url, *headers))


@dataclass(frozen=True)
class Needs:
    """Where one spec needs the harness to expand a variable reference, and its transport."""

    spec: Spec
    transport: str
    in_args: bool = False
    in_url: bool = False
    in_headers: bool = False

    @classmethod
    def of(cls, spec: Spec) -> Needs:
        """The needs of `spec`."""
        if isinstance(spec, StdioSpec):
            return cls(spec, "stdio", in_args=bool(_variables(spec.args)))
        in_url = bool(_variables((spec.url,)))
        return cls(
            spec, spec.transport, in_url=in_url, in_headers=bool(_variables(spec.headers.values()))
        )

    def met_by(self, adapter: Adapter) -> bool:
        """Whether `adapter`'s config file can run the spec with everything it needs."""
        return (
            self.transport in adapter.transports
            and (adapter.references_in_args or not self.in_args)
            and (adapter.references_in_url or not self.in_url)
            and (adapter.references_in_headers or not self.in_headers)
        )


def can_run(adapter: Adapter, spec: Spec) -> bool:
    """Whether `adapter`'s config file can run `spec` with everything it needs."""
    return Needs.of(spec).met_by(adapter)


def spec_for(entry: MCPDef, adapter: Adapter) -> Spec | None:
    """`entry`'s spec under `adapter`'s own name, else the first by kind it can run."""
    return _pick(entry, _kinds(entry), adapter)


def _kinds(entry: MCPDef) -> tuple[Needs, ...]:
    """The needs of `entry`'s specs keyed by kind, in order of preference."""
    return tuple(Needs.of(spec) for key in CAPABILITY_KEYS if (spec := entry.install.get(key)))


def _pick(entry: MCPDef, kinds: tuple[Needs, ...], adapter: Adapter) -> Spec | None:
    named = entry.install.get(adapter.name)
    if named is not None:
        return named
    for needs in kinds:
        if needs.met_by(adapter):
            return needs.spec
    return None


def supported(entry: MCPDef, adapters: Iterable[Adapter]) -> dict[str, Spec]:
    """The spec of every adapter in `adapters` that supports `entry`, by adapter name."""
    kinds = _kinds(entry)
    specs: dict[str, Spec] = {}
    for adapter in adapters:  # a plain loop: this runs for every entry on every plan
        spec = _pick(entry, kinds, adapter)
        if spec is not None:
            specs[adapter.name] = spec
    return specs


def _variables(texts: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(PLACEHOLDER_RE.findall(" ".join(texts))))


def resolved(
    entries: Iterable[MCPDef], adapters: Iterable[Adapter] | None = None
) -> tuple[MCPDef, ...]:
    """`entries` with each install map keyed by the adapter names that support it.

    Everything past the catalog (desired state, the lock, doctor, `aido catalog`)
    reads these, so "which adapters run this entry" is answered here once.
    """
    if adapters is None:
        from aidokit.adapters.registry import ADAPTERS

        adapters = ADAPTERS.values()
    known = tuple(adapters)
    return tuple(dataclasses.replace(entry, install=supported(entry, known)) for entry in entries)
