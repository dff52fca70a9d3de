"""The world a plan is computed from: the wanted entries resolved, the rest only when asked."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from aidokit.adapters import resolved
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.reconcile.read.world import gather, read_world


def test_wanted_entries_carry_the_install_maps_of_the_whole_catalog(
    fixture_project: Callable[[str], Path],
) -> None:
    """Each wanted catalog entry is exactly its entry of the resolved catalog, and so is
    `World.catalog` as a whole, though a plan resolves only what it wants."""
    world = read_world(gather(fixture_project("demo-project"), scope="project", only=None))
    whole = {entry.id: entry for entry in resolved(MCP_CATALOG)}
    catalog_items = [item for item in world.wanted if item.source == "catalog"]
    assert catalog_items
    for item in catalog_items:
        assert item.server == whole[item.server.id]
    assert "catalog" not in vars(world)  # not resolved by the plan's reading
    assert world.catalog == tuple(whole.values())
