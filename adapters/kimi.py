"""Kimi CLI (Moonshot AI): `mcpServers` in `$KIMI_SHARE_DIR/mcp.json`, by default
`~/.kimi/mcp.json` (user scope only).

From Kimi CLI's source (MoonshotAI/kimi-cli, src/kimi_cli/cli/mcp.py at
174bc43a, and share.py): the global MCP file is `get_share_dir() / "mcp.json"`,
the share folder `KIMI_SHARE_DIR` or `~/.kimi`; it is read with `json.loads`
(strict JSON) and checked against fastmcp's `MCPConfig`. `kimi mcp add` writes
a stdio server as `command`, `args`, `env` and a remote one as `url`,
`transport: "http"` and `headers`; `sse` picks fastmcp's SSE client. fastmcp
expands no variables, so a value that needs one is left out with a note.
ToolHive (e25de16c) writes the same file for "Kimi Code CLI".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aidokit.adapters.base import Capabilities, Evidence, Format, Host, Location, Rendered, Scope
from aidokit.adapters.common import NOWHERE, AdapterBase, detect_any
from aidokit.adapters.render import Refs, refuse_cwd, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


def share_dir(host: Host) -> Path:
    """`KIMI_SHARE_DIR`, else `~/.kimi` (kimi_cli/share.py)."""
    value = host.environ.get("KIMI_SHARE_DIR")
    return Path(value) if value else host.home / ".kimi"


class Kimi(AdapterBase):
    """Moonshot AI's Kimi CLI."""

    name = "kimi"
    title = "Kimi CLI"
    scopes: tuple[Scope, ...] = (Scope.USER,)
    caps = Capabilities(references=NOWHERE)  # fastmcp expands no variables
    evidence = Evidence(
        verified_by="source",
        date="2026-12-06",
        link="https://github.com/MoonshotAI/kimi-cli/blob/174bc43a/src/kimi_cli/cli/mcp.py",
        unconfirmed=("a project-level file (none in the source read here)",),
        cli="kimi",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`$KIMI_SHARE_DIR/mcp.json`, else `~/.kimi/mcp.json`."""
        if scope is not Scope.USER:
            return None
        path = share_dir(host) / "mcp.json"
        return Location(self.name, scope, path, Format.JSON, ("mcpServers",))

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render as `kimi mcp add` does (`transport` on a URL entry); values that need a
        variable become notes."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # `kimi mcp add` writes no cwd
            return refs.done(stdio_fields(refs, spec))
        fields = remote_fields(refs, spec)
        return refs.done({"url": fields.pop("url"), "transport": spec.transport, **fields})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """The share folder (`~/.kimi`), or `kimi` on PATH."""
        return detect_any(host, scope, user=(share_dir(host),), cli=("kimi",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from `kimi mcp add` and fastmcp's MCPConfig."""
        from aidokit.adapters import schema as js

        remote = js.remote(
            transport=js.enum("http", "streamable-http", "sse"),
            auth=js.string(),
            scopes=js.strings(),
        )
        return js.entry(js.stdio(), remote, title="Kimi CLI mcpServers entry")


ADAPTER = Kimi()
