"""`aido suggest`: which catalog entries this project's facts select, and why."""

from __future__ import annotations

import argparse
import sys

from aidokit.reconcile.commands.common import project_dir

FORMAT_VERSION = 1  # of `aido suggest --json`, docs/schemas/suggest.schema.json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `suggest`'s own options."""
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def run(args: argparse.Namespace) -> int:
    """Run `aido suggest`."""
    from aidokit.catalog.entries import MCP_CATALOG
    from aidokit.catalog.select import select
    from aidokit.catalog.views import selection_json, selection_text
    from aidokit.reconcile.choices.config import load_config
    from aidokit.reconcile.facts.context import detect_facts

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
        from aidokit.reconcile.render.json_output import dumps

        doc = {"format_version": FORMAT_VERSION, **selection_json(selection, facts)}
        print(dumps(doc), end="")
    else:
        sys.stdout.write(selection_text(selection, len(MCP_CATALOG)))
    return 0
