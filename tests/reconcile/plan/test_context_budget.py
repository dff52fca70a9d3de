"""Issue 35: the context budget, `[override.ID] tools / exclude_tools / enabled`, compiled into
each harness's own field (docs/context-budget.md)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from aidokit.reconcile.read.choices.config import ConfigError, load_file
from aidokit.reconcile.read.choices.layers import merge
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
    (root / "aido.toml").write_text(
        (root / "aido.toml").read_text() + "[override.playwright]\nenabled = false\n"
    )
    capsys.readouterr()
    assert aido(root, "plan") == 0
    out = capsys.readouterr().out
    assert "aido leaves playwright out of its file" in out
    assert aido(root, "apply", "--yes") == 0
    data = json.loads((root / ".cursor/mcp.json").read_text())
    assert "playwright" not in data.get("mcpServers", {})


def test_a_personal_switch_where_the_harness_has_none_is_said_and_not_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 49 §2: one person's `enabled = false` for Cursor, which has no per-person file:
    the local plan says so in one line and the team's .cursor/mcp.json keeps the server."""
    root = new_project(tmp_path, _toml('"cursor"'))
    assert aido(root, "apply", "--yes") == 0
    before = (root / ".cursor/mcp.json").read_bytes()
    (root / "aido.local.toml").write_text("[override.playwright]\nenabled = false\n")
    capsys.readouterr()
    assert aido(root, "apply", "--yes", "--scope", "local") == 0
    out = capsys.readouterr().out.replace("\n", " ")
    assert "cursor has no per-person file for this project: this choice is not written" in out
    assert aido(root, "apply", "--yes") == 0
    assert (root / ".cursor/mcp.json").read_bytes() == before


# -- every harness family ------------------------------------------------------------------


def _family(adapter: str) -> tuple[str | None, tuple[str, Any] | None]:
    """What `adapter`'s file holds for `exclude_tools = ["browser_install"]` (the deny-list
    key, None: no filter there) and for `enabled = false` (the key and value, None: left
    out): the fields its `caps.tool_fields` declare (each from the harness's docs or source,
    docs/context-budget.md); tests/contract reads them back with the real CLIs."""
    from aidokit.adapters import ADAPTERS

    fields = ADAPTERS[adapter].caps.tool_fields
    return (None, None) if fields is None else (fields.exclude, fields.off)


def _family_cases() -> list[Any]:
    from aidokit.adapters import ADAPTERS, spec_for
    from aidokit.adapters.base import CompanionFiles
    from aidokit.catalog.entries import ENTRIES_BY_ID

    return [
        pytest.param(name, id=name)
        for name, harness in ADAPTERS.items()
        # A budget kept in a companion file (Claude Code's settings): test_claude_settings.py
        if not isinstance(harness, CompanionFiles)
        and spec_for(ENTRIES_BY_ID["playwright"], harness) is not None
    ]


