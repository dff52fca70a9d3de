"""Qoder CLI (`qodercli`, npm @qoder-ai/qodercli): `mcpServers` in `~/.qoder/settings.json`
(user scope).

Read in qodercli 1.1.52 as installed from npm, in a scratch HOME: `qodercli mcp add -s
user` writes `~/.qoder/settings.json` (`-s project` the project's `.mcp.json`, Claude
Code's file, which aido leaves to the `claude-code` adapter; `-s local`
`.qoder/settings.local.json`). A stdio server is `command`, `args`, `env` with no
`type`; a remote one `url`, `type` (`http` or `sse`) and `headers`. `qodercli mcp get`
shows `${VAR}` replaced from the environment in args, env, the URL and headers. The
Qoder IDE keeps its servers elsewhere (the `qoder` adapter's `~/.qoder/mcp.json`).
"""

from __future__ import annotations

from typing import Any

from aidokit.adapters.base import Capabilities, Evidence, Format, Host, Location, Rendered, Scope
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.render import Refs, dollar_brace, refuse_cwd, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class QoderCli(AdapterBase):
    """Alibaba's Qoder CLI."""

    name = "qoder-cli"
    title = "Qoder CLI"
    scopes: tuple[Scope, ...] = (Scope.USER,)
    caps = Capabilities(
        expands="dollar",  # `${VAR}` in args, env, url, headers
        # Launch keys (SPEC §6), the module docstring: command/args/env, url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="source",
        date="2026-12-06",
        link="https://www.npmjs.com/package/@qoder-ai/qodercli/v/1.1.52",
        unconfirmed=(
            "checked by hand with qodercli 1.1.52 (`mcp add`, `mcp get`), not in CI: its"
            " `mcp list` and `mcp get` connect to every server they show",
            "the Windows folder (taken to be ~/.qoder)",
            "`${VAR}` in `command` (seen in args, env, URL and headers)",
        ),
        cli="qodercli",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`~/.qoder/settings.json`."""
        if scope is not Scope.USER:
            return None
        path = host.home / ".qoder" / "settings.json"
        return Location(self.name, scope, path, Format.JSON, ("mcpServers",))

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render as `qodercli mcp add` does, with `${VAR}` references."""
        refs = Refs(self.name, server, dollar_brace)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # `mcp add` has no working-folder option
            return refs.done(stdio_fields(refs, spec))
        fields = remote_fields(refs, spec)
        return refs.done({"url": fields.pop("url"), "type": spec.transport, **fields})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`qodercli` on PATH (`~/.qoder` is the IDE's too)."""
        return detect_any(host, scope, cli=("qodercli",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from what `qodercli mcp add` writes."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        remote = js.remote({"type": js.enum("http", "sse")})
        return js.entry(js.stdio(), remote, title="Qoder CLI mcpServers entry")


ADAPTER = QoderCli()
