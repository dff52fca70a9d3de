"""An entry's install map (SPEC §3): one spec for every adapter that can run it, plus overrides.

A key of `install` is either a spec's kind (`remote` or `stdio`), standing for
every adapter that can run that spec, or an adapter name, for a spec that
adapter takes instead. Which adapters can run a spec is theirs to say
(`adapters/support.py` resolves the map against the registry); the catalog
names no harness unless an entry really differs there.
"""

from __future__ import annotations

from aidokit.catalog.models import CAPABILITY_KEYS, RemoteSpec, StdioSpec

__all__ = ["CAPABILITY_KEYS", "everywhere"]


def everywhere(spec: StdioSpec | RemoteSpec) -> dict[str, StdioSpec | RemoteSpec]:
    """`spec` for every adapter that can run it, keyed by its kind."""
    return {spec.kind: spec}
