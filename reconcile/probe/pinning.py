"""Tool pins against what a probe listed (issue 53): the check and the move.

`aido doctor --probe` compares each server's tools with its pin in `aido.lock`
(reconcile/read/choices/tool_pins.py): unchanged, changed (each tool added,
removed or changed, and which part), or not pinned. `aido upgrade --tools` moves
the pins of what it probed, after showing the same difference.

A pin is kept per entry id and per what runs: the package and version of a
stdio server launched through npx or uvx, the URL of a remote (without user
info or query, where credentials hide), else the program's name. A server whose
package moved to a version with no pin is compared with the pin of the version
before.

The lock keeps digests, not text: for the old text of a changed tool, each
probe keeps the definitions it listed in `<user state dir>/tool-definitions/`,
one file per digest, owner-only, outside the project, the newest KEEP files in
at most MAX_TOTAL bytes (each at most MAX_BYTES). A file there whose content does
not match its digest is not believed.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePath
from typing import Any, NamedTuple
from urllib.parse import urlsplit

from aidokit.adapters.launch import Launch
from aidokit.catalog.models import StdioSpec, package_of
from aidokit.reconcile.core.atomic import current_digest, replace_file
from aidokit.reconcile.core.errors import AidoError
from aidokit.reconcile.core.paths import outside, private_entry, user_state_dir
from aidokit.reconcile.core.safe_read import read_file
from aidokit.reconcile.probe.targets import Result, Status
from aidokit.reconcile.read.choices.tool_pins import (
    Flag,
    ToolChange,
    ToolPin,
    changes,
    digest_of,
    flags,
    pin_of,
)

CACHE_FOLDER = "tool-definitions"
KEEP = 64
MAX_BYTES = 8 << 20
MAX_TOTAL = 32 << 20
SERVER_CHARS = 200  # of the name and version a server gives, kept in a pin


class PinCheck(NamedTuple):
    """One probe's tools against its pin."""

    result: Result
    source: str  # what runs: npm:pkg@1.2.3, url:https://..., command:NAME
    status: str  # "unchanged" | "changed" | "unpinned"
    now: ToolPin  # the pin of what it lists now
    pinned: ToolPin | None = None  # the pin compared with
    pinned_for: str | None = None  # what that pin was for (another version: it moved)
    changes: tuple[ToolChange, ...] = ()
    flags: tuple[Flag, ...] = ()
    unaccepted: tuple[Flag, ...] = ()  # hidden content no pin covers

    @property
    def failing(self) -> bool:
        """Whether `doctor --probe` exits 1 for it: tools changed, or hidden content that
        no person accepted."""
        return self.status == "changed" or bool(self.unaccepted)


def source_of(launch: Launch) -> str:
    """What a pin is for: the package and version, the URL, or the program."""
    if launch.transport != "stdio":
        return "url:" + _url(launch.url)
    name = PurePath(launch.command).name.removesuffix(".cmd").removesuffix(".exe")
    package = package_of(StdioSpec(command=name, args=launch.args))
    return str(package) if package is not None else f"command:{name}"


def _url(url: str) -> str:
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return "?"
    return f"{parts.scheme}://{host}{port}{parts.path}"


def pin_now(result: Result) -> ToolPin:
    """The pin of what `result` listed."""
    return pin_of(list(result.definitions), (result.server or "")[:SERVER_CHARS])


def check(
    result: Result,
    pins: Mapping[str, Mapping[str, ToolPin]],
    environ: Mapping[str, str],
    project: Path,
) -> PinCheck | None:
    """`result` (an ok probe) against the pins of its id; None when it listed nothing."""
    if result.status is not Status.OK:
        return None
    launch = result.probe.launch
    source = source_of(launch)
    now = pin_now(result)
    found = flags(list(result.definitions))
    held = pins.get(result.probe.id, {})
    pinned_for = source if source in held else _nearest(source, held)
    if pinned_for is None:
        hidden = tuple(f for f in found if f.what == "hidden")
        return PinCheck(result, source, "unpinned", now, flags=tuple(found), unaccepted=hidden)
    pinned = held[pinned_for]
    before = kept(pinned.digest, environ, project)
    moved = tuple(changes(pinned, list(result.definitions), before))
    touched = {c.tool for c in moved}
    hidden = tuple(f for f in found if f.what == "hidden" and f.tool in touched)
    status = "changed" if moved else "unchanged"
    return PinCheck(result, source, status, now, pinned, pinned_for, moved, tuple(found), hidden)


