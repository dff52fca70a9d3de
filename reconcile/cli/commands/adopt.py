"""`aido adopt NAME --adapter A`: take ownership of an existing entry."""

from __future__ import annotations

import argparse

from aidokit.reconcile.cli.console import want_colour
from aidokit.reconcile.cli.plan_apply import apply_and_report, finish_interrupted, gather_inputs
from aidokit.reconcile.core.errors import ConfigError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `adopt`'s own options."""
    parser.add_argument("name", help="entry name in the harness file, e.g. context7")
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace the entry with aido's version when they differ",
    )
    parser.add_argument("--yes", "-y", action="store_true", help="skip the confirmation prompt")


def run(args: argparse.Namespace) -> int:
    """Run `aido adopt`."""
    finish_interrupted(args)
    from aidokit.reconcile.plan.model import kept_words
    from aidokit.reconcile.write.adopt import adoptable, adoption_plan, record_adoption

    if not args.adapters or len(args.adapters) != 1:
        raise ConfigError("aido adopt needs exactly one --adapter NAME, e.g. --adapter claude-code")
    inputs = gather_inputs(args)
    file, change = adoption_plan(inputs, args.name)
    if adoptable(change):
        from aidokit.reconcile.write.ownfiles import Extra, records_entry, write_journaled

        entry = records_entry(
            adapter=file.adapter,
            path=file.path,
            abs_path=file.abs_path,
            state_path=file.state_path,
            record_path=file.record_path,
            names=[change.name],
        )
        record = Extra(records=(entry,), record=lambda: record_adoption(file, change))
        write_journaled(project=str(inputs.host.project), scope=inputs.scope, kind="adopt",
                        extra=record)  # fmt: skip
        kept = f" ({kept_words(change.tuned)})" if change.tuned else ""
        print(
            f"aido now owns '{args.name}' in {file.path} ({file.adapter}); "
            f"the file is unchanged{kept}."
        )
        return 0
    from aidokit.reconcile.show.plan_text import render_diff

    print(f"'{args.name}' in {file.path} differs from what aido would write:")
    print(render_diff(change, file.fmt), end="")
    if not args.force:
        raise ConfigError(
            f"'{args.name}' in {file.path} differs from aido's version; "
            f"run aido adopt {args.name} --adapter {file.adapter} --force to replace it"
        )
    from aidokit.reconcile.write.adopt import forced_plan

    return apply_and_report(
        forced_plan(inputs, file, change), yes=args.yes, colour=want_colour(args), kind="adopt"
    )
