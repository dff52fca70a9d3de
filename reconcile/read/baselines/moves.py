"""`aido upgrade --baseline` and `aido outdated --baseline`: the pins against the remotes.

Both read the layer files themselves (not `load_layers`, which needs the
copies a fresh machine does not have yet), then resolve every `extends`
with a reader that may use the network: the newest commit of each ref
(upgrade), or the locked commit (outdated). Nothing is written to the project
until every baseline has been fetched and parsed; then upgrade writes
`aido.lock` once, compared and swapped.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from aidokit.adapters.base import Host, Scope, display
from aidokit.reconcile.core.atomic import current_digest
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.read.baselines.cache import check_cache, read_cached
from aidokit.reconcile.read.baselines.fetch import Upstream, fetch_locked, pin_newest, upstream
from aidokit.reconcile.read.baselines.layers import origin_of
from aidokit.reconcile.read.baselines.pins import baseline_changes
from aidokit.reconcile.read.baselines.resolve import Origin, Reader, read_local, resolve
from aidokit.reconcile.read.baselines.source import Source
from aidokit.reconcile.read.choices.config import LoadedConfig, load_file
from aidokit.reconcile.read.choices.layers import layer_paths, pins_path
from aidokit.reconcile.read.choices.lockfile import (
    BaselinePin,
    Lock,
    load_lock,
    render_lock,
    write_lock,
)


@dataclass
class Newest:
    """Upgrade's reader: fetch each ref's newest commit."""

    environ: Mapping[str, str]

    def read(self, source: Source, origin: Origin) -> tuple[bytes, BaselinePin]:
        """Local paths as they are; git sources at their ref's newest commit."""
        if source.kind == "path":
            return read_local(source, origin)
        return pin_newest(source, self.environ)


@dataclass
class Locked:
    """Outdated's reader: each pinned commit, from the cache or fetched into it."""

    environ: Mapping[str, str]
    pins: Mapping[str, BaselinePin]
    lock_name: str
    sources: dict[str, Source] = field(default_factory=dict)

    def read(self, source: Source, origin: Origin) -> tuple[bytes, BaselinePin]:
        """The locked copy; an unpinned source is the same error as plan's."""
        if source.kind == "path":
            return read_local(source, origin)

        pin = self.pins.get(source.text)
        if pin is None:
            return Reader(self.pins, self.lock_name, self.environ).read(source, origin)
        self.sources[source.text] = source
        raw = read_cached(pin, source.text, self.environ)
        return (raw if raw is not None else fetch_locked(source, pin, self.environ)), pin


@dataclass(frozen=True)
class Layers:
    """The present layer files of a scope and the lock that pins their baselines."""

    layers: tuple[tuple[str, LoadedConfig], ...]
    lock_path: Path
    host: Host
    scope: Scope

    @property
    def lock_name(self) -> str:
        """The lock as messages name it."""
        return self.lock_path.name if self.scope is not Scope.USER else str(self.lock_path)


def read_layers(host: Host, scope: Scope) -> Layers:
    """The scope's layer files that exist; an error when none of them extends anything."""
    present = [load_file(p, host.environ, name=display(p, host)) for p in layer_paths(host, scope)]
    layers = tuple((display(layer.path, host), layer) for layer in present if layer.present)
    if not any(layer.config.extends for _label, layer in layers):
        names = " or ".join(display(p, host) for p in layer_paths(host, scope))
        raise ConfigError(
            f"{names} extends no baseline, so there is none to compare or move; add "
            'extends = ["git+https://...#ref:aido.toml"] first'
        )

    check_cache(host.environ, host.project)  # before git runs (SPEC §7)
    return Layers(layers, pins_path(host, scope), host, scope)


def _pins(found: Layers, reader: Newest | Locked) -> dict[str, BaselinePin]:
    pins: dict[str, BaselinePin] = {}
    for label, layer in found.layers:
        origin = origin_of(layer, label, found.host, found.scope)
        pins.update(resolve(layer, origin, reader).pins)
    return dict(sorted(pins.items()))


def upgrade_pins(found: Layers, *, frozen: bool) -> tuple[dict[str, BaselinePin], list[str]]:
    """Fetch every baseline's newest commit and move the lock to it; the lines that moved."""
    expected = current_digest(found.lock_path)
    old = load_lock(found.lock_path) or Lock()
    pins = _pins(found, Newest(found.host.environ))
    lines = baseline_changes(old.baselines, pins)
    if lines and frozen:
        raise ConfigError(
            f"{found.lock_name} would change (--frozen): {'; '.join(lines)}; run "
            "`aido upgrade --baseline` without --frozen and commit the lock"
        )
    if lines:
        write_lock(found.lock_path, render_lock(Lock(old.entries, pins, old.tools)), expected)
    return pins, lines


def outdated_pins(found: Layers) -> list[Upstream]:
    """Each pinned git baseline against its remote ref (locked copies fetched if missing)."""
    lock = load_lock(found.lock_path) or Lock()
    reader = Locked(found.host.environ, lock.baselines, found.lock_name)
    pins = _pins(found, reader)
    return [
        upstream(reader.sources[text], pin, found.host.environ)
        for text, pin in pins.items()
        if text in reader.sources
    ]
