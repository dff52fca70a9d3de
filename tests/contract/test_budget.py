"""The context budget (issue 35) as the real CLIs read it: `exclude_tools`, `tools` and
`enabled = false` rendered into each harness's own field (docs/context-budget.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from aidokit.reconcile.cli.main import main
from tests.contract.oracles import codex, copilot, gemini, opencode
from tests.contract.sandbox import Sandbox, run_cli

pytestmark = pytest.mark.contract

TOML = '[mcp]\nadd = ["playwright"]\nskip = ["sequential-thinking"]\n'
EXCLUDE = '[override.playwright]\nexclude_tools = ["browser_install"]\n'
ONLY = '[override.playwright]\ntools = ["browser_navigate", "browser_snapshot"]\n'
# Switched off in the team's aido.toml: the local layer feeds only a person's own files
# (issue 49; tests/contract/test_personal.py has Claude Code's per-person switch).
EXCLUDE_OFF = '[override.playwright]\nexclude_tools = ["browser_install"]\nenabled = false\n'


def _apply(box: Sandbox, adapter: str, extra: str = "") -> None:
    (box.project / "aido.toml").write_text(f'adapters = ["{adapter}"]\n{TOML}{extra}')
    assert main(["apply", "--yes", "--project", str(box.project)]) == 0


@pytest.fixture
def box(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> Sandbox:
    """aido runs in-process with the sandbox's HOME."""
    for name, value in sandbox.env().items():
        if name != "PATH":
            monkeypatch.setenv(name, value)
    return sandbox


def _codex_get(box: Sandbox, name: str) -> dict[str, Any]:
    """`codex mcp get NAME --json`: the entry's tool filters as Codex parsed them."""
    got: dict[str, Any] = json.loads(
        run_cli("codex", "mcp", "get", name, "--json", sandbox=box).stdout
    )
    return got


def test_codex_reads_disabled_tools_enabled_tools_and_enabled(box: Sandbox) -> None:
    box.trust_project("codex")
    _apply(box, "codex", EXCLUDE)
    assert _codex_get(box, "playwright")["disabled_tools"] == ["browser_install"]
    _apply(box, "codex", ONLY)
    record = _codex_get(box, "playwright")
    assert record["enabled_tools"] == ["browser_navigate", "browser_snapshot"]
    assert record.get("disabled_tools") is None
    _apply(box, "codex", EXCLUDE_OFF)  # switched off
    record = _codex_get(box, "playwright")
    assert record["enabled"] is False
    assert record["disabled_tools"] == ["browser_install"]
    assert codex(box)["playwright"].raw["enabled"] is False  # `mcp list` too


def test_opencode_reads_the_tools_map_and_enabled(box: Sandbox) -> None:
    _apply(box, "opencode", EXCLUDE)
    config = json.loads(run_cli("opencode", "debug", "config", "--pure", sandbox=box).stdout)
    assert config["tools"]["playwright_browser_install"] is False
    assert config["mcp"]["playwright"]["enabled"] is True
    _apply(box, "opencode", EXCLUDE_OFF)
    assert opencode(box)["playwright"].raw["enabled"] is False


def test_gemini_loads_the_filtered_entry_and_leaves_out_one_switched_off(box: Sandbox) -> None:
    """Gemini CLI's settings schema takes includeTools / excludeTools (it lists the server);
    switched off, the entry is left out, so it lists none."""
    _apply(box, "gemini-cli", EXCLUDE)
    assert "playwright" in gemini(box)
    _apply(box, "gemini-cli", ONLY)
    assert "playwright" in gemini(box)
    _apply(box, "gemini-cli", EXCLUDE_OFF)
    assert "playwright" not in gemini(box)


def test_copilot_reads_its_tools_allow_list(box: Sandbox) -> None:
    box.trust_project("copilot")
    _apply(box, "copilot-cli", ONLY)
    record = copilot(box)["playwright"].raw
    assert record["tools"] == ["browser_navigate", "browser_snapshot"]


def test_claude_reads_the_disabled_item_and_keeps_the_entry(box: Sandbox) -> None:
    """Claude Code reads `.claude/settings.json`: a server switched off is still configured
    in `.mcp.json`, and `claude mcp get` calls it rejected by disabledMcpjsonServers; once
    aido.toml switches it on again, the item is gone and it waits for approval as before."""
    _apply(box, "claude-code", EXCLUDE_OFF)
    settings = json.loads((box.project / ".claude" / "settings.json").read_text())
    assert settings == {"disabledMcpjsonServers": ["playwright"]}
    shown = run_cli("claude", "mcp", "get", "playwright", sandbox=box).stdout
    assert "Rejected (see disabledMcpjsonServers in settings)" in shown
    _apply(box, "claude-code", EXCLUDE)
    settings = json.loads((box.project / ".claude" / "settings.json").read_text())
    assert settings == {"permissions": {"deny": ["mcp__playwright__browser_install"]}}
    shown = run_cli("claude", "mcp", "get", "playwright", sandbox=box).stdout
    assert "Pending approval" in shown


def test_claude_blocks_a_server_the_native_policy_denies(box: Sandbox) -> None:
    """`write_native` in the user layer: `deniedMcpServers` in ~/.claude/settings.json, and
    `claude mcp list` no longer lists the user-scope server it names."""
    from aidokit.adapters.base import Host
    from aidokit.reconcile.read.choices.layers import user_config_path

    config = user_config_path(Host.current(box.project))
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text('adapters = ["claude-code"]\n[mcp]\nadd = ["memory"]\n')
    hand = {"type": "stdio", "command": "npx", "args": ["-y", "evil-mcp"]}
    (box.home / ".claude.json").write_text(json.dumps({"mcpServers": {"evil": hand}}))
    (box.home / ".claude").mkdir(exist_ok=True)
    user = ["apply", "--yes", "--scope", "user", "--project", str(box.project)]
    assert main(user) == 0
    listing = run_cli("claude", "mcp", "list", sandbox=box).stdout
    assert "memory:" in listing and "evil:" in listing
    policy = '[policy]\ndeny = ["evil", "npm:@evil/*"]\nwrite_native = true\n'
    config.write_text(config.read_text() + policy)
    assert main(user) == 0
    settings = json.loads((box.home / ".claude" / "settings.json").read_text())
    assert settings["deniedMcpServers"] == [{"serverName": "evil"}]
    listing = run_cli("claude", "mcp", "list", sandbox=box).stdout
    assert "memory:" in listing and "evil:" not in listing
