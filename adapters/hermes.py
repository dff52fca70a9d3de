"""Hermes Agent (Nous Research): `mcp_servers` in `$HERMES_HOME/config.yaml`, by default
`~/.hermes/config.yaml` (user scope only).

From Hermes's source (NousResearch/hermes-agent, tools/mcp_tool_config.py at
00067189): `_load_mcp_config` reads `mcp_servers` from config.yaml (the file
`get_hermes_home()` names: `HERMES_HOME`, else `~/.hermes`), and
`_interpolate_env_vars` replaces `${VAR}` (and Cursor's `${env:VAR}`) in every
string of an entry, from the environment and Hermes's `.env`, keeping an unset
one as it is. tools/mcp_tool.py connects a `command` entry over stdio (`args`
a list, `env` passed on top of a filtered environment) and a `url` entry over
streamable HTTP, or SSE when `transport: sse`. `enabled: false` switches a
server off. The file holds all of Hermes's settings (model, terminal, ...): it
is edited by splicing one entry at a time, as Goose's is (documents/yamldoc.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aidokit.adapters.base import (
    Capabilities,
    Evidence,
    Format,
    Host,
    Location,
    Rendered,
    Scope,
    ToolFields,
)
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.render import Refs, dollar_brace, refuse_cwd, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


def hermes_home(host: Host) -> Path:
    """`HERMES_HOME` (trimmed; a blank one is skipped), else `~/.hermes` (get_hermes_home)."""
    value = host.environ.get("HERMES_HOME", "").strip()
    return Path(value) if value else host.home / ".hermes"


class Hermes(AdapterBase):
    """Nous Research's Hermes Agent."""

    name = "hermes"
    title = "Hermes Agent"
    scopes: tuple[Scope, ...] = (Scope.USER,)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): `enabled: false` (its tool filter is
        # the nested `tools: {include, exclude}`, which aido does not write).
        tool_fields=ToolFields(off=("enabled", False)),
        expands="dollar",  # `${VAR}` in every string of the entry (_interpolate_env_vars)
        harness_keys=frozenset({"enabled", "tools", "timeout"}),
    )
    evidence = Evidence(
        verified_by="source",
        date="2026-12-06",
        link=(
            "https://github.com/NousResearch/hermes-agent/blob/00067189/tools/mcp_tool_config.py"
        ),
        unconfirmed=(
            "the Windows folder (rulesync writes %LOCALAPPDATA%\\hermes; get_hermes_home in"
            " the source read here has ~/.hermes on every OS)",
        ),
        cli="hermes",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`$HERMES_HOME/config.yaml`, else `~/.hermes/config.yaml`."""
        if scope is not Scope.USER:
            return None
        path = hermes_home(host) / "config.yaml"
        return Location(self.name, scope, path, Format.YAML, ("mcp_servers",))

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${VAR}` references; `transport: sse` for an SSE server."""
        refs = Refs(self.name, server, dollar_brace)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # no working-folder field is read
            return refs.done(stdio_fields(refs, spec))
        entry = remote_fields(refs, spec)
        if spec.transport == "sse":
            entry["transport"] = "sse"
        return refs.done(entry)

    def detect(self, host: Host, scope: Scope) -> str | None:
        """The Hermes home folder, or `hermes` on PATH."""
        return detect_any(host, scope, user=(hermes_home(host),), cli=("hermes",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from tools/mcp_tool.py and rulesync's generator (hermesagent-mcp.ts)."""
        from aidokit.adapters import schema as js

        common = {"enabled": js.boolean(), "timeout": js.number(), "tools": {"type": "object"}}
        stdio = js.stdio(**common)
        remote = js.remote(transport=js.const("sse"), **common)
        return js.entry(stdio, remote, title="Hermes mcp_servers entry")


ADAPTER = Hermes()
