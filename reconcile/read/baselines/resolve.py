"""A layer's `extends` turned into the layers under it, read from the pins alone (no network).

Each git baseline is read from the user's cache by the commit and digest
`aido.lock` pins (reconcile/read/baselines/cache.py); a local path is read as it
is and pinned by its digest. A baseline may extend others: they come first,
at most `MAX_DEPTH` deep, and a source that extends itself is an error.
What a project names may not reach outside it (SPEC §7): a local path or a
`git+file://` repository must be inside the project, or inside a folder the
user listed in `AIDO_BASELINE_ROOTS` (the user layer may name any).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple, Protocol

from aidokit.catalog.errors import excerpt
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.core.safe_read import read_file
from aidokit.reconcile.read.baselines.cache import (
    MAX_BASELINE_BYTES,
    cache_folder,
    digest_of,
    read_cached,
)
from aidokit.reconcile.read.baselines.source import Source, parse_source
from aidokit.reconcile.read.choices.config import LoadedConfig, parse_config
from aidokit.reconcile.read.choices.lockfile import BaselinePin

MAX_DEPTH = 4
ROOTS_VARIABLE = "AIDO_BASELINE_ROOTS"
NOWHERE = Path("/nonexistent/aido")  # a project boundary nothing is inside: the roots only


class Origin(NamedTuple):
    """Who names a source: the layer file (or baseline) and how far it may reach."""

    shown: str  # `aido.toml`, `~/.config/aido/aido.toml`, `baseline git+...`
    folder: Path | None  # where a relative local path starts; None inside a git baseline
    project: Path | None  # the project whose boundary holds; None for the user's own layer


class Resolved:
    """The baseline layers found so far (earliest first) and the pins they were read by
    (filled in as the layers are read, so a small mutable class)."""

    __slots__ = ("layers", "pins")

    def __init__(self) -> None:
        self.layers: list[tuple[str, LoadedConfig]] = []
        self.pins: dict[str, BaselinePin] = {}


class Reads(Protocol):
    """How a baseline's bytes are got: from the cache by its pin (plan), or fetched."""

    @property
    def environ(self) -> Mapping[str, str]:
        """The environment (state folder, AIDO_BASELINE_ROOTS)."""
        ...

    def read(self, source: Source, origin: Origin) -> tuple[bytes, BaselinePin]:
        """The bytes of `source` and the pin they are read by."""
        ...


class Reader(NamedTuple):
    """Plan's reader: the cache by the lock's pins, never the network."""

    pins: Mapping[str, BaselinePin]
    lock_name: str  # the lock file as the error names it
    environ: Mapping[str, str]

    def read(self, source: Source, origin: Origin) -> tuple[bytes, BaselinePin]:
        """The bytes of `source` and its pin, without the network."""
        if source.kind == "path":
            return read_local(source, origin)

        pin = self.pins.get(source.text)
        if pin is None or pin.commit is None:
            raise ConfigError(
                f"baseline {source.text} (named in {origin.shown}) is not pinned in "
                f"{self.lock_name}; run `aido upgrade --baseline` to fetch it and pin its commit"
            )
        raw = read_cached(pin, source.text, self.environ)
        if raw is None:
            raise ConfigError(
                f"baseline {source.text} at commit {pin.commit[:12]} is not on this machine "
                "(plan never fetches); run `aido outdated --baseline` to fetch the locked "
                "commit, or `aido upgrade --baseline` to move to the newest"
            )
        return raw, pin


def resolve(layer: LoadedConfig, origin: Origin, reader: Reads) -> Resolved:
    """The baselines under `layer`, each parsed as an ordinary `aido.toml` layer."""
    found = Resolved()
    _extend(layer, origin, reader, found, chain=())
    return found


def _extend(
    layer: LoadedConfig, origin: Origin, reader: Reads, found: Resolved, chain: tuple[str, ...]
) -> None:
    for text in layer.config.extends:
        source = parse_source(text)
        if text in chain:
            raise ConfigError(
                f"baseline {text} extends itself ({' -> '.join([*chain, text])}); "
                f"remove the loop from {origin.shown}"
            )
        if len(chain) >= MAX_DEPTH:
            raise ConfigError(
                f"baseline {text} (named in {origin.shown}) is more than {MAX_DEPTH} baselines "
                "deep; extend fewer levels"
            )
        check_reach(source, origin, reader.environ)
        raw, pin = reader.read(source, origin)
        label = f"baseline {text}"
        loaded = parse_baseline(raw, source, label, reader.environ)
        # What a git baseline names is held to the roots even under the user's own layer.
        bound = origin.project if origin.project is not None or source.kind == "path" else NOWHERE
        inner = Origin(label, _folder_of(source, origin), bound)
        _extend(loaded, inner, reader, found, (*chain, text))
        found.layers.append((label, loaded))
        found.pins[text] = pin


