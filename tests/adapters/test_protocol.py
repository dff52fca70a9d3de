"""docs/adapters.md names every member of the adapter Protocol."""

from __future__ import annotations

from pathlib import Path

from aidokit.adapters.base import Adapter

ROOT = Path(__file__).resolve().parents[2]


def _members() -> set[str]:
    public = {name for name in vars(Adapter) if not name.startswith("_")}
    return set(Adapter.__annotations__) | public


def test_docs_adapters_names_every_member() -> None:
    """The member table of docs/adapters.md (how to write an adapter) lists each member."""
    text = (ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")
    table = text.split("`caps: Capabilities` (adapters/base.py) holds:")[0]
    missing = [name for name in sorted(_members()) if f"`{name}" not in table]
    assert missing == []
