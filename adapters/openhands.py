"""OpenHands CLI: `mcpServers` in `~/.openhands/mcp.json` (user scope only).

Read in the `openhands` 1.16.0 wheel (PyPI) and the `fastmcp` its SDK loads it
with: `openhands_cli/locations.py` puts the file in `$OPENHANDS_PERSISTENCE_DIR`,
else `~/.openhands` (`os.path.expanduser`, the same on every OS), as `mcp.json`.
`openhands_cli/mcp/mcp_utils.py` (`load_mcp_config`) reads it with fastmcp's
`MCPConfig.from_file`: strict JSON (pydantic's JSON parser: no comments, no
trailing commas), an empty file fails the read. The CLI has no project file: a
session gets the enabled servers of this one file (`list_enabled_servers`).

An entry is `command`/`args`/`env`/`cwd` (stdio) or `url`/`headers` with
`transport` `http`, `streamable-http` or `sse` (without one, a URL whose path has
`/sse` is SSE, any other streamable HTTP). `enabled: false` switches an entry off
(`openhands mcp disable`); the CLI's own writes (`mcp add|enable|disable|remove`)
rewrite the whole file from its model. Nothing expands a variable: values are
passed as written, and the stdio child gets a sanitized environment (the MCP
SDK's default variables plus `env`), so a value that needs a secret is left out
and reported. Read back by the CLI's own loader in tests/contract.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aidokit.adapters.base import (
    NOWHERE,
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
from aidokit.adapters.render import Refs, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class OpenHands(AdapterBase):
    """The OpenHands CLI (`openhands` on PyPI)."""

    name = "openhands"
    title = "OpenHands CLI"
    scopes: tuple[Scope, ...] = (Scope.USER,)
    # Read from the wheel: openhands_cli/locations.py, openhands_cli/mcp/mcp_utils.py.
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-12-03",
        link="https://pypi.org/project/openhands/1.16.0/",
        unconfirmed=("servers an ACP client passes to `openhands acp` are not in this file",),
        cli="openhands",
    )
    caps = Capabilities(
        references=NOWHERE,  # no variable references at all
        # `openhands mcp add|enable|disable|remove` rewrite every entry from fastmcp's
        # model: `enabled` (the server switch) and each field's default (null, or SSE's
        # event size); a person sets `timeout` or `description`. Each is kept where it is.
        harness_keys=frozenset(
            {"enabled", "type", "timeout", "keep_alive", "description", "icon", "authentication"}
            | {"auth", "sse_read_timeout", "max_sse_event_size"}
        ),
        # Launch keys (SPEC §6): what fastmcp starts or connects by (StdioMCPServer,
        # RemoteMCPServer): command/args/env/cwd, url/headers.
        launch_keys=frozenset({"command", "args", "env", "cwd", "url", "headers"}),
        # The context budget (docs/context-budget.md): list_enabled_servers skips
        # `enabled: false`.
        tool_fields=ToolFields(off=("enabled", False)),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`$OPENHANDS_PERSISTENCE_DIR/mcp.json`, else `~/.openhands/mcp.json`."""
        if scope is not Scope.USER:
            return None
        custom = host.environ.get("OPENHANDS_PERSISTENCE_DIR")
        folder = Path(custom) if custom else host.home / ".openhands"
        return Location(self.name, scope, folder / "mcp.json", Format.JSON, ("mcpServers",))

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render; `transport` written as `openhands mcp add` does, values needing a
        variable become notes."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            return refs.done({"transport": "stdio", **stdio_fields(refs, spec, cwd=True)})
        return refs.done({"transport": spec.transport, **remote_fields(refs, spec)})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`~/.openhands`, or `openhands` on PATH."""
        return detect_any(host, scope, user=(host.home / ".openhands",), cli=("openhands",))

    def schema(self) -> dict[str, Any]:
        """fastmcp's StdioMCPServer and RemoteMCPServer fields the CLI writes and reads."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {"enabled": js.boolean(), "description": js.string(), "timeout": js.number()}
        stdio = js.stdio({"transport": js.const("stdio")}, cwd=js.string(), **common)
        remote = js.remote({"transport": js.enum("http", "streamable-http", "sse")}, **common)
        return js.entry(stdio, remote, title="OpenHands mcpServers entry")


ADAPTER = OpenHands()
