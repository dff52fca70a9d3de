"""Smoke tests of the in-process benchmarks, so a model change cannot break `make bench` unseen."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import plan_scale


def test_plan_scale_builds_a_synthetic_catalog_and_plans_it(tmp_path: Path) -> None:
    """Two synthetic entries plan into changes for the adapters they install for."""
    entries = plan_scale._catalog(2)
    assert [e.id for e in entries] == ["synthetic-0000", "synthetic-0001"]
    took, changes = plan_scale._time_plan(tmp_path, 2)
    assert took > 0 and changes >= 2


def test_many_entries_applies_a_synthetic_catalog_into_one_file(tmp_path: Path) -> None:
    """Two synthetic entries plan and apply into one .mcp.json (the bench asserts the count)."""
    from bench import many_entries

    assert many_entries._time_apply(tmp_path, 2) > 0


def test_many_toml_plans_and_applies_a_synthetic_catalog_into_one_config_toml(
    tmp_path: Path,
) -> None:
    """Two synthetic entries plan and apply into one Codex config.toml (the bench asserts it)."""
    from bench import many_toml

    assert many_toml._best(tmp_path, 2, many_toml.plan) >= 0
    assert many_toml._best(tmp_path, 2, many_toml.apply) >= 0


def test_cold_start_times_every_row_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each cold-start command runs (once here) and exits 0 or 2 on the demo project; the
    "drifted" row plans a real drift (an owned field edited: `plan --detailed-exitcode`
    exits 2, or run() refuses to time it)."""
    from bench import cold_start

    monkeypatch.setattr(cold_start, "RUNS", 1)
    rows = cold_start.run()
    assert len(rows) == len(cold_start.TARGETS)
    assert all(row["aido"] > 0 and row["baseline"] > 0 for row in rows)
    judged = {row["name"]: row["verdict"] for row in rows if "target" in row}
    assert sorted(judged) == [
        "cold start: converged aido plan (demo, applied)",
        "cold start: drifted aido plan (owned args edited, exit 2)",
    ]
    assert all(verdict.split()[0] in ("met", "MISSED") for verdict in judged.values())


def test_devices_time_each_start_up_device_with_and_without_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each start-up device gets a row (once here) saying whether it buys its 10 ms; the run
    without the memo plans as the one with it does (the memo folder it cannot use is no error)."""
    from bench import devices

    monkeypatch.setattr(devices, "RUNS", 1)
    rows = devices.run()
    assert [row["name"].removeprefix("start-up device: ").split(" (")[0] for row in rows] == [
        "memo + builder beside pydantic",
        "teardown skip",
        "lazy structlog proxy",
        "one-command parser",
    ]
    assert all(row["aido"] > 0 and row["baseline"] > 0 for row in rows)
    assert all(row["verdict"].split(":")[0] in ("keep", "REMOVE") for row in rows)


def test_one_server_judges_only_a_new_users_first_server_against_add_mcp() -> None:
    """Of the four cases, only one server into a fresh .mcp.json with no memo has issue 52's
    target (<= 1.0x add-mcp); its verdict follows the ratio, by wall time and by CPU."""
    from bench import one_server

    tools = ["aido", *one_server.PEERS_ARGV]
    med = {tool: 1.0 for tool in tools} | {"aido": 0.9}
    cpu = {tool: 1.0 for tool in tools} | {"aido": 1.2}
    judged = []
    for existing in (False, True):
        for warm in (True, False):
            rows = one_server._rows(med, cpu, existing, warm, None)
            judged += [(row["name"], row["verdict"]) for row in rows if "target" in row]
    assert judged == [
        (
            "1 server into a fresh .mcp.json, first run (new home, no memo): vs add-mcp",
            "met (by CPU: MISSED)",
        )
    ]
