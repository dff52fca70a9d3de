"""What `aido doctor --probe` starts: one probe per distinct launch, and who may run it.

Every entry of every targeted file is read the way its harness starts it
(`launch_of`); entries that start the same program with the same
arguments, environment and folder (or the same URL and headers) are one probe,
reported for each of them. Running a probe runs third-party code (SPEC §7): an
entry runs without asking only when it is exactly what aido renders now, in that
file, from a catalog entry (and `aido.lock`) that is not security-sensitive; any
other entry (sensitive, custom, imported, hand-written or edited since) needs the
typed confirmation that installing it needs, bound to its exact content. What
`.aido/state.json` says (an id, a source, a digest) never vouches for an entry: a
repository can write it (read/project_state.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from aidokit.adapters.launch import Launch, launch_of
from aidokit.reconcile.core.errors import AidoError
from aidokit.reconcile.plan import engine
from aidokit.reconcile.plan.model import Action, Change, FileChange
from aidokit.reconcile.plan.planner import runs_as_rendered
from aidokit.reconcile.read.world import TargetFile, World


class Status(StrEnum):
    """How one probe ended (SPEC §7)."""

    OK = "ok"
    FAILED = "failed"
    TIMEOUT = "timeout"
    MISSING_LAUNCHER = "missing-launcher"
    MISSING_ENV = "missing-env"
    NEEDS_AUTH = "needs-auth"
    SKIPPED = "skipped"


# What makes `aido doctor --probe` exit 1: the server does not work as configured.
FAILURES = frozenset({Status.FAILED, Status.TIMEOUT, Status.MISSING_LAUNCHER, Status.MISSING_ENV})


@dataclass(frozen=True)
class Use:
    """One entry, in one file, that a probe stands for."""

    adapter: str
    file: str  # as shown to the user
    name: str  # the entry's name in the file
    id: str  # the catalog or custom id aido knows it by, else its name
    # Why it needs a confirmation before it runs (None: aido wrote it from the catalog).
    sensitive: str | None
    target: tuple[FileChange, Change]  # what a confirmation of it is bound to


@dataclass(frozen=True)
class Probe:
    """One distinct launch and the entries that use it."""

    launch: Launch
    uses: tuple[Use, ...]

    @property
    def id(self) -> str:
        """The id it is reported under: the first of its entries' ids."""
        return self.uses[0].id

    @property
    def adapters(self) -> tuple[str, ...]:
        """The harnesses that start it, each once, in file order."""
        return tuple(dict.fromkeys(use.adapter for use in self.uses))


@dataclass(frozen=True)
class Job:
    """One probe to run: the launch as it will run (offline switches included)."""

    probe: Probe
    launch: Launch
    cwd: Path  # where it runs unless the entry says
    offline: bool


@dataclass(frozen=True)
class Result:
    """What one probe found."""

    probe: Probe
    status: Status
    tools: tuple[str, ...] = ()
    error: str | None = None
    seconds: float = 0.0
    stderr: tuple[str, ...] = ()  # the server's last lines of stderr, kept on failure
    server: str | None = None  # the name and version the server gave in `initialize`
    schema_sizes: tuple[int, ...] = ()  # characters of each tool's input schema
    # Each tool's canonical definition (read/choices/tool_pins.py), for the tool pins.
    definitions: tuple[Mapping[str, Any], ...] = ()


def probes_of(world: World, ids: Sequence[str] = ()) -> list[Probe]:
    """The probes of every entry in the world's targeted files (only `ids`, when named)."""
    host = world.inputs.host
    rendered = rendered_entries(world)
    groups: dict[tuple[object, ...], list[Use]] = {}
    launches: dict[tuple[object, ...], Launch] = {}
    for target in world.files:
        owned = {r.name: r for r in target.records if not r.map_path}
        desired = rendered.get((target.adapter.name, str(target.location.path)), {})
        for name, value in sorted(target.servers().items()):
            record, wanted = owned.get(name), desired.get(name)
            # The id names the entry (`aido doctor --probe ID`); it never vouches.
            entry_id = (wanted.id if wanted else None) or (record.id if record else name)
            if ids and name not in ids and entry_id not in ids:
                continue
            if not isinstance(value, dict):
                continue  # not an entry the harness could start either
            launch = launch_of(target.adapter, value, host)
            if value.get("enabled") is False or value.get("disabled") is True:
                launch = launch._replace(problem="it is switched off there, so it does not start")
            use = _use(target, name, entry_id, value, wanted)
            key = launch.key if launch.problem is None else (target.shown, name)
            launches.setdefault(key, launch)
            groups.setdefault(key, []).append(use)
    return [Probe(launches[key], tuple(uses)) for key, uses in groups.items()]


def rendered_entries(world: World) -> dict[tuple[str, str], dict[str, Change]]:
    """What aido renders now into each file (adapter, absolute path), by entry name: the
    plan's desired entries, from the catalog and `aido.lock` (none when no plan can be
    made: then nothing is vouched for)."""
    try:
        plan = engine.build_plan(world)
    except AidoError:
        return {}
    return {
        (file.adapter, file.abs_path): {
            c.name: c for c in file.changes
            if not c.map_path and c.action is not Action.DELETE and isinstance(c.after, dict)
        }
        for file in plan.files
    }  # fmt: skip


def _use(
    target: TargetFile, name: str, entry_id: str, value: dict[str, Any], wanted: Change | None
) -> Use:
    why = _sensitive(target, value, wanted)
    file = _file_change(target)
    change = Change(
        action=Action.CREATE, name=name, id=entry_id, after=value, sensitive=True,
        source=wanted.source if wanted else "custom",
    )  # fmt: skip
    return Use(target.adapter.name, target.shown, name, entry_id, why, (file, change))


def _sensitive(target: TargetFile, value: dict[str, Any], wanted: Change | None) -> str | None:
    """Why running this entry needs a typed confirmation; None when aido vouches for it:
    it is what aido renders there now from a routine catalog entry."""
    if wanted is None:
        return "aido did not write it"
    if wanted.source != "catalog":
        return f"it is a {wanted.source} entry"
    if wanted.sensitive:
        return "it is security-sensitive"
    caps = target.adapter.caps
    harness = caps.harness_keys - frozenset(wanted.claimed)
    if not runs_as_rendered(value, wanted.after, harness, caps.launch_keys):
        return "it is not what aido writes there now"
    return None


def _file_change(target: TargetFile) -> FileChange:
    """`target` as a confirmation names it (adapter, file, scope)."""
    location = target.location
    digest = target.document.digest if target.document is not None else ""
    return FileChange(
        adapter=target.adapter.name, scope=location.scope, path=target.shown,
        abs_path=str(location.path), fmt=location.fmt, map_path=location.map_path,
        state_path=str(target.state_path), record_path=target.record_path, digest=digest,
    )  # fmt: skip


def allowed(probe: Probe, confirmed: Callable[[FileChange, Change], bool]) -> bool:
    """Whether the probe may run: one of its entries needs no confirmation, or has one.

    Its entries all run exactly the same thing, so one that may run lets it run.
    """
    return any(use.sensitive is None or confirmed(*use.target) for use in probe.uses)
