"""The plan's steps for one adapter before scoping (docs/architecture.md): admit by policy,
render, add the native policy, and split the companions into the files that hold them.

Each takes the values the previous step gave and the facts it needs as arguments;
`build_plan` (plan/engine.py) calls them in order for every targeted adapter.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple

from aidokit.adapters.base import Adapter, Companion, CompanionFiles, Scope
from aidokit.reconcile.plan.model import Gone, Reason
from aidokit.reconcile.plan.personal import nowhere, with_switches
from aidokit.reconcile.policy.layers import PolicyLayer
from aidokit.reconcile.policy.violation import PolicyViolation
from aidokit.reconcile.read.choices.config import ProjectConfig
from aidokit.reconcile.read.desired import DesiredEntry, Wanted, resolve_for
from aidokit.reconcile.read.personal import Personal
from aidokit.reconcile.read.world import Inputs, TargetFile


class Admitted(NamedTuple):
    """What a policy admits on one adapter."""

    wanted: list[Wanted]
    notes: list[str]  # one per suggested entry left out
    gone: Gone  # why an owned entry the policy refuses goes
    refused: list[PolicyViolation]  # each suggested entry left out, by id (found "left-out")


class Rendered(NamedTuple):
    """One adapter's entries rendered for its files."""

    entries: list[DesiredEntry]
    notes: list[str]  # the plan's notes on what was left out, and why
    # Switched off (`enabled = false`) where the harness has no off switch: an owned entry
    # leaves the file as a switch-off, not as one no longer desired (issue 54 item 5).
    gone: Gone


class CompanionFile(NamedTuple):
    """A companion file of one adapter (`CompanionFiles.companion_files`) and what goes there."""

    target: TargetFile
    entries: list[DesiredEntry]  # each holding only its companions that live there
    notes: tuple[str, ...]  # what the native policy says of this file


def no_file(
    adapter: Adapter, scope: Scope, personal: Personal | None, not_installed: Collection[str]
) -> list[str]:
    """Takes an adapter with no file in this scope; gives the plan's line for it (none for
    an adapter skipped as not installed)."""
    if personal is not None:
        return nowhere(adapter, personal)
    if adapter.name in not_installed:
        return []
    return [f"{adapter.name} has no {scope} scope; nothing to do there"]


def admit(
    wanted: Sequence[Wanted],
    adapter: Adapter,
    layers: Sequence[PolicyLayer],
    config: ProjectConfig,
) -> Admitted:
    """Admit by policy: takes the desired servers, one adapter, the policy layers and the
    config (what counts as custom); gives those the layers admit as that harness would run
    them, a note for each suggested one left out, and why owned ones go. Raises
    PolicyError for an entry the project named itself (reconcile/plan/policy/enforce.py)."""
    if not layers:
        return Admitted(list(wanted), [], {}, [])
    from aidokit.reconcile.plan.policy.enforce import admitted  # noqa: PLC0415 (only when a policy exists)

    return Admitted(*admitted(wanted, adapter, layers, config))


def render(
    adapter: Adapter, wanted: Sequence[Wanted], inputs: Inputs, personal: Personal | None
) -> Rendered:
    """Render per adapter: takes the admitted servers, one adapter, the inputs (host, OS,
    scope) and at local scope the person's choices; gives each server as that harness's
    entry (the context budget compiled in where the harness filters tools), plus one
    switch per team server the person turns off, and notes on what is left out."""
    entries, notes = resolve_for(adapter, list(wanted), inputs.host.os, inputs.scope,
                                 host=inputs.host)  # fmt: skip
    if personal is not None:
        entries, said = with_switches(adapter, entries, personal)
        notes += said
    rendered = {entry.id for entry in entries}
    off: Gone = {
        item.server.id: (Reason.SWITCHED_OFF_HERE, adapter.name)
        for item in wanted
        if item.budget.chosen and not item.budget.enabled and item.server.id not in rendered
    }
    return Rendered(entries, notes, off)


def native_policy(
    adapter: Adapter, entries: list[DesiredEntry], inputs: Inputs, *, native: bool
) -> tuple[list[DesiredEntry], tuple[str, ...]]:
    """Native policy in the file of the servers: takes one adapter's rendered entries and
    the inputs (policy layers, scope); gives them with the policy's items when the harness
    keeps its enforcement beside its servers (Gemini CLI, Qwen Code: no companion files),
    and the notes for that file. `native` False (`aido remove policy`) adds none."""
    if not native or not inputs.policy:
        return entries, ()
    if isinstance(adapter, CompanionFiles) and adapter.companion_files(inputs.scope, inputs.host):
        return entries, ()  # its policy goes there (by_file)
    from aidokit.reconcile.plan.policy.native import admin_note, native_entry  # noqa: PLC0415 (off a converged plan's path)

    policy, notes = native_entry(adapter, inputs, None)
    if inputs.scope is Scope.USER:
        admin = admin_note(adapter, inputs.policy, {e.name: e.entry for e in entries})
        notes += (admin,) if admin else ()
    return ([*entries, policy] if policy is not None else entries), notes


def by_file(
    adapter: Adapter,
    entries: list[DesiredEntry],
    sides: Sequence[TargetFile],
    inputs: Inputs,
    *,
    native: bool,
) -> tuple[list[DesiredEntry], list[CompanionFile]]:
    """Split by file: takes one adapter's entries and its companion files read in this
    scope; gives the entries of its own file (each with only the companions that live
    there) and each companion file with the items the entries' companions and the native
    policy put there. A companion file aido neither wants an item in nor recorded one is
    left out: it is not aido's business then (reconcile/plan/policy/native.py)."""
    own = [e._replace(budget_companions=in_file(e, None)) for e in entries]
    files = []
    for side in sides:
        key = side.companion
        if key is None:
            raise RuntimeError("aido bug: expected a companion file's key")
        mine = [
            e._replace(companions=(), budget_companions=in_file(e, key))
            for e in entries
            if in_file(e, key)
        ]
        notes: tuple[str, ...] = ()
        if native and inputs.policy:
            from aidokit.reconcile.plan.policy.native import native_entry  # noqa: PLC0415 (off a converged plan's path)

            policy, notes = native_entry(adapter, inputs, key)
            mine += [policy] if policy is not None else []
        if mine or side.records or notes:
            files.append(CompanionFile(side, mine, notes))
    return own, files


def in_file(entry: DesiredEntry, key: str | None) -> tuple[Companion, ...]:
    """The budget companions of `entry` that live in companion file `key` (None: its own)."""
    return tuple(c for c in entry.budget_companions if c.file == key)
