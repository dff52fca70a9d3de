"""Oracles that run a harness's own config loader, from its installed package.

For CLIs with no offline listing command: Cline's CLI lists no MCP servers (`cline mcp`
has only add and remove) and `cline config` needs a TTY, so its oracle imports the
`@cline/core` package the installed `cline` depends on (the same SDK its binary bundles)
and calls its settings loader with node (`node_scripts/`). Continue's `cn` reads no JSON
MCP file at all, so its oracle runs the schemas and converter of `@continuedev/config-yaml`,
which the IDE's loader calls. The Python CLIs (PyPI, each
in a venv of its own under AIDO_HARNESS_PY, `make harnesses-py`) are asked the same way
with the venv's python (`py_scripts/`): OpenHands' `openhands mcp list` imports the
whole agent SDK, whose LLM library fetches a price list from the network first, so its
oracle calls the loader that listing calls; Mistral Vibe has no listing outside its
interactive `/mcp` panel, so its oracle builds the layer stack `vibe` starts with and
reads the servers it resolved; Hermes Agent's `hermes mcp list` needs its whole CLI, so its
oracle calls the loader its MCP client starts from; Deep Agents Code (`dcode`) lists
servers only from its interactive session, so its oracle runs the discovery and loader
that session starts with. Each script prints JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.contract.sandbox import REPO, TIMEOUT_SEC, Sandbox, harness_bin
from tests.contract.views import Raw, Servers, ServerView

SCRIPTS = Path(__file__).parent / "node_scripts"
PY_SCRIPTS = Path(__file__).parent / "py_scripts"
# Cline's transport words -> the normalised ones.
_CLINE_TRANSPORTS = {"stdio": "stdio", "sse": "sse", "streamableHttp": "http"}


def package_dir(name: str, within: str) -> Path:
    """The folder of npm package `name` as the installed package `within` resolves it."""
    modules = harness_bin().parent
    nested = (modules / within / "node_modules" / name,) if within else ()
    for folder in (*nested, modules / name):
        if (folder / "package.json").exists():
            return folder
    of = f" (a dependency of {within})" if within else ""
    pytest.fail(f"{name}{of} is not installed; run `make harnesses`")


def harness_venv(package: str) -> Path:
    """The venv holding the pinned PyPI harness `package` (`make harnesses-py`)."""
    root = Path(os.environ.get("AIDO_HARNESS_PY") or REPO / ".cache" / "harnesses-py")
    venv = root / package
    if not (venv / "bin" / "python").exists():
        pytest.fail(
            f"harness {package!r} not found at {venv}; run `make harnesses-py` "
            "(or set AIDO_HARNESS_PY to the folder holding its venv)",
            pytrace=False,
        )
    return venv


def run_node(script: str, *args: str, sandbox: Sandbox, env: Mapping[str, str] | None) -> Any:
    """Run `node_scripts/<script>` in the sandbox (project cwd, scratch HOME) and parse its JSON."""
    argv = [str(sandbox.bin / "node"), str(SCRIPTS / script), *args]
    return _run(argv, script, sandbox=sandbox, env=env)


def run_python(
    package: str,
    script: str,
    *,
    sandbox: Sandbox,
    env: Mapping[str, str] | None,
    check: bool = True,
) -> Any:
    """Run `py_scripts/<script>` with `package`'s venv python in the sandbox; parse its JSON."""
    python = harness_venv(package) / "bin" / "python"
    argv = [str(python), str(PY_SCRIPTS / script)]
    return _run(argv, script, sandbox=sandbox, env=env, check=check)


def _run(
    argv: list[str],
    script: str,
    *,
    sandbox: Sandbox,
    env: Mapping[str, str] | None,
    check: bool = True,
) -> Any:
    """Run one loader script in the sandbox (project cwd, scratch HOME) and parse its JSON."""
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
        pytest.fail(f"`{script}` did not finish within {TIMEOUT_SEC}s")
    if check and proc.returncode != 0:
        pytest.fail(f"`{script}` exited {proc.returncode}\n{proc.stdout}\n{proc.stderr}")
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


