"""Oracles that run a harness's own config loader, from its installed package, with node.

For CLIs with no offline listing command: Cline's CLI lists no MCP servers (`cline mcp`
has only add and remove) and `cline config` needs a TTY, so its oracle imports the
`@cline/core` package the installed `cline` depends on (the same SDK its binary bundles)
and calls its settings loader. Each script is in `node_scripts/` and prints JSON.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.contract.sandbox import TIMEOUT_SEC, Sandbox, harness_bin
from tests.contract.views import Raw, Servers, ServerView

SCRIPTS = Path(__file__).parent / "node_scripts"
# Cline's transport words -> the normalised ones.
_CLINE_TRANSPORTS = {"stdio": "stdio", "sse": "sse", "streamableHttp": "http"}


def package_dir(name: str, within: str) -> Path:
    """The folder of npm package `name` as the installed package `within` resolves it."""
    modules = harness_bin().parent
    for folder in (modules / within / "node_modules" / name, modules / name):
        if (folder / "package.json").exists():
            return folder
    pytest.fail(f"{name} (a dependency of {within}) is not installed; run `make harnesses`")


def run_node(script: str, *args: str, sandbox: Sandbox, env: Mapping[str, str] | None) -> Any:
    """Run `node_scripts/<script>` in the sandbox (project cwd, scratch HOME) and parse its JSON."""
    argv = [str(sandbox.bin / "node"), str(SCRIPTS / script), *args]
    try:
        proc = subprocess.run(
            argv,
            cwd=sandbox.project,
            env=sandbox.env(env),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_SEC,
            start_new_session=True,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"`node {script}` did not finish within {TIMEOUT_SEC}s")
    if proc.returncode != 0:
        pytest.fail(f"`node {script}` exited {proc.returncode}\n{proc.stdout}\n{proc.stderr}")
    return json.loads(proc.stdout)


def cline_load(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Raw:
    """What Cline's loader reports: `version` (of @cline/core), `path`, `found`, `servers`."""
    core = package_dir("@cline/core", "cline")
    wanted = json.loads((harness_bin().parent / "cline" / "package.json").read_text())
    loaded: Raw = run_node("cline_mcp.mjs", str(core), sandbox=sandbox, env=env)
    if loaded["version"] != wanted["dependencies"]["@cline/core"]:
        pytest.fail(f"@cline/core {loaded['version']} is not the one cline depends on: {wanted}")
    return loaded


def cline(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `cline_mcp_settings.json` (user scope only) with Cline's own settings loader.

    Its path follows `CLINE_MCP_SETTINGS_PATH`, `CLINE_DATA_DIR`, `CLINE_DIR` and HOME.
    The loader expands no variable; a file with one invalid entry fails the read.
    """
    servers: Servers = {}
    for rec in cline_load(sandbox, env)["servers"]:
        t = rec["transport"]
        kind = _CLINE_TRANSPORTS[t["type"]]
        if kind == "stdio":
            view = ServerView(
                rec["name"],
                kind,
                command=t["command"],
                args=tuple(t.get("args") or ()),
                env=dict(t.get("env") or {}),
                scope="user",
                raw=rec,
            )
        else:
            headers = dict(t.get("headers") or {})
            view = ServerView(
                rec["name"], kind, url=t["url"], headers=headers, scope="user", raw=rec
            )
        servers[view.name] = view
    return servers
