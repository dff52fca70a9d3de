"""`aido forget ID`: stop managing a server's entries, keep their bytes (terraform's
`removed` block, `state rm`).

The id is recorded under `skip` in aido.toml (the user layer at `--scope user`), so
the next apply does not write it again, and aido's ownership records of its entries
are dropped from the state; no harness file changes. The entries are then the
person's, as if written by hand: `aido adopt` or `aido import` takes them back.
"""

from __future__ import annotations

import argparse

from aidokit.reconcile.cli.plan_apply import finish_interrupted, gather_inputs
from aidokit.reconcile.core.errors import ConfigError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `forget`'s own options."""
    parser.add_argument("id", help="the catalog (or custom) id whose entries aido stops managing")
    parser.add_argument("--yes", "-y", action="store_true", help="skip the confirmation prompt")


def run(args: argparse.Namespace) -> int:
    """Run `aido forget`."""
    from aidokit.adapters.base import display
    from aidokit.catalog.spelling import maybe
    from aidokit.reconcile.cli.console import ask_yes_no
    from aidokit.reconcile.read.choices.layers import layer_paths
    from aidokit.reconcile.read.world import read_world
    from aidokit.reconcile.write.config_edit import record_skip
    from aidokit.reconcile.write.ownfiles import Collector, Extra, records_entry, write_journaled

    finish_interrupted(args)
    inputs = gather_inputs(args)
    world = read_world(inputs)
    owned = [(t, [r for r in t.records if r.id == args.id]) for t in world.files]
    owned = [(target, records) for target, records in owned if records]
    if not owned:
        known = {r.id for t in world.files for r in t.records}
        raise ConfigError(
            f"aido manages no entry of '{args.id}' in the files this run targets"
            f"{maybe(args.id, known)}; `aido status` lists the entries it manages"
        )
    config = layer_paths(inputs.host, inputs.scope)[0]
    for target, records in owned:
        names = ", ".join(sorted(r.name for r in records))
        print(
            f"  ~ {target.shown} ({target.adapter.name}): {names} kept as it is, no longer managed"
        )
    count = sum(len(records) for _, records in owned)
    print(
        f"Plan: aido stops managing {count} {'entry' if count == 1 else 'entries'} of "
        f"'{args.id}' and "
        f"records it under `skip` in {display(config, inputs.host)}; no harness file changes."
    )
    if not args.yes and not ask_yes_no("Forget them?"):
        print("Nothing forgotten.")
        return 1

    collected = Collector(lambda p: display(p, inputs.host), f"skip {args.id}")
    record_skip(config, args.id, write=collected)

    def drop() -> None:
        from aidokit.reconcile.read.ownership import load_state, save_state

        for target, records in owned:
            state = load_state(target.state_path)
            gone = {r.key for r in records}
            kept = [
                r
                for r in state.for_file(target.adapter.name, target.record_path)
                if r.key not in gone
            ]
            save_state(
                target.state_path, state.replace(target.adapter.name, target.record_path, kept)
            )

    entries = tuple(
        records_entry(
            adapter=target.adapter.name,
            path=target.shown,
            abs_path=str(target.location.path),
            state_path=str(target.state_path),
            record_path=target.record_path,
            names=[r.name for r in records],
        )
        for target, records in owned
    )
    extra = Extra(writes=tuple(w for w in collected.writes if w.changes), records=entries,
                  record=drop)  # fmt: skip
    write_journaled(project=str(inputs.host.project), scope=inputs.scope, kind="forget",
                    extra=extra)  # fmt: skip
    print(f"Forget complete! aido no longer manages '{args.id}'; its entries are as they were.")
    return 0
