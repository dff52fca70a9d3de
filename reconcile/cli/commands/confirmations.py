"""`aido confirmations [--json]` lists them; `aido confirmations revoke ID` revokes."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from aidokit.reconcile.cli.plan_apply import project_dir
from aidokit.reconcile.core.errors import ConfigError

if TYPE_CHECKING:
    from aidokit.reconcile.gate.confirmations import Confirmation, ConfirmationStore


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `confirmations`' own options."""
    parser.add_argument("action", nargs="?", choices=("list", "revoke"), default="list")
    parser.add_argument("id", nargs="?", help="with revoke: the entry id")
    parser.add_argument("--json", action="store_true", help="list as JSON")
    parser.add_argument("--all", action="store_true", help="list every project's confirmations")


def run(args: argparse.Namespace) -> int:
    """Run `aido confirmations`."""
    import os

    from aidokit.reconcile.gate.confirmations import ConfirmationStore

    store = ConfirmationStore.load(os.environ, project_dir(args))
    if args.action == "revoke":
        if not args.id:
            raise ConfigError("aido confirmations revoke needs the entry id, e.g. my-api")
        kept, removed = store.revoke(args.id)
        if not removed:
            raise ConfigError(
                f"no confirmation of '{args.id}' for {store.project} in {store.path}; "
                "see aido confirmations"
            )
        kept.save()
        print(f"Revoked {removed} confirmation(s) of '{args.id}'; aido apply will ask again.")
        return 0
    if args.id:
        raise ConfigError("aido confirmations takes an id only with revoke")
    items = store.items if args.all else store.for_project()
    print(_json(store, items) if args.json else _text(store, items), end="")
    return 0


def _json(store: ConfirmationStore, items: tuple[Confirmation, ...]) -> str:
    import json
    from dataclasses import asdict

    doc = {
        "format_version": 1,
        "store": str(store.path),
        "project": store.project,
        "ignored": store.ignored,
        "confirmations": [asdict(item) for item in items],
    }
    return json.dumps(doc, indent=2, sort_keys=True) + "\n"


def _text(store: ConfirmationStore, items: tuple[Confirmation, ...]) -> str:
    lines = [f"note: {store.ignored}; it is ignored"] if store.ignored else []
    if not items:
        lines.append(f"No confirmations for {store.project}.")
    for item in items:
        where = "" if item.project == store.project else f"  ({item.project})"
        lines.append(
            f"{item.id}  {item.adapter}  {item.path}  confirmed {item.confirmed_at}  "
            f"sha256:{item.digest[:12]}{where}"
        )
    return "\n".join(lines) + "\n"
