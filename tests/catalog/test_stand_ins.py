"""Stand-ins hold module names only for the block that imports with them."""

from __future__ import annotations

import sys
from types import ModuleType

import pytest

from aidokit.catalog.stand_ins import stand_ins


def test_a_stand_in_answers_inside_the_block_and_is_gone_after() -> None:
    """Inside: the stand-in (or a refusal for None); after: the names are free again."""
    fake = ModuleType("aido_test_absent_module")
    with stand_ins({"aido_test_absent_module": fake, "aido_test_refused": None}):
        import aido_test_absent_module  # type: ignore[import-not-found]

        assert aido_test_absent_module is fake
        with pytest.raises(ImportError):
            import aido_test_refused  # type: ignore[import-not-found]  # noqa: F401
    assert "aido_test_absent_module" not in sys.modules
    assert "aido_test_refused" not in sys.modules


def test_a_module_already_loaded_is_never_replaced() -> None:
    """A real module in sys.modules stays itself inside the block and after it."""
    real = sys.modules["json"]
    with stand_ins({"json": ModuleType("json")}):
        import json

        assert json is real
    assert sys.modules["json"] is real
