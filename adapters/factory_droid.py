"""Factory Droid: `mcpServers` in `.factory/mcp.json` and `~/.factory/mcp.json`.

docs.factory.ai/cli/configuration/mcp ("Configuration"): user servers in
`~/.factory/mcp.json`, team servers in `.factory/mcp.json`. The schema in the
`droid` 0.225.2 binary (`@factory/cli-linux-x64`, readable bundled JavaScript)
is a union on `type`: `stdio` (the default: `command`, `args`, `env`, no `cwd`),
`http` and `sse` (`url`, `headers`, `oauth`), each with `disabled`,
`enabledTools`, `disabledTools`, `timeout` and `connectTimeout`; an `sse` entry
gets the SSE client, `http` streamable HTTP. A `url` without `type` is taken as
stdio, so `type` is always written. `${VAR}` and `${VAR:-default}` in values
are expanded from the environment at load time (Factory-AI/factory#1175).
`droid mcp list` reads both files (tests/contract; docs/harness-oracles.md).
"""

from __future__ import annotations

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
from aidokit.adapters.render import (
    Refs,
    dollar_brace,
    refuse_cwd,
    remote_fields,
    stdio_fields,
)
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class FactoryDroid(AdapterBase):
    """Factory's `droid` CLI."""

    name = "factory-droid"
    title = "Factory Droid"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): the docs' "Configuration Schema".
        tool_fields=ToolFields(
            include="enabledTools", exclude="disabledTools", off=("disabled", True)
        ),
        expands="dollar",  # the `${VAR}` it renders
        # What the harness writes into an entry itself: its /mcp toggles write `disabled`
        # and `disabledTools` into the user file (docs/adapters.md, "Keys the harness writes").
        harness_keys=frozenset({"disabled", "disabledTools"}),
        # Launch keys (SPEC §6), its docs: command/args/env, url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    # tests/contract reads aido's writes back with `droid mcp list` (0.225.2).
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-11-30",
        link="https://docs.factory.ai/cli/configuration/mcp",
        unconfirmed=("the Windows user folder (taken to be %USERPROFILE%\\.factory)",),
        cli="droid",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.factory/mcp.json` in the project or the home folder."""
        return self.project_or_home(scope, host, ".factory/mcp.json", Format.JSON)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${VAR}` references; `type` always written."""
        refs = Refs(self.name, server, dollar_brace)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # the schema lists no cwd
            return refs.done({"type": "stdio", **stdio_fields(refs, spec)})
        return refs.done({"type": spec.transport, **remote_fields(refs, spec)})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.factory/` here, `~/.factory`, or `droid` on PATH."""
        return detect_any(
            host, scope, project=(".factory/",), user=(host.home / ".factory",), cli=("droid",)
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from the schema in the droid binary (see the module docstring)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {
            "disabled": js.boolean(),
            "enabledTools": js.strings(),
            "disabledTools": js.strings(),
            "timeout": {"type": "integer", "minimum": 1},
            "connectTimeout": {"type": "integer", "minimum": 1},
        }
        stdio = js.stdio({"type": js.const("stdio")}, **common)
        remote = js.remote({"type": js.enum("http", "sse")}, **common)
        return js.entry(stdio, remote, title="Factory Droid mcpServers entry")


ADAPTER = FactoryDroid()