def openhands_load(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Raw:
    """What OpenHands' loader reports: `version`, `path`, `servers` (fastmcp's models, with
    `_transport`, the one fastmcp starts), `enabled` (names); `error` when it refuses."""
    loaded: Raw = run_python("openhands", "openhands_mcp.py", sandbox=sandbox, env=env)
    return loaded


def openhands(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `~/.openhands/mcp.json` (user scope only) with the OpenHands CLI's own loader.

    Its path follows `OPENHANDS_PERSISTENCE_DIR` and HOME. Nothing expands a variable;
    env and headers are as written.
    """
    servers: Servers = {}
    for name, rec in openhands_load(sandbox, env)["servers"].items():
        kind = rec["_transport"]
        if kind == "stdio":
            args, env_map = tuple(rec.get("args") or ()), dict(rec.get("env") or {})
            view = ServerView(name, kind, command=rec["command"], args=args, env=env_map)
        else:
            view = ServerView(name, kind, url=rec["url"], headers=dict(rec.get("headers") or {}))
        servers[name] = replace(view, scope="user", raw=rec)
    return servers


# Continue's YAML transport words -> the normalised ones (a `url` block without `type` is
# tried as streamable HTTP, then SSE, by Continue's MCP client).
_CONTINUE_TRANSPORTS = {"stdio": "stdio", "sse": "sse", "streamable-http": "http", None: "http"}


def continue_load(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Raw:
    """What Continue's converter makes of the JSON MCP files: `version`, `files`, `servers`."""
    loaded: Raw = run_node(
        "continue_mcp.mjs",
        str(package_dir("@continuedev/config-yaml", "")),
        sandbox=sandbox,
        env=env,
    )
    return loaded


def continue_(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `.continue/mcpServers/*.json` and the global folder's with Continue's own schemas and
    JSON-to-YAML converter (`@continuedev/config-yaml`); a file that fails is left out.

    `cn` 1.5.47 reads only `config.yaml`, not these files (docs/harness-oracles.md).
    """
    servers: Servers = {}
    for rec in continue_load(sandbox, env)["servers"]:
        block, scope = rec["config"], rec["scope"]
        kind = _CONTINUE_TRANSPORTS[block.get("type")]
        if kind == "stdio":
            args, env_map = tuple(block.get("args") or ()), dict(block.get("env") or {})
            view = ServerView(block["name"], kind, block["command"], args, env=env_map)
        else:
            headers = dict((block.get("requestOptions") or {}).get("headers") or {})
            view = ServerView(block["name"], kind, url=block["url"], headers=headers)
        servers[view.name] = replace(view, scope=scope, raw=rec)
    return servers


def hermes_load(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Raw:
    """What Hermes Agent's loader reports: `version`, `path` (the config file it reads),
    `written` (`mcp_servers` as in the file) and `servers` (what its MCP client gets,
    references interpolated, with `_transport`); `error` when it cannot read the file."""
    loaded: Raw = run_python("hermes-agent", "hermes_mcp.py", sandbox=sandbox, env=env)
    return loaded


def hermes(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `$HERMES_HOME/config.yaml` (else `~/.hermes/config.yaml`; user scope only) with
    Hermes Agent's own loader (`tools.mcp_tool._load_mcp_config`).

    The views hold the entries as written (references as references); `raw["expanded"]`
    is the entry Hermes's MCP client gets, `${VAR}` replaced from the environment.
    """
    loaded = hermes_load(sandbox, env)
    servers: Servers = {}
    for name, rec in loaded["servers"].items():
        kind, entry = rec["_transport"], loaded["written"][name]
        if kind == "stdio":
            args, env_map = tuple(entry.get("args") or ()), dict(entry.get("env") or {})
            view = ServerView(name, kind, command=entry["command"], args=args, env=env_map)
        else:
            headers = dict(entry.get("headers") or {})
            view = ServerView(name, kind, url=entry["url"], headers=headers)
        servers[name] = replace(view, scope="user", raw={"expanded": rec, "written": entry})
    return servers


def deepagents_load(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Raw:
    """What Deep Agents Code's discovery and loader report: `version`, `files` (path and
    trust scope), `servers` (as written, with `_transport`, `_scope` and `_expanded`)."""
    loaded: Raw = run_python("deepagents-code", "deepagents_mcp.py", sandbox=sandbox, env=env)
    return loaded


def deepagents(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `~/.deepagents/.mcp.json` (or `$DEEPAGENTS_HOME/.mcp.json`) and the project's
    `.deepagents/.mcp.json` with `dcode`'s own discovery and loader; references stay as
    written in the views (`raw["_expanded"]`: the entry the server is started with)."""
    servers: Servers = {}
    for name, rec in deepagents_load(sandbox, env)["servers"].items():
        kind = rec["_transport"]
        if kind == "stdio":
            args, env_map = tuple(rec.get("args") or ()), dict(rec.get("env") or {})
            view = ServerView(name, kind, command=rec["command"], args=args, env=env_map)
        else:
            view = ServerView(name, kind, url=rec["url"], headers=dict(rec.get("headers") or {}))
        servers[name] = replace(view, scope=rec["_scope"], raw=rec)
    return servers


def vibe_load(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Raw:
    """What Mistral Vibe's config loader resolved: `version`, `servers` (its models by
    name, with `_argv` or `_headers`: what it would run or send, and `_scope`); `error`
    when it refuses the config."""
    loaded: Raw = run_python("mistral-vibe", "vibe_mcp.py", sandbox=sandbox, env=env)
    return loaded


def vibe(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `~/.vibe/config.toml` and a trusted project's `.vibe/config.toml` with Vibe's
    own loader. The command is the argv Vibe would run (a string command split as it
    splits it); headers are `auth.headers`, and a header Vibe fills from a variable
    (`auth.api_key_env`) is reported as header -> variable (`env_headers`)."""
    servers: Servers = {}
    for name, rec in vibe_load(sandbox, env)["servers"].items():
        scope = rec["_scope"]
        if rec["transport"] == "stdio":
            argv = rec["_argv"]
            view = ServerView(name, "stdio", command=argv[0], args=tuple(argv[1:]), env=rec["env"])
        else:
            auth = rec.get("auth") or {}
            variable = auth.get("api_key_env")
            env_headers = {auth["api_key_header"]: variable} if variable else {}
            headers = dict(auth.get("headers") or {})
            view = ServerView(
                name, "http", url=rec["url"], headers=headers, env_headers=env_headers
            )
        servers[name] = replace(view, scope=scope, raw=rec)
    return servers
