"""`aido search WORDS [--registry [URL]] [--json]`: find servers in the catalog, offline.

With `--registry` (default: the official MCP Registry), the registry's servers
that match are listed too, each marked with the catalog entry that is it, or
as not curated.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from aidokit.reconcile.cli.console import say_text
from aidokit.reconcile.core.errors import AidoError, ConfigError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from aidokit.catalog.models import MCPDef
    from aidokit.reconcile.show.search import RegistryHit

REGISTRY_WORDS = 3  # the registry is asked once per word, for this many words at most


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `search`'s own options."""
    parser.add_argument("words", nargs="+", metavar="WORD", help="words to look for")
    parser.add_argument(
        "--registry",
        metavar="URL",
        nargs="?",
        const="https://registry.modelcontextprotocol.io",
        help="also search this MCP Registry (default: the official one); network",
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def run(args: argparse.Namespace) -> int:
    """Run `aido search`."""
    from aidokit.catalog.entries import MCP_CATALOG
    from aidokit.catalog.errors import excerpt
    from aidokit.catalog.search import search_catalog, search_words
    from aidokit.reconcile.show.search import search_json, search_text

    words = search_words(args.words)
    if not words:
        raise ConfigError(
            f"aido search {excerpt(' '.join(args.words))} has no letters or digits to look "
            "for; pass words such as: aido search postgres"
        )
    hits = search_catalog(words, MCP_CATALOG)
    found: list[RegistryHit] = []
    failed: AidoError | None = None
    if args.registry:
        try:
            found = _registry_hits(args.registry, words, MCP_CATALOG)
        except AidoError as exc:  # the catalog's hits still show (issue 54), then the error
            failed = exc
    registry = None if failed else args.registry
    if args.json:
        from aidokit.reconcile.show.json_output import dumps

        print(dumps(search_json(words, hits, registry, found)), end="")
    else:
        say_text(search_text(words, hits, registry, found))
    if failed is not None:
        sys.stdout.flush()
        raise failed
    return 0


def _registry_hits(url: str, words: Sequence[str], catalog: Sequence[MCPDef]) -> list[RegistryHit]:
    """The registry's servers for `words`, ranked as the catalog is, each with its entries."""
    from aidokit.catalog.registry_match import matching_entries
    from aidokit.catalog.search import score
    from aidokit.reconcile.remote.download import Deadlines
    from aidokit.reconcile.remote.mcp_registry import PAGE_LIMIT, list_servers
    from aidokit.reconcile.show.search import RegistryHit, field

    deadlines = Deadlines()
    by_name: dict[str, RegistryHit] = {}
    asked = sorted(words, key=len, reverse=True)[:REGISTRY_WORDS]
    for word in asked:
        for item in list_servers(url, deadlines, search=word, max_servers=PAGE_LIMIT):
            server = item.server
            name = field(server, "name")
            if not name or name in by_name:
                continue
            # The part after the namespace is the server's own name: `io.github.x/` is not.
            fields = {"id": name.rpartition("/")[2], "name": field(server, "title")}
            fields["purpose"] = field(server, "description")
            by_name[name] = RegistryHit(
                name=name,
                title=fields["name"],
                description=fields["purpose"],
                version=field(server, "version"),
                status=item.status,
                curated_as=tuple(e.id for e in matching_entries(server, catalog)),
                score=score(words, fields),
            )
    ranked = sorted(
        by_name.values(),
        key=lambda hit: (-hit.score.matched, -hit.score.points, hit.status != "active", hit.name),
    )
    return [hit for hit in ranked if hit.status in ("active", "deprecated")]
