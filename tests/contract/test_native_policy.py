"""`[policy] write_native` read back by the real CLIs (issue 36): the items aido writes into
`mcp.allowed` / `mcp.excluded` of the user's settings file keep out the servers the policy
names, hand-written ones included (docs/policy.md, "Written into each harness")."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from aidokit.reconcile.cli.main import main
from tests.contract.oracles import gemini
from tests.contract.sandbox import Sandbox, cli_path, run_cli

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


def _private_etc_works() -> bool:
    """Whether this machine lets a test give one process its own /etc (a mount namespace)."""
    if shutil.which("unshare") is None:
        return False
    probe = ["unshare", "-m", "--propagation", "private", "true"]
    return subprocess.run(probe, capture_output=True, check=False).returncode == 0


@pytest.mark.skipif(not _private_etc_works(), reason="needs `unshare -m` (root in a container)")
def test_codex_enforces_the_requirements_aido_says_to_write(
    box: Sandbox, capsys: pytest.CaptureFixture[str]
) -> None:
    """The lines the plan tells an administrator to put into /etc/codex/requirements.toml,
    given to the real Codex as its /etc (a private mount namespace, the machine's /etc
    untouched): aido's entry stays enabled, a hand-written one is disabled by them."""
    layer = box.home / ".config" / "aido" / "aido.toml"
    layer.parent.mkdir(parents=True, exist_ok=True)
    layer.write_text(
        'adapters = ["codex"]\nsuggest = false\n[mcp]\nadd = ["github"]\n'
        '[policy]\nallow = ["github"]\nwrite_native = true\n'
    )
    config = box.home / ".codex" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text('[mcp_servers.other]\ncommand = "false"\n')
    project = ["--project", str(box.project)]
    assert main(["apply", "--yes", "--scope", "user", *project]) == 0
    capsys.readouterr()
    assert main(["plan", "--scope", "user", "--json", *project]) == 0
    plan = json.loads(capsys.readouterr().out)
    [note] = [n for f in plan["files"] for n in f.get("notes", []) if "requirements.toml" in n]
    etc = box.root / "etc"
    (etc / "codex").mkdir(parents=True)
    (etc / "codex" / "requirements.toml").write_text("\n".join(note.split("`")[1::2]) + "\n")
    codex = [str(cli_path("codex")), "mcp", "list", "--json"]
    script = f'mount --bind "{etc}" /etc && exec "$@"'
    argv = ["unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh", *codex]
    env = {**box.env(), "PATH": f"{box.env()['PATH']}:/usr/bin:/bin"}
    proc = subprocess.run(
        argv, cwd=box.project, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert proc.returncode == 0, proc.stderr
    listed = {server["name"]: server for server in json.loads(proc.stdout)}
    assert listed["github"]["enabled"] is True
    assert listed["other"]["enabled"] is False
    assert "requirements" in listed["other"]["disabled_reason"]


def test_qwen_skips_what_the_policy_aido_wrote_names(box: Sandbox) -> None:
    """`qwen mcp reconnect --all` skips each server with the list that keeps it out, and
    starts neither (`qwen mcp list` does not apply the lists; `reconnect NAME` is refused by
    its own argument parser in 0.24.4, so `--all` is the read-back)."""
    _apply(box, "qwen-code", ".qwen")
    out = run_cli("qwen", "mcp", "reconnect", "--all", sandbox=box).stdout
    assert "- memory: Skipped - server is excluded in settings (mcp.excluded)" in out
    assert "- other: Skipped - server is not in the mcp.allowed list" in out
