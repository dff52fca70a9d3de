"""The context budget reads the tool pins (issue 53): a tool `[override.ID]` names that the
pin does not list is an error with a did-you-mean; `aido suggest --budget` counts the
pin's tools without a probe on this machine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.reconcile.read.choices.lockfile import Lock, parse_lock, render_lock
from aidokit.reconcile.read.choices.tool_pins import definition, pin_of
from tests.helpers import aido, new_project

TOOLS = ("performance_start_trace", "performance_stop_trace", "navigate_page", "click")
BASE = 'adapters = ["claude-code"]\n[mcp]\nadd = ["chrome-devtools"]\n'


def pinned_project(tmp_path: Path, extra: str = "") -> Path:
    """A project whose lock pins chrome-devtools' tools (as `aido upgrade --tools` would)."""
    root = new_project(tmp_path, BASE)
    assert aido(root, "apply", "--yes") == 0
    lock = root / "aido.lock"
    old = parse_lock(lock.read_bytes(), lock)
    defs = [definition({"name": n, "description": n, "inputSchema": {}}) for n in TOOLS]
    pins = {"chrome-devtools": {"npm:chrome-devtools-mcp@1.0.0": pin_of(defs, "cdt 1.0.0")}}
    lock.write_text(render_lock(Lock(old.entries, old.baselines, pins)), "utf-8")
    (root / "aido.toml").write_text(BASE + extra, "utf-8")
    return root


@pytest.mark.parametrize("key", ["exclude_tools", "tools"])
def test_a_misspelt_tool_is_an_error_with_a_did_you_mean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str
) -> None:
    root = pinned_project(
        tmp_path, f'[override.chrome-devtools]\n{key} = ["perfomance_stop_trace"]\n'
    )
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    capsys.readouterr()
    assert aido(root, "plan") == 1
    err = capsys.readouterr().err
    assert f"[override.chrome-devtools] {key} names 'perfomance_stop_trace'" in err
    assert "did you mean 'performance_stop_trace'?" in err and "aido upgrade --tools" in err
    assert aido(root, "apply", "--yes") == 1
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_an_agents_misspelt_tool_is_an_error_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = '[override.chrome-devtools.agents.qa]\nexclude_tools = ["clik"]\n'
    root = pinned_project(tmp_path, body)
    capsys.readouterr()
    assert aido(root, "plan") == 1
    err = capsys.readouterr().err
    assert "[override.chrome-devtools.agents.qa] exclude_tools names 'clik'" in err
    assert "did you mean 'click'?" in err


def test_a_pinned_tool_passes_and_suggest_budget_counts_the_pin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = pinned_project(tmp_path, '[override.chrome-devtools]\nexclude_tools = ["click"]\n')
    assert aido(root, "plan") == 0
    capsys.readouterr()
    assert aido(root, "suggest", "--budget", "--json") == 0
    servers = json.loads(capsys.readouterr().out)["servers"]
    (server,) = [item for item in servers if item["id"] == "chrome-devtools"]
    assert (server["id"], server["tools_total"], server["tools_loaded"]) == (
        "chrome-devtools", 4, 3)  # fmt: skip
