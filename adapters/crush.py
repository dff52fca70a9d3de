"""Crush (Charm): `mcp.<name>` in the legacy JSON config.

harness-formats.md §20. JSON is deprecated in favour of `crushrc` (bash),
which overrides JSON in the same folder; aido edits the JSON files only.
Crush shell-expands values at load, so references are written `${VAR}`
(the docs show `$VAR`; the braced form is the same shell expansion, UNVERIFIED
against Crush's expander). `CRUSH_GLOBAL_CONFIG` is not honoured yet.
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
from aidokit.adapters.common import AdapterBase, detect_any, first_existing
from aidokit.adapters.render import (
    Refs,
    dollar_brace,
    refuse_cwd,
    remote_fields,
    stdio_fields,
)
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec


class Crush(AdapterBase):
    """Charm Crush."""

    name = "crush"
    title = "Crush"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): MCPConfig in internal/config/config.go:
        # `disabled_tools`, `disabled`.
        tool_fields=ToolFields(exclude="disabled_tools", off=("disabled", True)),
        expands="shell",  # shell expansion of `$VAR` at load
        harness_keys=frozenset({"disabled", "timeout", "enabled_tools", "disabled_tools"}),
        project_names=(".crush.json", "crush.json"),  # `location` picks one
        # Launch keys (SPEC §6), harness-formats.md §20: command/args/env,
        # url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="source",
        date="2026-11-30",
        link="https://github.com/charmbracelet/crush/blob/37f36e93/internal/config/config.go",
        cli="crush",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.crush.json` or `crush.json` here, or `$XDG_CONFIG_HOME/crush/crush.json`."""
        if scope is Scope.PROJECT:
            names = (host.project / ".crush.json", host.project / "crush.json")
            path = first_existing(names, names[0])
        elif scope is Scope.USER:
            path = host.xdg_config_home() / "crush" / "crush.json"
        else:
            return None
        return Location(self.name, scope, path, Format.JSON, ("mcp",))

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${VAR}` shell references (§20 "Secrets")."""
        refs = Refs(self.name, server, dollar_brace)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # §20: MCPConfig has no cwd
            return refs.done({"type": "stdio", **stdio_fields(refs, spec)})
        return refs.done({"type": spec.transport, **remote_fields(refs, spec)})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """A Crush config here or in the user folder, or `crush` on PATH."""
        return detect_any(
            host,
            scope,
            project=(".crush.json", "crush.json", "crushrc"),
            user=(host.xdg_config_home() / "crush",),
            cli=("crush",),
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from §20 (MCPConfig)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        # §20: `timeout` is in seconds (default 10); on/off is `disabled`.
        common = {
            "timeout": js.number(),
            "disabled": js.boolean(),
            "enabled_tools": js.strings(),
            "disabled_tools": js.strings(),
        }
        stdio = js.stdio(type=js.const("stdio"), **common)
        remote = js.remote(
            {"type": js.enum("http", "sse")},
            oauth=js.boolean(),
            oauth_client_id=js.string(),
            oauth_callback_port={"type": "integer"},
            **common,
        )
        return js.entry(stdio, remote, title="Crush mcp entry")


ADAPTER = Crush()
