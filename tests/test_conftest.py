"""How the suite itself behaves: contract tests without the harness CLIs."""

from __future__ import annotations

from pathlib import Path

import pytest

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
