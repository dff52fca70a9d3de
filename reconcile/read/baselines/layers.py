"""The config layers with their baselines put under them (SPEC §4), for `load_layers`.

Project scope: the baselines of `aido.toml` and of `aido.local.toml` go under
the project layer, pinned in the project's `aido.lock`. User scope: the
baselines of the user's `aido.toml` go under it, pinned in the `aido.lock`
beside it (the only thing that lock holds).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from aidokit.adapters.base import Host, Scope
from aidokit.reconcile.read.baselines.cache import check_cache
from aidokit.reconcile.read.baselines.resolve import Origin, Reader, resolve
from aidokit.reconcile.read.choices.config import LoadedConfig
from aidokit.reconcile.read.choices.lockfile import LOCK_NAME, BaselinePin, Lock, load_lock

Labelled = list[tuple[str, LoadedConfig]]


def origin_of(layer: LoadedConfig, label: str, host: Host, scope: Scope) -> Origin:
    """Where a layer's local paths start and which boundary holds for what it names."""
    return Origin(label, layer.path.parent, None if scope is Scope.USER else host.project)


def with_baselines(
    layers: Sequence[tuple[str, LoadedConfig]], host: Host, scope: Scope, path: Path
) -> tuple[Labelled, dict[str, BaselinePin]]:
    """`layers` with every baseline before the first layer, and the pins (from the lock
    at `path`) they were read by."""
    lock = load_lock(path) or Lock()
    if any(text.startswith("git+") for _label, layer in layers for text in layer.config.extends):
        check_cache(host.environ, host.project)  # its copies are believed only so (SPEC §7)
    shown = LOCK_NAME if scope is not Scope.USER else str(path)
    reader = Reader(lock.baselines, shown, host.environ)
    under: Labelled = []
    pins: dict[str, BaselinePin] = {}
    for label, layer in layers:
        found = resolve(layer, origin_of(layer, label, host, scope), reader)
        for item in found.layers:
            if item[0] not in {seen for seen, _layer in under}:
                under.append(item)
        pins.update(found.pins)
    return [*under, *layers], pins
