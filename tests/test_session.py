"""What the suite's pytest-xdist workers share (tests/session.py) and how they share it."""

from __future__ import annotations

import pytest

from tests.contract.oracles import ServerView, dump_servers, load_servers
from tests.session import shared_folder


def test_the_shared_folder_is_the_sessions_under_xdist(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker's base temp folder is per worker: the shared one is its parent, else itself."""
    base = tmp_path_factory.getbasetemp()
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    assert shared_folder(tmp_path_factory, "one") == base / "one"
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw1")
    folder = shared_folder(tmp_path_factory, "two")
    assert folder == base.parent / "two" and folder.is_dir()
    folder.rmdir()


def test_oracle_views_load_back_equal_with_their_raw_records() -> None:
    """A fixture read kept as JSON: every field, tuples and maps, and the raw record come back."""
    servers = {
        "a": ServerView(
            "a",
            "stdio",
            "npx",
            ("-y", "pkg"),
            env={"K": "${K}"},
            env_vars=("T",),
            scope="user",
            raw={"line": "a: npx -y pkg (stdio)", "ext": None},
        ),
        "b": ServerView(
            "b",
            "http",
            url="https://mcp.example.com/mcp",
            headers={"Authorization": "Bearer ${T}"},
            bearer_token_env_var="T",
            env_headers={"X-Key": "KEY"},
            raw={"list": "https://mcp.example.com/mcp (HTTP)", "Headers": {"A": "b"}},
        ),
    }
    loaded = load_servers(dump_servers(servers))
    assert loaded == servers
    assert {n: v.raw for n, v in loaded.items()} == {n: v.raw for n, v in servers.items()}
    assert all(isinstance(v.args, tuple) and isinstance(v.env_vars, tuple) for v in loaded.values())
