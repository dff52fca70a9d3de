"""`aido import [--adapter A]`: hand-written servers become config choices that aido owns."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from aidokit.reconcile.commands.common import (
    apply_and_report,
    finish_interrupted,
    gather_inputs,
    want_colour,
)

if TYPE_CHECKING:
    from aidokit.reconcile.history.ownfiles import Snapshot
    from aidokit.reconcile.plan import Change, Plan


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `import`'s own options."""
    parser.add_argument("--yes", "-y", action="store_true", help="skip the confirmation prompt")


def run(args: argparse.Namespace) -> int:
    """Run `aido import`."""
    from dataclasses import replace

    from aidokit.reconcile.choices.config_edit import record_import
    from aidokit.reconcile.choices.layers import layer_paths, shown
    from aidokit.reconcile.engine import build_plan
    from aidokit.reconcile.errors import DocumentError
    from aidokit.reconcile.history.ownfiles import Collector, Extra
    from aidokit.reconcile.importer import (
        adoption_entries,
        find,
        imported_world,
        record_all,
        usable,
    )
    from aidokit.reconcile.world import read_world

    finish_interrupted(args)
    inputs = gather_inputs(args)
    world = read_world(inputs)
    for target in world.files:  # fail closed, as status does: never "nothing to import"
        if target.error:
            raise DocumentError(f"nothing was imported: {target.error}")
    found, skipped = usable(find(world))
    for item in skipped:
        print(f"skipped {item.name} in {item.file.shown}: {item.problem}")
    if not found:
        print("Nothing to import: every server in the targeted files is aido's already.")
        return 0
    path = layer_paths(inputs.host, inputs.scope)[0]
    where = shown(path, inputs.host)
    for item in found:
        kind = "catalog id" if item.catalog_id else f"[custom.{item.name}]"
        print(f"import {item.name} from {item.file.shown} as {kind} into {where}")
        for name in item.references:  # SPEC §7: the credential itself is never copied
            print(
                f"  a credential of {item.name} is not copied: {where} and the harness files "
                f"get ${{{name}}} in its place; set {name} where the harness starts"
            )
    new = imported_world(world, found, where)
    names = {item.name for item in found}
    plan = build_plan(new)
    files = tuple(
        replace(f, changes=tuple(c for c in f.changes if c.name in names and not c.map_path))
        for f in plan.files
    )
    plan = replace(plan, files=files, lock=None)

    store = confirm_customs(plan, {item.name for item in found if item.custom})

    def record() -> Extra:
        # SPEC §6 / issue 38 §3: the config edit, the adoption records and the typed
        # confirmations are one transaction with the harness files: undo restores all.
        collected = Collector(lambda p: shown(p, inputs.host), "import")
        written = record_import(path, new.inputs.loaded.config, write=collected)
        return Extra(
            writes=tuple(collected.writes),
            records=adoption_entries(found),
            record=lambda: record_all(found),
            after=lambda: print(recorded_line(written, len(found), where)),
        )

    return apply_and_report(
        plan,
        yes=args.yes,
        colour=want_colour(args),
        before_write=record,
        kind="import",
        store=store,
    )


def recorded_line(written: tuple[int, bool], found: int, where: str) -> str:
    """What the import did to the config file, in words that match it."""
    named, changed = written
    if not changed:
        return f"{where} already chooses the {found} server(s), so it is unchanged; aido owns them."
    if not named:
        return f"{where} already chooses the {found} server(s); their overrides went there too."
    rest = f"; {where} already chose the other {found - named}" if found > named else ""
    return f"Recorded {named} server(s) in {where}{rest}; aido now owns them."


def confirm_customs(plan: Plan, customs: set[str]) -> Snapshot | None:
    """Ask for the typed confirmation of every imported custom server (SPEC §7); return
    the confirmation store as it was before, for the import's transaction.

    Adopting a hand-written custom entry as it stands writes nothing, so the
    plan alone would never ask; importing it is trusting it, so aido asks.
    """
    if not customs:
        return None
    from dataclasses import replace

    from aidokit.reconcile.plan import Action
    from aidokit.reconcile.security.gate import Gate

    def as_write(change: Change) -> Change:
        if change.name in customs and change.action is Action.NOOP:
            return replace(change, action=Action.HEAL, sensitive=True)
        return change

    files = tuple(replace(f, changes=tuple(map(as_write, f.changes))) for f in plan.files)
    gate = Gate.for_plan(replace(plan, files=files))  # refuses without a terminal
    from aidokit.reconcile.history.ownfiles import Snapshot

    store = Snapshot.of(gate.store.path, gate.store.path.name) if gate.pending else None
    gate.ask()
    return store
