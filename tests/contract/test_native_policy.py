"""`[policy] write_native` read back by the real CLIs (issue 36): the items aido writes into
`mcp.allowed` / `mcp.excluded` of the user's settings file keep out the servers the policy
names, hand-written ones included (docs/policy.md, "Written into each harness")."""

from __future__ import annotations

import json

import pytest

from aidokit.reconcile.cli.main import main
from tests.contract.oracles import gemini
from tests.contract.sandbox import Sandbox, run_cli

pytestmark = pytest.mark.contract

# No server of aido's own (nothing starts): only the policy's items, and two hand-written
# servers the policy refuses, one denied by name, one outside the allow list.
USER_LAYER = (
    'adapters = ["{adapter}"]\nsuggest = false\n'
    '[policy]\ndeny = ["memory"]\nallow = ["playwright", "memory"]\nwrite_native = true\n'
)
HAND_WRITTEN = {"mcpServers": {"memory": {"command": "false"}, "other": {"command": "false"}}}


@pytest.fixture
def box(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> Sandbox:
    """aido runs in-process with the sandbox's HOME."""
    for name, value in sandbox.env().items():
        if name != "PATH":
            monkeypatch.setenv(name, value)
    return sandbox


def _apply(box: Sandbox, adapter: str, folder: str) -> dict[str, object]:
    layer = box.home / ".config" / "aido" / "aido.toml"
    layer.parent.mkdir(parents=True, exist_ok=True)
    layer.write_text(USER_LAYER.format(adapter=adapter))
    settings = box.home / folder / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps(HAND_WRITTEN, indent=2) + "\n")
    assert main(["apply", "--yes", "--scope", "user", "--project", str(box.project)]) == 0
    mcp: dict[str, object] = json.loads(settings.read_text())["mcp"]
    assert mcp == {"allowed": ["memory", "playwright"], "excluded": ["memory"]}  # by name
    return mcp


def test_gemini_blocks_what_the_policy_aido_wrote_names(box: Sandbox) -> None:
    """`gemini mcp list` marks both hand-written servers Blocked: `memory` by mcp.excluded,
    `other` by not being in mcp.allowed."""
    _apply(box, "gemini-cli", ".gemini")
    listed = gemini(box)
    assert {name: view.raw["status"] for name, view in listed.items()} == {
        "memory": "Blocked",
        "other": "Blocked",
    }


def test_qwen_skips_what_the_policy_aido_wrote_names(box: Sandbox) -> None:
    """`qwen mcp reconnect --all` skips each server with the list that keeps it out, and
    starts neither (`qwen mcp list` does not apply the lists; `reconnect NAME` is refused by
    its own argument parser in 0.24.4, so `--all` is the read-back)."""
    _apply(box, "qwen-code", ".qwen")
    out = run_cli("qwen", "mcp", "reconnect", "--all", sandbox=box).stdout
    assert "- memory: Skipped - server is excluded in settings (mcp.excluded)" in out
    assert "- other: Skipped - server is not in the mcp.allowed list" in out
