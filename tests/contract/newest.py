"""Oracles for the harnesses of issue 33's new adapters: each CLI's own listing or loader.

Each reports what the harness read, as `ServerView`s (tests/contract/views.py), without
reinterpreting it. Findings are in docs/harness-oracles.md.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace

from tests.contract.sandbox import Sandbox, run_cli
from tests.contract.views import Servers, ServerView

_AMP_SCOPES = {"workspace": "project", "global": "user"}


def amp(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `.amp/settings.json` and the user settings file via `amp mcp list --json`.

    Offline it warns on stderr that it cannot reach the Amp account (the sandbox points
    `AMP_URL` at a closed local port) and lists the local servers, env and headers as
    written. A URL entry is `"type": "url"`: Amp tries streamable HTTP, then SSE.
    """
    proc = run_cli("amp", "mcp", "list", "--json", sandbox=sandbox, env=env)
    servers: Servers = {}
    for rec in json.loads(proc.stdout):
        spec, scope = rec["spec"], _AMP_SCOPES.get(rec.get("source", ""))
        name = rec["name"]
        if rec["type"] == "command":
            args, env = tuple(spec.get("args") or ()), dict(spec.get("env") or {})
            view = ServerView(name, "stdio", command=spec["command"], args=args, env=env)
        else:
            headers = dict(spec.get("headers") or {})
            view = ServerView(name, "http", url=spec["url"], headers=headers)
        servers[name] = replace(view, scope=scope, raw=rec)
    return servers


def auggie(sandbox: Sandbox, env: Mapping[str, str] | None = None) -> Servers:
    """Read `.augment/settings.json` and `~/.augment/settings.json` via `auggie mcp list --json`.

    Offline it warns that it cannot fetch the account's servers and lists the settings
    files' servers, merged: no scope, no env, no headers, and a stdio entry's command
    and args joined with spaces (the line Auggie hands to a shell).
    """
    proc = run_cli("auggie", "mcp", "list", "--json", sandbox=sandbox, env=env)
    servers: Servers = {}
    for rec in json.loads(proc.stdout)["servers"]:
        name = rec["name"]
        if rec["transport"] == "stdio":
            command, *args = rec["command"].split(" ")
            servers[name] = ServerView(name, "stdio", command=command, args=tuple(args), raw=rec)
        else:
            servers[name] = ServerView(name, rec["transport"], url=rec["url"], raw=rec)
    return servers
