"""One person's choices as the real Claude Code CLI reads them (issue 49): a server added in
aido.local.toml is a local-scope server of this project in `~/.claude.json`, and a team
server the person switches off (`aido remove --local`, a profile) is an item of
`disabledMcpjsonServers` in `.claude/settings.local.json`, which Claude Code honours;
the team's `.mcp.json` and `aido.lock` stay byte for byte."""

from __future__ import annotations

import json

import pytest

from aidokit.reconcile.cli.main import main
from tests.contract.sandbox import Sandbox, run_cli

pytestmark = pytest.mark.contract

TEAM = 'adapters = ["claude-code"]\nsuggest = false\n[mcp]\nadd = ["context7", "playwright"]\n'


@pytest.fixture
def box(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> Sandbox:
    """aido runs in-process with the sandbox's HOME; the team's files are applied."""
    for name, value in sandbox.env().items():
        if name != "PATH":
            monkeypatch.setenv(name, value)
    (sandbox.project / "aido.toml").write_text(TEAM)
    assert main(["apply", "--yes", "--project", str(sandbox.project)]) == 0
    return sandbox


def _aido(box: Sandbox, *argv: str) -> None:
    assert main([*argv, "--project", str(box.project)]) == 0


def test_claude_reads_a_local_scope_server_and_the_per_person_switch(box: Sandbox) -> None:
    """`claude mcp get time` finds aido's local-scope server; `claude mcp get context7`
    says the person's `disabledMcpjsonServers` rejects it; the team's files are unchanged."""
    team = {p: (box.project / p).read_bytes() for p in (".mcp.json", "aido.lock")}
    (box.project / "aido.local.toml").write_text('[mcp]\nadd = ["time"]\n')
    _aido(box, "apply", "--yes", "--scope", "local")
    _aido(box, "remove", "context7", "--local", "--yes")
    local = json.loads((box.project / ".claude" / "settings.local.json").read_text())
    assert local == {"disabledMcpjsonServers": ["context7"]}
    shown = run_cli("claude", "mcp", "get", "time", sandbox=box).stdout
    assert "Scope: Local config" in shown and "mcp-server-time" in shown
    shown = run_cli("claude", "mcp", "get", "context7", sandbox=box).stdout
    assert "Rejected (see disabledMcpjsonServers in settings)" in shown
    listed = run_cli("claude", "mcp", "list", sandbox=box).stdout
    assert "time" in listed and "context7" not in listed
    assert team == {p: (box.project / p).read_bytes() for p in team}


def test_claude_honours_a_profile(box: Sandbox) -> None:
    """`aido use review` turns every team server but playwright off for this person;
    `aido use --none` gives the settings file back (aido created it, so it goes)."""
    (box.project / "aido.local.toml").write_text('[profiles.review]\nenable = ["playwright"]\n')
    _aido(box, "use", "review")
    shown = run_cli("claude", "mcp", "get", "context7", sandbox=box).stdout
    assert "Rejected (see disabledMcpjsonServers in settings)" in shown
    shown = run_cli("claude", "mcp", "get", "playwright", sandbox=box).stdout
    assert "Rejected" not in shown
    _aido(box, "use", "--none")
    assert not (box.project / ".claude" / "settings.local.json").exists()
    shown = run_cli("claude", "mcp", "get", "context7", sandbox=box).stdout
    assert "Rejected" not in shown
