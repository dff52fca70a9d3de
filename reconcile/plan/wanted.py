"""The plan's first steps, over the whole project's desired state (docs/architecture.md).

Each step takes a `Desired` (the servers wanted, the notes said so far, why an owned
entry goes) and gives the next one; `build_plan` (plan/engine.py) calls them in order:
select, pin to the locks, override, budget, warn of unset references, take out what
`aido remove` names. Every step is pure: its facts come in as arguments.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from types import MappingProxyType
from typing import NamedTuple

from aidokit.adapters.base import Host
from aidokit.reconcile.plan.lock_pins import lock_change, next_lock, pin
from aidokit.reconcile.plan.model import Gone, LockChange, Reason
from aidokit.reconcile.read.choices.config import ProjectConfig
from aidokit.reconcile.read.choices.lockfile import BaselinePin, Lock
from aidokit.reconcile.read.desired import Wanted
from aidokit.reconcile.read.personal import Personal


class Desired(NamedTuple):
    """The project's desired state between two steps of `build_plan`."""

    wanted: tuple[Wanted, ...]  # the servers the project should have, sorted by id
    notes: tuple[str, ...] = ()  # what the plan says so far
    # Why an owned entry that is not wanted goes (skipped, removed), by id.
    gone: Mapping[str, tuple[Reason, str]] = MappingProxyType({})


def select(
    wanted: Collection[Wanted],
    notes: Collection[str],
    skip: Collection[str],
    origin: Mapping[str, str],
) -> Desired:
    """Select: takes the servers `read_world` chose (triggers and `[mcp] add` over the
    layered aido.toml, less `skip`) with its notes, and the `skip` ids with the layer file
    naming each (`origin`); gives the first desired state, an owned entry of a skipped id
    going as skipped."""
    gone = {i: (Reason.SKIPPED, origin.get(f"skip:{i}", "aido.toml")) for i in skip}
    return Desired(tuple(wanted), tuple(notes), gone)


def pin_to_locks(
    desired: Desired, team: Lock | None, personal: Lock | None, upgrade: Collection[str]
) -> Desired:
    """Pin: takes the desired state, the team's `aido.lock` and the person's own pins (local
    scope), and the ids `aido upgrade` names; gives each catalog entry rendered from its pin:
    the person's, then the team's over it (an upgraded one from the catalog)."""
    wanted = list(desired.wanted)
    if personal is not None:
        wanted = pin(wanted, personal, upgrade)
    return desired._replace(wanted=tuple(pin(wanted, team, upgrade)))


def lock_after(
    desired: Desired,
    *,
    team: Lock | None,
    team_path: str | None,
    team_digest: str,
    personal: Personal | None,
    upgrade: Collection[str],
    baselines: Mapping[str, BaselinePin],
) -> LockChange | None:
    """The lock's change: takes the pinned desired state, the team's `aido.lock` with its
    path (None: this scope does not write it; project scope beside an aido.toml does) and
    the digest of its bytes, the person's choices (local scope: their pins live with them,
    SPEC §4), the upgraded ids and the baselines read; gives what writing the next lock
    changes, or None when no lock is kept."""
    wanted = list(desired.wanted)
    if team_path is not None:
        return lock_change(
            team_path, team, next_lock(wanted, team, upgrade, baselines), team_digest
        )
    if personal is not None and personal.lock_path is not None:
        new = next_lock(wanted, personal.lock, upgrade, {})
        if new.entries or personal.lock is not None:  # nothing of theirs: no file of pins
            return lock_change(str(personal.lock_path), personal.lock, new, personal.lock_digest)
    return None


def override(desired: Desired, config: ProjectConfig, origin: Mapping[str, str]) -> Desired:
    """Override: takes the pinned desired state and the `[override.<id>]` tables (with the
    file naming each); gives each entry customised and with the context budget its table
    asks for. After the pins, so the lock keeps the catalog's spec and the override stays
    in the config."""
    if not config.override:
        return desired
    from aidokit.reconcile.read.choices.overrides import with_overrides  # noqa: PLC0415 (off a converged plan's path)

    return desired._replace(wanted=tuple(with_overrides(list(desired.wanted), config, origin)))


