"""The adapter Protocol stays narrow, and docs/adapters.md names every member (issue 29 part 5)."""

from __future__ import annotations

from pathlib import Path

from aidokit.adapters.base import Adapter

ROOT = Path(__file__).resolve().parents[2]
# Members of `Adapter` (attributes and methods): 27 before issue 29 part 5 folded constants
# into `evidence`, `refuses` into `assumed_format`, role scoping and per-agent budgets into
# NamedAgents/AgentFiles and identity into one function (common.identity_of).
MEMBERS = 20


def _members() -> set[str]:
    public = {name for name in vars(Adapter) if not name.startswith("_")}
    return set(Adapter.__annotations__) | public


def test_the_protocol_has_few_members() -> None:
    """A new member is a choice: fold data into `caps`, `evidence` or AgentFiles first."""
    assert len(_members()) <= MEMBERS, sorted(_members())


def test_docs_adapters_names_every_member() -> None:
    """The member table of docs/adapters.md (how to write an adapter) lists each member."""
    text = (ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")
    table = text.split("`caps: Capabilities` (adapters/base.py) holds:")[0]
    missing = [name for name in sorted(_members()) if f"`{name}" not in table]
    assert missing == []
