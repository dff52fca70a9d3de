"""The goose adapter: golden fixture cases and harness specifics."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters.base import Scope
from aidokit.adapters.goose import ADAPTER
from aidokit.reconcile.documents import Format
from tests.adapters.runner import Case, case_params, make_host, make_server, run_case


@pytest.mark.parametrize("case", case_params("goose"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_location_is_yaml_extensions() -> None:
    """Goose's config.yaml is edited as YAML under `extensions`, not refused."""
    location = ADAPTER.location(Scope.USER, make_host({}))
    assert location is not None
    assert (location.fmt, location.map_path) == (Format.YAML, ("extensions",))


@pytest.mark.parametrize(
    ("url", "headers", "keys"),
    [
        ("https://x.example/mcp", {"Authorization": "Bearer ${TOK}"}, ["TOK"]),
        ("https://x.example/mcp?key=${KEY}", {}, ["KEY"]),
        ("https://x.example/${A}", {"X-A": "${A}", "X-B": "${B}-${A}"}, ["A", "B"]),
    ],
)
def test_remote_variables_become_references_and_env_keys(
    url: str, headers: dict[str, str], keys: list[str]
) -> None:
    """Every variable in `uri` or a header is written as `${VAR}` and listed once in env_keys."""
    env = [{"name": name, "secret": True} for name in keys]
    raw = {"id": "x", "env": env, "remote": {"url": url, "headers": headers}}
    server = make_server("goose", raw)
    entry = ADAPTER.build(server, server.install["goose"]).entry
    assert entry["env_keys"] == keys
    assert entry["uri"] == url and entry["headers"] == headers
    assert ADAPTER.build(server, server.install["goose"]).notes == ()
