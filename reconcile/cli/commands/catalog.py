"""`aido catalog list|show ID|import FILE|sync|schema`: browse the catalog, draft new entries."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from aidokit.catalog.errors import excerpt

ACTIONS = ("list", "show", "import", "sync", "schema")
FORMAT_VERSION = 1  # of `list --json` and `show --json`, docs/schemas/catalog-*.schema.json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `catalog`'s own options."""
    parser.add_argument("action", choices=ACTIONS, help="what to do")
    parser.add_argument("target", nargs="?", metavar="ID|FILE", help="entry id or server.json")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--registry",
        metavar="URL",
        help="sync: the MCP Registry to read (default: https://registry.modelcontextprotocol.io)",
    )
    parser.add_argument(
        "--out",
        metavar="DIR",
        help="sync: the folder for drafts, report and sync state (default: catalog-drafts)",
    )
    parser.add_argument(
        "--full",
        action="store_true",
        help="sync: read every server, not only those updated since the last sync",
    )


def run(args: argparse.Namespace) -> int:
    """Run `aido catalog`."""
    from aidokit.reconcile.core.errors import ConfigError

    sync_options = [f"--{n}" for n in ("registry", "out", "full") if getattr(args, n)]
    if sync_options and args.action != "sync":
        raise ConfigError(
            f"{', '.join(sync_options)} belong to `aido catalog sync`; drop them or run sync"
        )
    if args.action in ("show", "import") and not args.target:
        what = "an entry id" if args.action == "show" else "a server.json file"
        raise ConfigError(f"`aido catalog {args.action}` needs {what}; pass it after the action.")
    if args.action == "list":
        return _list(as_json=args.json)
    if args.action == "show":
        return _show(args.target, as_json=args.json)
    if args.action == "import":
        return _import(Path(args.target))
    if args.action == "sync":
        return _sync(args)
    from aidokit.catalog.schema import catalog_json_schema

    print(json.dumps(catalog_json_schema(), indent=2, sort_keys=True))
    return 0


def _list(*, as_json: bool) -> int:
    from aidokit.adapters import resolved
    from aidokit.catalog.entries import MCP_CATALOG
    from aidokit.catalog.views import entry_summary, list_text

    if as_json:
        from aidokit.reconcile.show.json_output import dumps

        entries = [entry_summary(e) for e in resolved(MCP_CATALOG)]
        print(dumps({"format_version": FORMAT_VERSION, "entries": entries}), end="")
    else:
        sys.stdout.write(list_text(MCP_CATALOG))
    return 0


def _show(entry_id: str, *, as_json: bool) -> int:
    from aidokit.adapters import resolved
    from aidokit.catalog.entries import ENTRIES_BY_ID
    from aidokit.catalog.spelling import closest
    from aidokit.catalog.validation import dump
    from aidokit.catalog.views import show_text
    from aidokit.reconcile.core.errors import CatalogError

    entry = ENTRIES_BY_ID.get(entry_id)
    if entry is None:
        close = closest(entry_id, ENTRIES_BY_ID)
        hint = f"did you mean {excerpt(close)}? " if close else ""
        raise CatalogError(
            f"the catalog has no entry {excerpt(entry_id)}; "
            f"{hint}run `aido catalog list` to see the ids."
        )
    (entry,) = resolved((entry,))  # install by the adapters that support it
    if as_json:
        from aidokit.reconcile.show.json_output import dumps

        print(dumps({"format_version": FORMAT_VERSION, "entry": dump(entry)}), end="")
    else:
        sys.stdout.write(show_text(entry))
    return 0


def _import(path: Path) -> int:
    from aidokit.catalog.pysource import entry_source
    from aidokit.catalog.server_json import entry_from_server_json, server_json_from
    from aidokit.reconcile.core.errors import CatalogError
    from aidokit.reconcile.core.safe_read import parse_nested, read_file

    raw = read_file(path, error=CatalogError)
    if raw is None:
        raise CatalogError(f"cannot read {path}: it does not exist; check the path.")
    try:
        data = parse_nested(path, lambda: json.loads(raw), error=CatalogError)
    except ValueError as exc:
        raise CatalogError(f"{path} is not valid JSON ({exc}); fix the file.") from None
    result = entry_from_server_json(server_json_from(data, source=str(path)))
    notes = [
        f"imported from {path.name}; add to its domain section of catalog/entries.py",
        *result.notes,
    ]
    sys.stdout.write(entry_source(result.entry, notes=notes))
    return 0


def _sync(args: argparse.Namespace) -> int:
    from aidokit.reconcile.cli.commands.catalog_sync import DEFAULT_OUT, run_sync
    from aidokit.reconcile.core.errors import ConfigError
    from aidokit.reconcile.remote.mcp_registry import OFFICIAL

    if args.target:
        raise ConfigError(
            f"`aido catalog sync` takes no {excerpt(args.target)}; pass --registry URL"
        )
    return run_sync(
        registry=args.registry or OFFICIAL,
        out=Path(args.out or DEFAULT_OUT),
        full=args.full,
        as_json=args.json,
    )