def parse_baseline(
    raw: bytes, source: Source, label: str, environ: Mapping[str, str]
) -> LoadedConfig:
    """A baseline's bytes as a layer; errors name the source."""
    name = Path(source.path).name
    loaded = parse_config(raw, cache_folder(environ) / name, environ, shown=label, name=name)
    return loaded._replace(label=label)


def _folder_of(source: Source, origin: Origin) -> Path | None:
    """Where a local path inside this baseline would start: beside a local file only."""
    if source.kind == "path" and origin.folder is not None:
        return (origin.folder / source.path).parent
    return None


def read_local(source: Source, origin: Origin) -> tuple[bytes, BaselinePin]:
    """A local-path baseline's bytes, pinned by their digest (no commit)."""
    if origin.folder is None:  # check_reach refused a local path in a git baseline
        raise RuntimeError("aido bug: expected origin.folder is not None")
    path = origin.folder / source.path
    raw = read_file(path, limit=MAX_BASELINE_BYTES, error=ConfigError)
    if raw is None:
        raise ConfigError(
            f"baseline {source.text} (named in {origin.shown}) does not exist at {path}; "
            "fix the path in extends"
        )
    return raw, BaselinePin(digest=digest_of(raw))


def check_reach(source: Source, origin: Origin, environ: Mapping[str, str]) -> None:
    """Refuse a source that reaches a file or repository the user did not allow."""
    if source.kind == "path" and origin.folder is None:
        raise ConfigError(
            f"baseline {source.text} is a local path inside a git baseline ({origin.shown}); "
            "a git baseline may extend only git sources"
        )
    if origin.project is None:
        return  # the user's own layer: their file, their machine
    if source.kind == "path":
        if origin.folder is None:
            raise RuntimeError("aido bug: expected origin.folder is not None")
        target = origin.folder / source.path
    elif source.scheme == "file":
        target = Path(source.file_path)
    else:
        return
    allowed = [Path(os.path.realpath(root)) for root in (origin.project, *_roots(environ))]
    reads = [target] if source.kind == "path" else git_reads(target)
    for place in reads:
        real = Path(os.path.realpath(place))
        if not any(real.is_relative_to(root) for root in allowed):
            where = "" if place == target else f" (git reads {real} for it)"
            raise ConfigError(
                f"baseline {source.text} (named in {origin.shown}) is outside the project"
                f"{where}; a project may extend files of its own, or folders you list in "
                f"{ROOTS_VARIABLE}"
            )


def git_reads(target: Path) -> list[Path]:
    """Every place git reads for a `git+file://` repository at `target`: the folder, the
    git folder a `.git` file (or `target` itself, as a gitfile) names with `gitdir:`, its
    `commondir`, and the object folders its alternates name (SPEC §7: resolved before the
    boundary is judged, so a committed gitfile cannot take a baseline outside)."""
    places = [target]
    for gitfile in (target / ".git", target):
        found = _pointer(gitfile, "gitdir:")
        if found is not None:
            places.append(found)
    for folder in list(places):
        for candidate in (folder, folder / ".git"):
            common = _pointer(candidate / "commondir", "")
            if common is not None:
                places.append(common)
            places += _alternates(candidate / "objects" / "info" / "alternates")
    return places


def _pointer(path: Path, prefix: str) -> Path | None:
    """The path a small pointer file names (`gitdir: X`, a `commondir`), relative to its
    folder, or None when `path` is no such file."""
    if not path.is_file():
        return None
    raw = read_file(path, limit=4096, error=ConfigError) or b""
    text = raw.decode("utf-8", "replace").strip()
    if not text.startswith(prefix):
        return None
    return path.parent / text.removeprefix(prefix).strip()


def _alternates(path: Path) -> list[Path]:
    if not path.is_file():
        return []
    raw = read_file(path, limit=65536, error=ConfigError) or b""
    lines = raw.decode("utf-8", "replace").splitlines()
    return [path.parent.parent / line.strip() for line in lines if line.strip()
            and not line.startswith("#")]  # fmt: skip


def _roots(environ: Mapping[str, str]) -> list[Path]:
    """`AIDO_BASELINE_ROOTS`: absolute folders, separated like PATH."""
    raw = environ.get(ROOTS_VARIABLE, "")
    return [Path(part) for part in raw.split(os.pathsep) if part]


def check_roots(environ: Mapping[str, str]) -> object:
    """The settings reader: every folder in `AIDO_BASELINE_ROOTS` must be absolute."""
    raw = environ.get(ROOTS_VARIABLE, "")
    for part in raw.split(os.pathsep):
        if part and not os.path.isabs(part):
            raise ConfigError(
                f"{ROOTS_VARIABLE} names {excerpt(part)}, which is not an absolute folder; "
                "fix or unset it"
            )
    return _roots(environ)