def budget(
    desired: Desired,
    tool_lists: Mapping[str, tuple[str, ...]],
    lock: Lock | None,
    origin: Mapping[str, str],
) -> Desired:
    """Budget: takes the overridden desired state, the tools the last probe listed
    (`World.tool_lists`), the lock's tool pins and the file naming each override; gives
    every budget knowing its server's tools, a pin's list before the probe's
    (docs/context-budget.md). Raises ConfigError for a tool a pin does not list."""
    wanted = desired.wanted
    if not any(item.budget.chosen or item.agent_budgets for item in wanted):
        return desired
    from aidokit.reconcile.plan.budget import check_named, pinned_lists, with_known  # noqa: PLC0415 (off a converged plan's path)

    pinned = pinned_lists(lock)
    known = {**tool_lists, **pinned}
    for item in wanted:
        if item.server.id in pinned:
            where = origin.get(f"override:{item.server.id}", "aido.toml")
            budgets = {"": item.budget, **item.agent_budgets}
            check_named(item.server.id, budgets, pinned[item.server.id], where)
    return desired._replace(
        wanted=tuple(
            item._replace(
                budget=with_known(item.budget, known, item.server.id),
                agent_budgets={
                    agent: with_known(budget, known, item.server.id)
                    for agent, budget in item.agent_budgets.items()
                },
            )
            for item in wanted
        )
    )


def warn_unset(desired: Desired, host: Host) -> Desired:
    """Takes the desired state and the host; gives it with a note for each custom server
    whose `${NAME}` references (a credential aido replaced, SPEC §7) are not set where aido
    runs: the harness would start the server without them."""
    notes = []
    for item in desired.wanted:
        unset = [v.name for v in item.server.env if v.secret and not host.environ.get(v.name)]
        if unset and "custom" in item.server.tags:
            notes.append(
                f"{item.server.id}: set {', '.join(unset)} in the environment the harness "
                "starts in; aido writes only a reference to it, never the credential"
            )
    return desired._replace(notes=(*desired.notes, *notes))


def unset_for_new(desired: Desired, host: Host, adding: Collection[str]) -> list[str]:
    """Takes the desired state, the host and the ids the plan adds; gives a note for each
    one aido suggests (nobody named it) that needs a secret not set where aido runs, and
    both ways on. Said when it is added, not on every plan (a drift check in CI has no
    tokens); one the project named is its choice (`aido doctor` lists it)."""
    notes = []
    for item in desired.wanted:
        if item.explicit or item.server.id not in adding:
            continue
        needed = [v.name for v in item.server.env if v.secret and v.required]
        if unset := [name for name in needed if not host.environ.get(name)]:
            notes.append(  # why it is suggested is on its `+` line
                f"{item.server.id} needs {', '.join(unset)}, which is not set here: set it "
                f"where the harness starts, or add {item.server.id!r} to [mcp] skip"
            )
    return notes


def take_out(desired: Desired, remove: Collection[str], removed_by: str | None) -> Desired:
    """Take out: takes the desired state, the ids `aido remove` (or `destroy`) deletes and
    the command that removes them (None: they are not skipped); gives the state without
    them, owned ones going as removed, and a note for each that is still desired."""
    notes = [
        f"'{item.server.id}' is still desired ({item.detail}), so the next apply adds it "
        "again; `aido remove` it to keep it out"
        for item in desired.wanted
        if item.server.id in remove
    ]
    gone: Gone = dict(desired.gone)
    gone.update(dict.fromkeys(remove, (Reason.REMOVED, removed_by)) if removed_by else {})
    return Desired(
        tuple(item for item in desired.wanted if item.server.id not in remove),
        (*desired.notes, *notes),
        gone,
    )
