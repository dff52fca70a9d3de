"""Oracles for harnesses aido had adapters for before their CLIs were oracles (issue 33).

Each reports what the harness read, as `ServerView`s (tests/contract/views.py), without
reinterpreting it. Findings are in docs/harness-oracles.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

import pytest

from tests.contract.sandbox import Sandbox, run_cli
from tests.contract.views import Raw, Servers, ServerView


def kilo_config(
    sandbox: Sandbox, env: Mapping[str, str] | None = None, binary: str = "kilo"
) -> Raw:
    """The configuration Kilo resolved, `kilo debug config` (`--pure`: no plugins loaded).

    Kilo 7.0.33 has no `--pure` (it prints its help) and prints a one-time database
    migration before the JSON; the oracle asks it without then.
    """
    proc = run_cli(binary, "debug", "config", "--pure", sandbox=sandbox, env=env, check=False)
    if "--pure" in proc.stdout + proc.stderr or proc.returncode != 0:
        proc = run_cli(binary, "debug", "config", sandbox=sandbox, env=env)
    start = proc.stdout.find("\n{")
    text = proc.stdout if proc.stdout.startswith("{") else proc.stdout[start + 1 :]
    try:
        config: Raw = json.loads(text)
    except ValueError:
        pytest.fail(f"`kilo debug config` printed no JSON:\n{proc.stdout}\n{proc.stderr}")
    return config


def kilo(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `kilo.json(c)` (project, `.kilo/`) and `~/.config/kilo/kilo.json` via the resolved
    config: OpenCode's `mcp` map with `{env:VAR}` substituted, nothing masked, no scope.

    Kilo 7.7.2 and later skip a project file that holds any `{env:…}` reference.
    """
    return _kilo_servers(kilo_config(sandbox, env))


def kilocode(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read the legacy (Roo-derived) extension's files as the current Kilo migrates them:
    `.kilocode/mcp.json` and VS Code's `globalStorage/kilocode.kilo-code/settings/
    mcp_settings.json`, via `kilocode debug config` (the same binary under its second name).

    Its MCP migrator turns `streamable-http`/`sse` entries into `remote`, the rest into
    `local`, `disabled` into `enabled: false`, and keeps `${env:VAR}` as text. The global
    file is read only where the extension runs Kilo (`KILO_PLATFORM=vscode`), as here.
    """
    as_extension = {"KILO_PLATFORM": "vscode", **(env or {})}
    return _kilo_servers(kilo_config(sandbox, as_extension, binary="kilocode"))


def _kilo_servers(config: Raw) -> Servers:
    servers: Servers = {}
    for name, rec in (config.get("mcp") or {}).items():
        if rec.get("type") == "local":
            command, *args = rec["command"]
            env_map = dict(rec.get("environment") or {})
            view = ServerView(name, "stdio", command, tuple(args), env=env_map, raw=rec)
        else:
            headers = dict(rec.get("headers") or {})
            view = ServerView(name, "http", url=rec["url"], headers=headers, raw=rec)
        servers[name] = view
    return servers


# `  name  stdio  failed: Failed to connect to MCP server  [project]`
_DROID_LINE = re.compile(
    r"^(?P<name>\S+)\s+(?P<transport>stdio|http|sse)\s+(?P<status>.*?)\s+\[(?P<scope>\w+)\]$"
)
# Droid sends telemetry and would dial each remote server: through a closed local port.
_CLOSED_PROXY = {"HTTPS_PROXY": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9"}


def droid(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `.factory/mcp.json` and `~/.factory/mcp.json` via `droid mcp list`.

    The listing has no JSON mode and prints name, type, status and scope only: no
    command, URL, env or headers. It tries to start every server that is not disabled
    (a stdio one fails at once: the sandbox PATH holds only node; a remote one meets
    the closed proxy).
    """
    proc = run_cli("droid", "mcp", "list", sandbox=sandbox, env={**_CLOSED_PROXY, **(env or {})})
    servers: Servers = {}
    for line in proc.stdout.splitlines():
        m = _DROID_LINE.match(line.strip())
        if m:
            scope = {"project": "project", "user": "user"}.get(m["scope"])
            raw: Raw = {"line": line.strip(), **m.groupdict()}
            servers[m["name"]] = ServerView(m["name"], m["transport"], scope=scope, raw=raw)
    return servers
