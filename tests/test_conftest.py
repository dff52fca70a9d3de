"""How the suite itself behaves: contract tests without the harness CLIs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import conftest


class _Item:
    """A collected test as the collection hook sees it: keywords and added marks."""

    def __init__(self, *keywords: str) -> None:
        self.keywords = dict.fromkeys(keywords, True)
        self.marks: list[pytest.MarkDecorator] = []

    def add_marker(self, mark: pytest.MarkDecorator) -> None:
        """Record a mark added at collection."""
        self.marks.append(mark)


def _collect(*items: _Item) -> None:
    conftest.pytest_collection_modifyitems(None, list(items))  # type: ignore[arg-type]


def test_contract_tests_skip_with_a_pointer_when_no_harness_cli_is_installed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Plain pytest without the harness CLIs skips contract tests, naming `make test`."""
    monkeypatch.delenv("AIDO_HARNESS_BIN", raising=False)
    monkeypatch.setattr(conftest, "HARNESSES", tmp_path / "missing")
    contract, other = _Item("contract"), _Item("slow")
    _collect(contract, other)
    (mark,) = contract.marks
    assert mark.name == "skip"
    assert "make test" in mark.kwargs["reason"]
    assert "AIDO_HARNESS_BIN" in mark.kwargs["reason"]
    assert other.marks == []


@pytest.mark.parametrize("how", ["AIDO_HARNESS_BIN", "installed"])
def test_contract_tests_run_when_harness_clis_are_asked_for_or_installed(
    how: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`make test` (AIDO_HARNESS_BIN) or an installed .cache/harnesses runs contract tests."""
    monkeypatch.delenv("AIDO_HARNESS_BIN", raising=False)
    monkeypatch.setattr(conftest, "HARNESSES", tmp_path)
    if how == "AIDO_HARNESS_BIN":
        monkeypatch.setenv("AIDO_HARNESS_BIN", str(tmp_path / "bin"))
        monkeypatch.setattr(conftest, "HARNESSES", tmp_path / "missing")
    contract = _Item("contract")
    _collect(contract)
    assert contract.marks == []


def test_slow_tests_run_first_then_contract_tests_each_in_their_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Collection puts slow tests first, contract tests next, the rest after, each kept in order."""
    monkeypatch.setenv("AIDO_HARNESS_BIN", "/harnesses")
    names = ["fast-1", "contract-1", "slow-1", "fast-2", "slow-2", "contract-2"]
    items = [_Item(name.split("-")[0]) for name in names]
    collected = list(items)
    conftest.pytest_collection_modifyitems(None, collected)  # type: ignore[arg-type]
    order = [names[items.index(item)] for item in collected]
    assert order == ["slow-1", "slow-2", "contract-1", "contract-2", "fast-1", "fast-2"]


class _Property(_Item):
    """A collected hypothesis test."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

        @given(st.none())
        def prop(x: None) -> None:
            """A property."""

        self.obj = prop


class _Plain(_Item):
    """A collected test that is no property."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.obj = lambda: None


@pytest.mark.parametrize("count", [1, 2, 3, 8])
def test_fuzz_shards_run_every_property_once_and_the_plain_tests_in_the_first(
    count: int,
) -> None:
    """`make fuzz SHARD=k/N`: the N shards together run each property exactly once."""
    props = [_Property(f"p{i}") for i in range(11)]
    plain = [_Plain(f"t{i}") for i in range(3)]
    items: list[Any] = [*plain[:1], *props[:5], *plain[1:], *props[5:]]
    shards = [conftest.fuzz_shard(items, f"{k}/{count}") for k in range(1, count + 1)]
    ran = [item.name for shard in shards for item in shard if isinstance(item, _Property)]
    assert sorted(ran) == sorted(p.name for p in props)
    assert [i.name for i in shards[0] if isinstance(i, _Plain)] == ["t0", "t1", "t2"]
    assert all(not isinstance(i, _Plain) for shard in shards[1:] for i in shard)
    sizes = [sum(isinstance(i, _Property) for i in shard) for shard in shards]
    assert max(sizes) - min(sizes) <= 1


@pytest.mark.parametrize("shard", ["0/8", "9/8", "3", "a/b", "1/0"])
def test_a_fuzz_shard_that_is_not_k_of_n_is_a_usage_error(shard: str) -> None:
    """AIDO_FUZZ_SHARD must read k/N with 1 <= k <= N."""
    with pytest.raises(pytest.UsageError, match="k/N"):
        conftest.fuzz_shard([], shard)
