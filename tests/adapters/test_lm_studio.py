"""The lm-studio adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Host, Scope
from aidokit.adapters.lm_studio import ADAPTER
from tests.adapters.runner import Case, case_params, run_case


@pytest.mark.parametrize("case", case_params("lm-studio"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_older_cache_home_is_used_when_it_alone_exists(tmp_path: Path) -> None:
    """An install that kept its home in ~/.cache/lm-studio has its mcp.json edited there."""
    old = tmp_path / ".cache" / "lm-studio" / "mcp.json"
    old.parent.mkdir(parents=True)
    old.write_text("{}", encoding="utf-8")
    host = Host(project=tmp_path / "p", home=tmp_path, os="darwin", environ={})
    location = ADAPTER.location(Scope.USER, host)
    assert location is not None and location.path == old
