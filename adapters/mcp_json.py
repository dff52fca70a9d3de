"""The standard client file of SEP-2633 (a draft): `mcpServers` in a project's `mcp.json`.

SEP-2633, "Standard Client-Side Configuration Format - mcp.json"
(modelcontextprotocol/modelcontextprotocol#2633, status Draft), as written at the
pull request's head 6f108877 (2026-05-12): a strict JSON file (explicitly not
JSONC) named `mcp.json`, servers under `mcpServers`, names matching
`^[a-zA-Z0-9_\\[\\]-]+$`. Each entry has a required `type`: `stdio` (`command`,
`args`, `env`; no `url`, `headers` or `oauth`) or `sse`/`streamable-http` (`url`,
`headers`, `oauth`; no `command`, `args`, `env`), with optional `title` (at most 100
characters) and `description` (at most 500). Every string value may hold
`${scheme:...}` references resolved by the client; aido writes the `env` scheme,
`${env:VAR}`. No `cwd` (an open question of the draft).

No harness reads this file yet: it is the one file a team keeps beside the
harness files, written from aido.toml like any other and read by `aido import`.
The draft names no folder for it, so aido keeps it at the project root, and it
is never detected: a project opts in with `adapters = [..., "mcp-json"]`.
"""

from __future__ import annotations

import re
from typing import Any

from aidokit.adapters.base import Capabilities, Evidence, Format, Host, Location, Rendered, Scope
from aidokit.adapters.common import AdapterBase
from aidokit.adapters.render import Refs, env_colon, refuse_cwd, remote_fields, stdio_fields
from aidokit.catalog.errors import CatalogError
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

# The draft's revision this adapter follows: the pull request's head commit and its date.
REVISION = "6f108877 (2026-05-12)"
SERVER_NAME = re.compile(r"^[a-zA-Z0-9_\[\]-]+$")
TITLE_MAX, DESCRIPTION_MAX = 100, 500


class McpJson(AdapterBase):
    """The SEP-2633 standard file (draft)."""

    name = "mcp-json"
    title = f"mcp.json (SEP-2633 draft, revision {REVISION})"
    scopes: tuple[Scope, ...] = (Scope.PROJECT,)
    caps = Capabilities(
        expands="env-colon",  # `${env:VAR}` in every string value
        # Launch keys (SPEC §6), SEP-2633: command/args/env, url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="docs",
        date="2026-12-06",
        link=(
            "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/6f108877/"
            "seps/2633-standard-client-mcp-json-configuration.md"
        ),
        unconfirmed=(
            "a draft (SEP-2633 is open): the format may change before it is accepted",
            "no harness reads the file yet",
            "where the file lives (the draft names none; aido keeps it at the project root)",
        ),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`mcp.json` at the project root."""
        project = host.project / "mcp.json"
        return self.at(scope, Format.JSON, ("mcpServers",), project=project)

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """What the file is."""
        return (
            f"mcp.json follows the SEP-2633 draft (revision {REVISION}); no harness reads it"
            " yet: it is the team's standard file, and `aido import` reads it back",
        )

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `type` always, `${env:VAR}` references, and the title and
        description the draft allows."""
        if not SERVER_NAME.match(server.id):
            raise CatalogError(
                f"mcp-json: server name {server.id!r} is not allowed by SEP-2633 (letters,"
                " digits, '-', '_', '[' and ']' only); rename it in aido.toml"
            )
        refs = Refs(self.name, server, env_colon)
        about: dict[str, Any] = {}
        if server.name and len(server.name) <= TITLE_MAX:
            about["title"] = server.name
        if server.purpose and len(server.purpose) <= DESCRIPTION_MAX:
            about["description"] = server.purpose
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # the draft has no cwd
            return refs.done({**about, "type": "stdio", **stdio_fields(refs, spec)})
        kind = "sse" if spec.transport == "sse" else "streamable-http"
        return refs.done({**about, "type": kind, **remote_fields(refs, spec)})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """Never: a project opts in by naming `mcp-json` in `adapters`."""
        return None

    def schema(self) -> dict[str, Any]:
        """The draft's server configuration fields."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        about = {
            "title": {"type": "string", "maxLength": TITLE_MAX},
            "description": {"type": "string", "maxLength": DESCRIPTION_MAX},
        }
        stdio = js.stdio({"type": js.const("stdio")}, **about)
        oauth = js.shape(
            {}, {"clientId": js.string(), "scopes": js.strings(), "redirectUri": js.string()}
        )
        remote = js.remote({"type": js.enum("sse", "streamable-http")}, oauth=oauth, **about)
        return js.entry(stdio, remote, title="SEP-2633 mcp.json mcpServers entry")


ADAPTER = McpJson()
