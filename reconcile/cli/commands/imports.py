"""`aido import [ID...] [--adapter A]`: hand-written servers become config choices that aido
owns; all of them, the ones named, or the ones picked from a checklist at a terminal. A
server that cannot be carried, or whose confirmation is refused, skips only itself."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from aidokit.reconcile.cli.console import say, want_colour
from aidokit.reconcile.cli.plan_apply import apply_and_report, finish_interrupted, gather_inputs

if TYPE_CHECKING:
    from aidokit.reconcile.plan.model import Change, Plan
    from aidokit.reconcile.read.world import World
    from aidokit.reconcile.write.importer import Found
    from aidokit.reconcile.write.ownfiles import Snapshot


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `import`'s own options."""
    parser.add_argument(
        "ids",
        nargs="*",
        metavar="ID",
        help="import only these servers: their names in the harness files, or the catalog "
        "ids they run (default: all; a checklist at a terminal)",
    )
    parser.add_argument("--yes", "-y", action="store_true", help="skip the confirmation prompt")


def run(args: argparse.Namespace) -> int:
    """Run `aido import`."""

    from aidokit.adapters.base import Scope, display
    from aidokit.reconcile.core.errors import DocumentError
    from aidokit.reconcile.read.choices.config import load_file
    from aidokit.reconcile.read.choices.layers import layer_paths
    from aidokit.reconcile.read.world import read_world
    from aidokit.reconcile.write.config_edit import record_import
    from aidokit.reconcile.write.importer import (
        adoption_entries,
        find,
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
    named = list(dict.fromkeys(getattr(args, "ids", None) or ()))
    if named:
        found, skipped = _named(named, found, skipped)
    wanted = {w.server.id for w in world.wanted}
    for item in skipped:
        say(f"skipped {item.name} in {item.file.shown}: {item.problem}")
    if not found:
        say("Nothing to import: every server in the targeted files is aido's already.")
        return 0
    if not named and not args.yes and _at_terminal():
        found = _picked(found)
        if not found:
            say("Nothing imported: no server was picked.")
            return 0
    paths = layer_paths(inputs.host, inputs.scope)
    home = str(inputs.host.home)
    sensitive = {s.id for s in world.catalog if s.security_sensitive}
    first_store: Snapshot | None = None
    told = False
    while True:
        why = {item.name: personal(item, home) for item in found}
        # issue 38 §4: one person's server goes to their own layer (aido.local.toml, or the
        # user layer at user scope, which is theirs already), never to the team's file.
        # At local scope every server found is in the person's own files: theirs (issue 49).
        theirs = inputs.scope is Scope.LOCAL
        dest = {item.name: paths[-1] if why[item.name] or theirs else paths[0] for item in found}
        where = {name: display(path, inputs.host) for name, path in dest.items()}
        # Issue 49 §1: a server recorded in aido.local.toml at project scope is one person's;
        # the team's files come from aido.toml alone, so aido does not adopt it there: it
        # stays as written, and `aido apply --scope local` gives it to their own files.
        adopted = [i for i in found if not (inputs.scope is Scope.PROJECT and why[i.name])]
        plan = _import_plan(world, found, where, adopted)
        for item in found if not told else ():
            say(import_line(item, where[item.name], why[item.name], plan, len(paths) > 1))
            for line in (*item.differs, *item.cannot):  # issue 50 §4 and §1
                say(f"  {line}")
            for name in item.references:  # SPEC §7: the credential itself is never copied
                say(
                    f"  a credential of {item.name} is not copied: {where[item.name]} and the "
                    f"harness files get ${{{name}}} in its place; set {name} where the "
                    "harness starts"
                )
        told = True
        confirm = {i.name for i in found if i.custom} | {
            i.catalog_id for i in found if i.catalog_id in sensitive
        }
        store, refused = confirm_customs(plan, confirm)
        first_store = first_store or store
        if not refused:
            break
        for item in [i for i in found if {i.name, i.catalog_id} & set(refused)]:
            say(f"skipped {item.name} in {item.file.shown}: you did not confirm it")
        found = [i for i in found if not {i.name, i.catalog_id} & set(refused)]
        if not found:
            say("Nothing imported.")
            return 0
    store = first_store

    def record() -> Extra:
        # SPEC §6 / issue 38 §3: the config edit, the adoption records and the typed
        # confirmations are one transaction with the harness files: undo restores all.
        collected = Collector(lambda p: display(p, inputs.host), "import")
        lines = []
        for path in dict.fromkeys(dest.values()):
            mine = [item for item in found if dest[item.name] == path]
            expected = with_choices(load_file(path).config, mine, wanted)
            written = record_import(path, expected, write=collected)
            line = recorded_line(written, len(mine), display(path, inputs.host))
            if inputs.scope is Scope.PROJECT and path != paths[0]:  # one person's: not adopted
                line = line.replace(
                    "aido now owns them.",
                    "`aido apply --scope local` writes them into your own files.",
                )
            lines.append(line)
        return Extra(
            writes=tuple(collected.writes),
            records=adoption_entries(adopted),
            record=lambda: record_all(adopted),
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


def _import_plan(
    world: World, found: list[Found], where: dict[str, str], adopted: list[Found]
) -> Plan:
    """The plan of adopting `adopted` (of `found`, all recorded): only their entries'
    changes, renamed ones deleted under their own name."""
    from dataclasses import replace

    from aidokit.reconcile.plan.engine import build_plan
    from aidokit.reconcile.write.importer import imported_world

    new = imported_world(world, found, where)
    names = {item.name for item in adopted} | {i.catalog_id for i in adopted if i.catalog_id}
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
    return replace(plan, files=files, lock=None)


def _named(
    ids: list[str], found: list[Found], skipped: list[Found]
) -> tuple[list[Found], list[Found]]:
    """Only the servers `ids` name (their own names or the catalog ids they run); an id
    that names none is an error naming what there is."""
    from aidokit.reconcile.core.errors import ConfigError

    known = {i.name for i in [*found, *skipped]} | {i.catalog_id for i in found if i.catalog_id}
    unknown = [i for i in ids if i not in known]
    if unknown:
        from aidokit.catalog.spelling import maybe

        there = ", ".join(sorted(known)) or "none"
        raise ConfigError(
            f"no hand-written server '{unknown[0]}' in the targeted files"
            f"{maybe(unknown[0], sorted(known))}; the servers there: {there}"
        )
    chosen = set(ids)
    return (
        [i for i in found if {i.name, i.catalog_id} & chosen],
        [i for i in skipped if i.name in chosen],
    )


def _at_terminal() -> bool:
    import sys

    return sys.stdin.isatty() and sys.stdout.isatty()


def _picked(found: list[Found]) -> list[Found]:
    """The servers ticked in a checklist (all ticked to start with)."""
    from aidokit.reconcile.cli.multiselect import Choice, choose

    def note(item: Found) -> str:
        what = f"catalog {item.catalog_id}" if item.catalog_id else "your own server"
        return f"{what}, in {item.file.shown}"

    keys = [f"{i.name}@{i.file.shown}" if _twice(i, found) else i.name for i in found]
    choices = [Choice(key, note(item)) for key, item in zip(keys, found, strict=True)]
    picked = set(choose("Servers to import", choices, keys))
    return [item for key, item in zip(keys, found, strict=True) if key in picked]


def _twice(item: Found, found: list[Found]) -> bool:
    return sum(1 for other in found if other.name == item.name) > 1


def _renamed(change: Change, renamed: dict[str, str]) -> Change:
    """A hand-written entry imported under its catalog id is deleted under its own name."""
    from dataclasses import replace

    from aidokit.reconcile.plan.model import Reason

    if change.name not in renamed or change.before is None or change.after is not None:
        return change
    return replace(change, why=Reason.RENAMED, detail=renamed[change.name])


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


def confirm_customs(plan: Plan, customs: set[str]) -> tuple[Snapshot | None, list[str]]:
    """Ask for the typed confirmation of every imported custom or sensitive server (SPEC
    §7), one by one; return the confirmation store as it was before, for the import's
    transaction, and the servers whose confirmation was refused (they skip themselves).

    Adopting a hand-written custom entry as it stands writes nothing, so the
    plan alone would never ask; importing it is trusting it, so aido asks.
    """
    if not customs:
        return None, []
    from dataclasses import replace

    from aidokit.reconcile.gate.gate import Gate
    from aidokit.reconcile.plan.model import Action

    def as_write(change: Change) -> Change:
        if change.name in customs and change.action is Action.NOOP:
            return replace(change, action=Action.HEAL, sensitive=True)
        return change

    files = tuple(replace(f, changes=tuple(map(as_write, f.changes))) for f in plan.files)
    # Refuses without a terminal; `aido confirm` cannot name a server not in aido.toml yet.
    gate = Gate.for_plan(replace(plan, files=files), retry="aido import")
    from aidokit.reconcile.write.ownfiles import Snapshot

    store = Snapshot.of(gate.store.path, gate.store.path.name) if gate.pending else None
    return store, gate.ask_each()