@pytest.mark.parametrize("adapter", _family_cases())
def test_every_harness_family_compiles_the_budget_or_says_it_cannot(
    adapter: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`exclude_tools` then `enabled = false` in each harness's own field, or unfiltered /
    left out with a note; destroy gives the file's bytes back."""
    from tests.scenarios.test_field_ownership import _configure, _entry, _run, _where

    root = new_project(tmp_path)
    found = _where(adapter, root)
    if found is None:
        pytest.skip(f"{adapter} has no config file on this OS")
    scope, location = found
    path = location.path
    path.parent.mkdir(parents=True, exist_ok=True)
    deny, off = _family(adapter)
    _configure(root, scope, adapter, '[override.playwright]\nexclude_tools = ["browser_install"]\n')
    capsys.readouterr()
    assert _run(root, scope, "plan") == 0
    out = capsys.readouterr().out
    assert _run(root, scope, "apply", "--yes") == 0
    entry = _entry(path, location)
    if deny is not None:
        assert entry[deny] == ["browser_install"]
    elif adapter == "opencode":
        data = json.loads(strip_jsonc(path.read_text()))
        assert data["tools"] == {"playwright_browser_install": False}
    else:
        assert "browser_install" not in json.dumps(entry)
        assert f"{adapter} " in out and "playwright" in out  # the note names it
    assert _run(root, scope, "plan", "--detailed-exitcode") == 0
    _configure(root, scope, adapter, "[override.playwright]\nenabled = false\n")
    capsys.readouterr()
    assert _run(root, scope, "apply", "--yes") == 0
    out = capsys.readouterr().out
    if off is not None:
        key, value = off
        entry = _entry(path, location)
        assert entry[key] == value
        assert "browser_install" not in json.dumps(entry)  # the exclusion went with the layer
    else:
        assert "aido leaves playwright out of its file" in out
        with pytest.raises((KeyError, TypeError, FileNotFoundError)):
            _entry(path, location)
    assert _run(root, scope, "plan", "--detailed-exitcode") == 0
    assert _run(root, scope, "destroy", "--yes") == 0
    assert not path.exists() or b"playwright" not in path.read_bytes()


@pytest.mark.parametrize(
    "original",
    [
        b'{\n  // mine\n  "tools": { "bash": false },\n  "mcp": {}\n}\n',
        b'{"$schema": "https://opencode.ai/config.json"}',
        b'{\r\n\t"mcp": {\r\n\t\t"mine": {"type": "remote", "url": "https://x.test/mcp"},\r\n\t},\r\n}\r\n',
    ],
)
def test_opencode_tools_map_items_are_aidos_alone(tmp_path: Path, original: bytes) -> None:
    """The exclusions go into OpenCode's `tools` map beside the user's; destroy gives every
    byte back."""
    extra = '[override.playwright]\nexclude_tools = ["browser_install", "browser.tab"]\n'
    root = new_project(tmp_path, _toml('"opencode"', extra))
    (root / "opencode.json").write_bytes(original)
    assert aido(root, "apply", "--yes") == 0
    data = json.loads(strip_jsonc((root / "opencode.json").read_text()))
    assert data["tools"]["playwright_browser_install"] is False
    assert data["tools"]["playwright_browser_tab"] is False  # OpenCode's own spelling
    assert aido(root, "plan", "--detailed-exitcode") == 0
    assert aido(root, "destroy", "--yes") == 0
    assert (root / "opencode.json").read_bytes() == original


# -- what the model loads: plan and status -------------------------------------------------

PLAYWRIGHT_TOOLS = tuple(f"browser_{n}" for n in ("navigate", "snapshot", "click", "install"))


def _probed(root: Path, tools: tuple[str, ...] = PLAYWRIGHT_TOOLS) -> None:
    """What `aido doctor --probe` keeps for playwright: its tools, per server version."""
    import os
    from types import SimpleNamespace

    from aidokit.reconcile.probe.tool_cache import remember

    probe = SimpleNamespace(uses=(SimpleNamespace(id="playwright"),))
    result = SimpleNamespace(
        status="ok", server="Playwright 0.0.83", tools=tools,
        schema_sizes=tuple(100 for _ in tools), probe=probe,
    )  # fmt: skip
    remember([result], os.environ, root)


def _status_entries(root: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    capsys.readouterr()
    assert aido(root, "status", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    return {e["name"]: e for f in data["files"] for e in f["entries"]}


def test_status_counts_the_tools_the_model_loads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = '[override.playwright]\nexclude_tools = ["browser_install"]\n'
    root = new_project(tmp_path, _toml('"codex"', extra))
    _probed(root)
    capsys.readouterr()
    assert aido(root, "plan") == 0
    assert "loads: 3 of 4 tools" in capsys.readouterr().out
    assert aido(root, "apply", "--yes") == 0
    entry = _status_entries(root, capsys)["playwright"]
    assert (entry["tools_loaded"], entry["tools_total"]) == (3, 4)
    assert entry["tools"] == "3 of 4 tools"
    capsys.readouterr()
    assert aido(root, "status") == 0
    assert "playwright  [loads 3 of 4 tools]" in capsys.readouterr().out


def test_only_these_needs_the_tool_list_where_the_harness_only_hides(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Roo has a deny-list only: `tools` compiles into it from the probe's list, and says it
    cannot before a probe ran."""
    extra = '[override.playwright]\ntools = ["browser_navigate", "browser_snapshot"]\n'
    root = new_project(tmp_path, _toml('"roo"', extra))
    capsys.readouterr()
    assert aido(root, "plan") == 0
    assert "run `aido doctor --probe` to list them" in capsys.readouterr().out
    _probed(root)
    assert aido(root, "apply", "--yes") == 0
    entry = json.loads((root / ".roo/mcp.json").read_text())["mcpServers"]["playwright"]
    assert entry["disabledTools"] == ["browser_click", "browser_install"]
    status = _status_entries(root, capsys)["playwright"]
    assert (status["tools_loaded"], status["tools_total"]) == (2, 4)


def test_status_without_a_budget_counts_every_known_tool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = new_project(tmp_path, _toml('"codex"'))
    assert aido(root, "apply", "--yes") == 0
    assert "tools_total" not in _status_entries(root, capsys)["playwright"]
    _probed(root)
    entry = _status_entries(root, capsys)["playwright"]
    assert (entry["tools_loaded"], entry["tools_total"]) == (4, 4)


def test_suggest_budget_ranks_the_costliest_and_names_the_trim(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from jsonschema import Draft202012Validator

    root = new_project(tmp_path, _toml('"codex"'))
    capsys.readouterr()
    assert aido(root, "suggest", "--budget") == 0
    assert "playwright: tools not known; run `aido doctor --probe`" in capsys.readouterr().out
    tools = tuple(f"browser_{n}" for n in range(8))
    _probed(root, tools)
    assert aido(root, "suggest", "--budget", "--json") == 0
    doc = json.loads(capsys.readouterr().out)
    schema = json.loads(Path("docs/schemas/suggest-budget.schema.json").read_text())
    assert not list(Draft202012Validator(schema).iter_errors(doc))
    first = doc["servers"][0]
    assert (first["id"], first["tools_total"], first["tools_loaded"]) == ("playwright", 8, 8)
    assert first["trim"].startswith('[override.playwright] exclude_tools = ["browser_0"')
    assert first["tokens"] == 8 * (100 + 400) // 4
    # The trim it names is valid aido.toml and lowers the count.
    trim = first["trim"].replace("] ", "]\n", 1)
    (root / "aido.toml").write_text(_toml('"codex"', trim + "\n"))
    assert aido(root, "suggest", "--budget", "--json") == 0
    after = json.loads(capsys.readouterr().out)["servers"][0]
    assert after["tools_loaded"] < 8


def test_a_tool_name_with_a_line_break_never_reaches_goose(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name outside the MCP tool name grammar in the tool cache (a server's `tools/list`,
    kept by an older aido) is not a tool: Goose user-scope apply compiles the budget from the
    valid names and succeeds (issue 48 item 6)."""
    import os

    from aidokit.reconcile.read.tool_lists import cache_path

    extra = '[override.playwright]\nexclude_tools = ["browser_install"]\n'
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "aido"
    config.mkdir(parents=True)
    (config / "aido.toml").write_text(_toml('"goose"', extra), "utf-8")
    goose = Path(os.environ["XDG_CONFIG_HOME"]) / "goose"
    goose.mkdir(parents=True)
    (goose / "config.yaml").write_text("extensions: {}\n", "utf-8")
    root = new_project(tmp_path)
    tools = [{"name": n, "schema_chars": 100} for n in (*PLAYWRIGHT_TOOLS, "evil\nname: x")]
    doc = {"format_version": 1, "servers": {"Playwright 0.0.83": {
        "tools": tools, "seen": "2026-12-01T00:00:00+00:00", "ids": ["playwright"]}}}  # fmt: skip
    cache = cache_path(os.environ)
    cache.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    cache.write_text(json.dumps(doc), "utf-8")
    cache.chmod(0o600)
    capsys.readouterr()
    assert aido(root, "apply", "--yes", "--scope", "user") == 0, capsys.readouterr().err
    written = (goose / "config.yaml").read_text("utf-8")
    assert "evil" not in written and "browser_navigate" in written
