"""The adapter Protocol: a small core every adapter has, and optional capabilities
(docs/adapters.md, "Optional capabilities") that callers check with `isinstance`."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path
from typing import Protocol

import pytest

import aidokit.adapters
from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Adapter

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")

# What every harness needs, and no more: anything only some harnesses have is optional.
CORE = {"name", "title", "scopes", "evidence", "caps", "location", "build", "schema", "detect"}


def _members(protocol: type) -> set[str]:
    """The names a Protocol declares: its annotated attributes and its methods."""
    public = {name for name in vars(protocol) if not name.startswith("_")}
    return set(getattr(protocol, "__annotations__", {})) | public


def _optional() -> dict[str, type]:
    """Every Protocol defined in a module of adapters/ but the core one, by name."""
    found: dict[str, type] = {}
    for info in pkgutil.iter_modules(aidokit.adapters.__path__):
        module = importlib.import_module(f"aidokit.adapters.{info.name}")
        for name, value in vars(module).items():
            defined_here = inspect.isclass(value) and value.__module__ == module.__name__
            if defined_here and Protocol in value.__bases__ and value is not Adapter:
                found[name] = value
    return found


OPTIONAL = _optional()


def test_the_core_protocol_is_what_every_adapter_needs() -> None:
    """The core Protocol is these names, and every adapter has each of them."""
    assert _members(Adapter) == CORE
    for adapter in ADAPTERS.values():
        missing = sorted(name for name in CORE if not hasattr(adapter, name))
        assert missing == [], adapter.name


def test_docs_adapters_names_the_core_members() -> None:
    """The member table of docs/adapters.md (how to write an adapter) lists each core member."""
    table = DOCS.split("### Optional capabilities")[0]
    assert [name for name in sorted(CORE) if f"`{name}" not in table] == []


@pytest.mark.parametrize("name", sorted(OPTIONAL))
def test_each_optional_protocol_is_documented_and_used(name: str) -> None:
    """An optional Protocol is named in docs/adapters.md with each of its members, can be
    checked with `isinstance`, and some adapter has it (none is dead)."""
    protocol = OPTIONAL[name]
    table = DOCS.split("### Optional capabilities")[1].split("\n## ")[0]
    assert f"| `{name}` (" in table
    assert [m for m in sorted(_members(protocol)) if f"`{m}" not in table] == []
    isinstance(object(), protocol)  # TypeError unless @runtime_checkable
    assert any(isinstance(adapter, protocol) for adapter in ADAPTERS.values())


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_an_adapter_has_an_optional_protocol_whole_or_not_at_all(name: str) -> None:
    """An adapter that defines one member of an optional Protocol defines them all, so
    `isinstance` never misses a capability it half-declared."""
    adapter = ADAPTERS[name]
    for protocol_name, protocol in OPTIONAL.items():
        members = _members(protocol)
        has = {member for member in members if hasattr(adapter, member)}
        assert has in (set(), members), (protocol_name, sorted(members - has))
