"""`aido import [--adapter A]`: hand-written servers become config choices that aido owns."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from aidokit.reconcile.cli.commands import (
    apply_and_report,
    finish_interrupted,
    gather_inputs,
    say,
    want_colour,
)

if TYPE_CHECKING:
    from aidokit.reconcile.plan.model import Change, Plan
    from aidokit.reconcile.write.importer import Found
    from aidokit.reconcile.write.ownfiles import Snapshot


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `import`'s own options."""
    parser.add_argument("--yes", "-y", action="store_true", help="skip the confirmation prompt")


def run(args: argparse.Namespace) -> int:
    """Run `aido import`."""
    from dataclasses import replace

    from aidokit.reconcile.core.errors import DocumentError
    from aidokit.reconcile.plan.engine import build_plan
    from aidokit.reconcile.read.choices.config import load_file
    from aidokit.reconcile.read.choices.layers import layer_paths, shown
    from aidokit.reconcile.read.world import read_world
    from aidokit.reconcile.write.config_edit import record_import
    from aidokit.reconcile.write.importer import (
        adoption_entries,
        find,
        imported_world,
        personal,
        record_all,
        usable,
        with_choices,
    )
    from aidokit.reconcile.write.ownfiles import Collector, Extra

    finish_interrupted(args)
    inputs = gather_inputs(args)
    world = read_world(inputs)
    for target in world.files:  # fail closed, as status does: never "nothing to import"
        if target.error:
            raise DocumentError(f"nothing was imported: {target.error}")
    found, skipped = usable(find(world))
    wanted = {w.server.id for w in world.wanted}
    for item in skipped:
        say(f"skipped {item.name} in {item.file.shown}: {item.problem}")
    if not found:
        say("Nothing to import: every server in the targeted files is aido's already.")
        return 0
    paths = layer_paths(inputs.host, inputs.scope)
    home = str(inputs.host.home)
    why = {item.name: personal(item, home) for item in found}
    # issue 38 §4: one person's server goes to their own layer (aido.local.toml, or the
    # user layer at user scope, which is theirs already), never to the team's file.
    dest = {item.name: paths[-1] if why[item.name] else paths[0] for item in found}
    where = {name: shown(path, inputs.host) for name, path in dest.items()}
    new = imported_world(world, found, where)
    names = {item.name for item in found} | {i.catalog_id for i in found if i.catalog_id}
    renamed = {i.name: i.catalog_id for i in found if i.catalog_id and i.catalog_id != i.name}
    plan = build_plan(new)
    files = tuple(
        replace(
            f,
            changes=tuple(
                _renamed(c, renamed) for c in f.changes if c.name in names and not c.map_path
            ),
        )
        for f in plan.files
    )
    plan = replace(plan, files=files, lock=None)
    for item in found:
        say(import_line(item, where[item.name], why[item.name], plan, len(paths) > 1))
        for name in item.references:  # SPEC §7: the credential itself is never copied
            say(
                f"  a credential of {item.name} is not copied: {where[item.name]} and the "
                f"harness files get ${{{name}}} in its place; set {name} where the harness starts"
            )

    store = confirm_customs(plan, {item.name for item in found if item.custom})

    def record() -> Extra:
        # SPEC §6 / issue 38 §3: the config edit, the adoption records and the typed
        # confirmations are one transaction with the harness files: undo restores all.
        collected = Collector(lambda p: shown(p, inputs.host), "import")
        lines = []
        for path in dict.fromkeys(dest.values()):
            mine = [item for item in found if dest[item.name] == path]
            expected = with_choices(load_file(path).config, mine, wanted)
            written = record_import(path, expected, write=collected)
            lines.append(recorded_line(written, len(mine), shown(path, inputs.host)))
        return Extra(
            writes=tuple(collected.writes),
            records=adoption_entries(found),
            record=lambda: record_all(found),
            after=lambda: say("\n".join(lines)),
        )

    return apply_and_report(
        plan,
        yes=args.yes,
        colour=want_colour(args),
        before_write=record,
        kind="import",
        store=store,
    )


def _renamed(change: Change, renamed: dict[str, str]) -> Change:
    """A hand-written entry imported under its catalog id is deleted under its own name."""
    from dataclasses import replace

    from aidokit.reconcile.plan.model import Reason

    if change.name not in renamed or change.before is None or change.after is not None:
        return change
    return replace(change, why=Reason.RENAMED, reason=renamed[change.name])


def import_line(item: Found, where: str, why: str | None, plan: Plan, layered: bool) -> str:
    """What importing `item` does: from which file, as what, into which config file and
    why there, and which harnesses then get it (issue 38 §4)."""
    kind = "catalog id" if item.catalog_id else f"[custom.{item.name}]"
    if item.catalog_id and item.catalog_id != item.name:
        kind = f"catalog id {item.catalog_id} (the entry is renamed to it)"
    into = f"into {where}"
    if why and layered:
        into += f" (yours, never committed: {why})"
    elif layered:
        into += " (the team's, committed)"
    harnesses = sorted(
        {
            f.adapter
            for f in plan.files
            if any(c.name in (item.name, item.catalog_id) for c in f.changes)
        }
    )
    gets = f"; for {', '.join(harnesses)}" if harnesses else ""
    return f"import {item.name} from {item.file.shown} as {kind} {into}{gets}"


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

    from aidokit.reconcile.plan.model import Action
    from aidokit.reconcile.trust.gate import Gate

    def as_write(change: Change) -> Change:
        if change.name in customs and change.action is Action.NOOP:
            return replace(change, action=Action.HEAL, sensitive=True)
        return change

    files = tuple(replace(f, changes=tuple(map(as_write, f.changes))) for f in plan.files)
    # Refuses without a terminal; `aido confirm` cannot name a server not in aido.toml yet.
    gate = Gate.for_plan(replace(plan, files=files), retry="aido import")
    from aidokit.reconcile.write.ownfiles import Snapshot

    store = Snapshot.of(gate.store.path, gate.store.path.name) if gate.pending else None
    gate.ask()
    return store
