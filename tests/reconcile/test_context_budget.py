"""Issue 35: the context budget, `[override.ID] tools / exclude_tools / enabled`, compiled into
each harness's own field (docs/context-budget.md)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from aidokit.reconcile.choices.config import ConfigError, load_file
from aidokit.reconcile.choices.layers import merge
from tests.adapters.runner import strip_jsonc
from tests.helpers import aido, new_project

BASE = '[mcp]\nadd = ["playwright"]\nskip = ["sequential-thinking"]\n'
CODEX = ".codex/config.toml"
GEMINI = ".gemini/settings.json"


def _toml(adapters: str, extra: str = "") -> str:
    return f"adapters = [{adapters}]\n{BASE}{extra}"


def _codex_entry(root: Path) -> dict[str, Any]:
    entry: dict[str, Any] = tomllib.loads((root / CODEX).read_text())["mcp_servers"]["playwright"]
    return entry


def _gemini_entry(root: Path) -> dict[str, Any]:
    data = json.loads(strip_jsonc((root / GEMINI).read_text()))
    entry: dict[str, Any] = data["mcpServers"]["playwright"]
    return entry


def test_model_takes_the_three_keys_and_agents(tmp_path: Path) -> None:
    path = tmp_path / "aido.toml"
    path.write_text(
        '[override.playwright]\ntools = ["browser_navigate"]\nexclude_tools = ["browser_install"]\n'
        "enabled = false\n[override.playwright.agents.qa]\nenabled = true\n"
    )
    override = load_file(path).config.override["playwright"]
    assert override.tools == ("browser_navigate",)
    assert override.exclude_tools == ("browser_install",)
    assert override.enabled is False
    assert override.agents["qa"].enabled is True
    assert not override.customises


@pytest.mark.parametrize(
    "body",
    [
        'tools = ["browser_*"]\n',  # a glob: not every harness can spell it
        'exclude_tools = [""]\n',
        'enabled = "maybe"\n',
        'exlude_tools = ["a"]\n',
    ],
)
def test_bad_values_are_one_sentence_errors(tmp_path: Path, body: str) -> None:
    path = tmp_path / "aido.toml"
    path.write_text(f"[override.playwright]\n{body}")
    before = path.read_bytes()
    with pytest.raises(ConfigError) as info:
        load_file(path)
    assert "aido.toml:2" in str(info.value)
    assert path.read_bytes() == before


def test_local_layer_switches_off_what_the_team_enables(tmp_path: Path) -> None:
    team, local = tmp_path / "aido.toml", tmp_path / "aido.local.toml"
    team.write_text('[override.playwright]\nexclude_tools = ["browser_install"]\nenabled = true\n')
    local.write_text("[override.playwright]\nenabled = false\n")
    merged, origin = merge([("aido.toml", load_file(team)), ("aido.local.toml", load_file(local))])
    override = merged.override["playwright"]
    assert override.enabled is False
    assert override.exclude_tools == ("browser_install",)  # unset in the later layer: kept
    assert origin["override:playwright"] == "aido.local.toml"


def test_codex_gets_its_own_fields_and_destroy_gives_the_bytes_back(tmp_path: Path) -> None:
    root = new_project(tmp_path, _toml('"codex"'))
    original = b'# mine\n[mcp_servers.mine]\ncommand = "x"\n'
    (root / ".codex").mkdir()
    (root / CODEX).write_bytes(original)
    budget = '[override.playwright]\ntools = ["browser_navigate", "browser_snapshot"]\n'
    budget += 'exclude_tools = ["browser_install"]\nenabled = false\n'
    (root / "aido.toml").write_text(_toml('"codex"', budget))
    assert aido(root, "apply", "--yes") == 0
    entry = _codex_entry(root)
    assert entry["enabled_tools"] == ["browser_navigate", "browser_snapshot"]
    assert entry["disabled_tools"] == ["browser_install"]
    assert entry["enabled"] is False
    assert aido(root, "plan", "--detailed-exitcode") == 0
    assert aido(root, "destroy", "--yes") == 0
    assert (root / CODEX).read_bytes() == original


def test_dropping_the_budget_takes_aidos_fields_back_out(tmp_path: Path) -> None:
    root = new_project(
        tmp_path,
        _toml(
            '"codex", "gemini-cli"', '[override.playwright]\nexclude_tools = ["browser_install"]\n'
        ),
    )
    assert aido(root, "apply", "--yes") == 0
    assert _codex_entry(root)["disabled_tools"] == ["browser_install"]
    assert _gemini_entry(root)["excludeTools"] == ["browser_install"]
    (root / "aido.toml").write_text(_toml('"codex", "gemini-cli"'))
    assert aido(root, "plan", "--detailed-exitcode") == 2
    assert aido(root, "apply", "--yes") == 0
    assert "disabled_tools" not in _codex_entry(root)
    assert "excludeTools" not in _gemini_entry(root)
    assert aido(root, "plan", "--detailed-exitcode") == 0


def test_harness_value_stays_when_aido_toml_sets_nothing(tmp_path: Path) -> None:
    """The field is the harness's when aido.toml does not set it (SPEC §6): not drift."""
    root = new_project(tmp_path, _toml('"codex"'))
    assert aido(root, "apply", "--yes") == 0
    path = root / CODEX
    path.write_text(
        path.read_text().replace(
            "[mcp_servers.playwright]\n", '[mcp_servers.playwright]\ndisabled_tools = ["x"]\n'
        )
    )
    before = path.read_bytes()
    assert aido(root, "plan", "--detailed-exitcode") == 0
    assert aido(root, "apply", "--yes") == 0
    assert path.read_bytes() == before


def test_gemini_include_and_exclude(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    extra = (
        '[override.playwright]\ntools = ["browser_navigate"]\nexclude_tools = ["browser_install"]\n'
    )
    root = new_project(tmp_path, _toml('"gemini-cli"', extra))
    assert aido(root, "plan") == 0
    out = capsys.readouterr().out
    assert "loads: only browser_navigate but not browser_install" in out
    assert aido(root, "apply", "--yes") == 0
    entry = _gemini_entry(root)
    assert entry["includeTools"] == ["browser_navigate"]
    assert entry["excludeTools"] == ["browser_install"]


def test_a_harness_without_a_filter_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = '[override.playwright]\nexclude_tools = ["browser_install"]\n'
    root = new_project(tmp_path, _toml('"cursor"', extra))
    assert aido(root, "plan") == 0
    out = capsys.readouterr().out
    assert "cursor has no field that limits a server's tools" in out
    assert aido(root, "apply", "--yes") == 0
    data = json.loads((root / ".cursor/mcp.json").read_text())
    assert "playwright" in data["mcpServers"]


def test_switched_off_where_the_harness_has_no_switch_is_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = new_project(tmp_path, _toml('"cursor"'))
    assert aido(root, "apply", "--yes") == 0
    (root / "aido.local.toml").write_text("[override.playwright]\nenabled = false\n")
    capsys.readouterr()
    assert aido(root, "plan") == 0
    out = capsys.readouterr().out
    assert "aido leaves playwright out of its file" in out
    assert aido(root, "apply", "--yes") == 0
    data = json.loads((root / ".cursor/mcp.json").read_text())
    assert "playwright" not in data.get("mcpServers", {})