def _nearest(source: str, held: Mapping[str, ToolPin]) -> str | None:
    """The pin of the same package at another version, else any pin of the id."""
    if not held:
        return None
    if source.startswith("npm:"):
        prefix = source.rsplit("@", 1)[0] + "@"
    elif source.startswith("pypi:"):
        prefix = source.split("==", 1)[0] + "=="
    else:
        prefix = source
    same = [s for s in held if s.startswith(prefix)]
    return sorted(same or held)[-1]


def moved(
    checks: Iterable[PinCheck], pins: Mapping[str, Mapping[str, ToolPin]]
) -> tuple[dict[str, dict[str, ToolPin]], list[PinCheck]]:
    """The tool pins with each check's pin set to what it lists now (the pin it was compared
    with goes when that was another version), and the checks whose pin moves. Pins no check
    touched (a probe that failed, an id not probed) stay."""
    table = {entry: dict(by_source) for entry, by_source in pins.items()}
    listed = list(checks)
    for item in listed:
        held = table.setdefault(item.result.probe.id, {})
        if item.pinned_for is not None and item.pinned_for != item.source:
            held.pop(item.pinned_for, None)
        held[item.source] = item.now
    moving = [
        c for c in listed
        if c.status != "unchanged" or c.pinned_for != c.source or c.pinned != c.now
    ]  # fmt: skip
    return dict(sorted(table.items())), moving


def cache_folder(environ: Mapping[str, str]) -> Path:
    """Where the definitions each probe listed are kept, by digest."""
    return user_state_dir(environ) / CACHE_FOLDER


def keep(results: Iterable[Result], environ: Mapping[str, str], project: Path) -> None:
    """Keep the definitions of every ok probe, by digest; the newest KEEP files stay."""
    found = [r for r in results if r.status is Status.OK and r.definitions]
    folder = cache_folder(environ)
    if not found or not outside(folder, project):
        return
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return
    if private_entry(folder, folder=True) is not None:
        return  # a cache: never written where someone else could plant or read it
    for result in found:
        digest = digest_of(result.definitions)
        path = folder / (digest.removeprefix("sha256:") + ".json")
        data = (json.dumps(list(result.definitions), sort_keys=True) + "\n").encode()
        if len(data) > MAX_BYTES:
            continue
        try:
            if path.exists():
                os.utime(path)  # newest again
                continue
            replace_file(path, data, current_digest(path), create_parents=False, mode=0o600)
        except (AidoError, OSError):
            continue
    _prune(folder)


def _prune(folder: Path) -> None:
    """Keep the newest KEEP files, in at most MAX_TOTAL bytes."""
    try:
        found = [(p, p.lstat()) for p in folder.glob("*.json")]
        found.sort(key=lambda item: item[1].st_mtime, reverse=True)
        total = 0
        for index, (path, info) in enumerate(found):
            total += info.st_size
            if index >= KEEP or total > MAX_TOTAL:
                path.unlink()
    except OSError:
        return


def kept(digest: str, environ: Mapping[str, str], project: Path) -> list[dict[str, Any]] | None:
    """The definitions of `digest` as a probe on this machine listed them, if kept."""
    folder = cache_folder(environ)
    path = folder / (digest.removeprefix("sha256:") + ".json")
    if not outside(folder, project) or private_entry(folder, folder=True) is not None:
        return None
    if private_entry(path, folder=False) is not None:
        return None
    try:
        raw = read_file(path, limit=MAX_BYTES)
        data = json.loads(raw) if raw else None
    except (AidoError, ValueError):
        return None
    if not isinstance(data, list) or not all(isinstance(d, dict) for d in data):
        return None
    return data if digest_of(data) == digest else None
