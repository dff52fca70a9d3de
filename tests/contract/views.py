"""One MCP server as a harness CLI reports it: the normalised view every oracle returns."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

Raw = dict[str, Any]


@dataclass(frozen=True)
class ServerView:
    """One MCP server as a harness CLI reports it."""

    name: str
    transport: str  # "stdio" | "http" | "sse"
    command: str | None = None
    args: tuple[str, ...] = ()
    url: str | None = None
    env: dict[str, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    # Codex only: names passed through from the harness's env (`env_vars`),
    # the bearer-token variable, and header -> variable name (`env_http_headers`).
    env_vars: tuple[str, ...] = ()
    bearer_token_env_var: str | None = None
    env_headers: dict[str, str] = field(default_factory=dict)
    # "project" | "user" | "local" where the CLI says; None where it does not.
    scope: str | None = None
    raw: Raw = field(default_factory=dict, compare=False)

    def summary(self) -> dict[str, Any]:
        """Return the compared fields as plain data (for expected.json and diffs)."""
        out: dict[str, Any] = {"transport": self.transport}
        for key in ("command", "url", "bearer_token_env_var", "scope"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        for key in ("args", "env_vars"):
            if getattr(self, key):
                out[key] = list(getattr(self, key))
        for key in ("env", "headers", "env_headers"):
            if getattr(self, key):
                out[key] = dict(getattr(self, key))
        return out


Servers = dict[str, ServerView]


def dump_servers(servers: Servers) -> str:
    """`servers` as JSON text, for `load_servers` (e.g. in another pytest-xdist worker)."""
    return json.dumps({name: asdict(view) for name, view in servers.items()})


def load_servers(text: str) -> Servers:
    """The servers `dump_servers` wrote, equal to the ones it was given."""
    servers: Servers = {}
    for name, fields in json.loads(text).items():
        tuples = {key: tuple(fields[key]) for key in ("args", "env_vars")}
        servers[name] = ServerView(**{**fields, **tuples})
    return servers
