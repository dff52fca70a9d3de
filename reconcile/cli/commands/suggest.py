"""`aido suggest`: which catalog entries this project's facts select, and why."""

from __future__ import annotations

import argparse

from aidokit.reconcile.cli.console import say_text
from aidokit.reconcile.cli.plan_apply import project_dir

FORMAT_VERSION = 1  # of `aido suggest --json`, docs/schemas/suggest.schema.json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `suggest`'s own options."""
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--budget",
        action="store_true",
        help="the servers that cost the most context here, and the override that trims each",
    )


def run(args: argparse.Namespace) -> int:
    """Run `aido suggest`."""
    if args.budget:
        return _budget(args)
    from aidokit.catalog.entries import MCP_CATALOG
    from aidokit.catalog.triggers import select
    from aidokit.catalog.views import selection_json, selection_text
    from aidokit.reconcile.read.choices.config import load_config
    from aidokit.reconcile.read.facts import detect_facts

    project = project_dir(args)
    config = load_config(project).config
    facts = detect_facts(
        project,
        conformance=config.conformance,
        stack_packs=config.stack_packs,
        forges=config.forges,
    )
    selection = select(MCP_CATALOG, facts)
    if args.json:
        from aidokit.reconcile.show.json_output import dumps

        doc = {"format_version": FORMAT_VERSION, **selection_json(selection, facts)}
        print(dumps(doc), end="")
    else:
        say_text(selection_text(selection, len(MCP_CATALOG)))
    return 0


def _budget(args: argparse.Namespace) -> int:
    """`aido suggest --budget`: the desired servers by the context their tools cost (from the
    last `aido doctor --probe`), costliest first, each with the override that trims it."""
    from aidokit.reconcile.cli.plan_apply import gather_inputs
    from aidokit.reconcile.plan.budget import costs
    from aidokit.reconcile.read.choices.overrides import with_overrides
    from aidokit.reconcile.read.tool_lists import tool_sizes
    from aidokit.reconcile.read.world import read_world

    world = read_world(gather_inputs(args))
    loaded = world.inputs.loaded
    wanted = with_overrides(list(world.wanted), loaded.config, loaded.origin)
    host = world.inputs.host
    from aidokit.reconcile.plan.budget import pinned_lists

    sizes = dict(tool_sizes(host.environ, host.project))
    # The tool names of a pin (issue 53), each with its schema's size when a probe here saw it.
    for entry_id, names in pinned_lists(world.lock).items():
        seen = dict(sizes.get(entry_id, ()))
        sizes[entry_id] = tuple((name, seen.get(name, 0)) for name in names)
    found = costs({w.server.id: w.budget for w in wanted}, sizes)
    if args.json:
        from aidokit.reconcile.show.json_output import dumps

        doc = {"format_version": FORMAT_VERSION, "servers": [cost._asdict() for cost in found]}
        print(dumps(doc), end="")
        return 0
    from aidokit.catalog.errors import printable

    lines = ["Context cost of this project's servers (estimated from the last probe):"]
    for cost in found:
        if cost.tokens is None:
            lines.append(printable(f"  {cost.id}: tools not known; {cost.trim}"))
            continue
        lines.append(
            printable(
                f"  {cost.id}: {cost.tools_loaded} of {cost.tools_total} tools, about "
                f"{cost.tokens} tokens; trim with {cost.trim}"
            )
        )
    if not found:
        lines.append("  (no servers are desired here)")
    print("\n".join(lines))
    return 0
