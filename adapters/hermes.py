"""Hermes Agent (Nous Research): `mcp_servers` in `$HERMES_HOME/config.yaml`, by default
`~/.hermes/config.yaml` (`%LOCALAPPDATA%\\hermes\\config.yaml` on Windows; user scope only).

From the hermes-agent 0.19.0 wheel (PyPI): `hermes_constants.get_hermes_home()` is
`HERMES_HOME` (trimmed; a blank one is skipped), else `~/.hermes`, or
`%LOCALAPPDATA%\\hermes` on Windows; `hermes_cli.config.get_config_path()` is
`config.yaml` there. `tools.mcp_tool._load_mcp_config` reads its `mcp_servers` and
`_interpolate_env_vars` replaces `${VAR}` (and Cursor's `${env:VAR}`) in every string
of an entry, from the environment and Hermes's `.env`, keeping an unset one as it is.
A `command` entry runs over stdio (`args` a list, `env` on top of a filtered
environment), a `url` entry over streamable HTTP, or SSE with `transport: sse`;
`enabled: false` switches a server off. The file holds all of Hermes's settings
(model, terminal, ...): it is edited by splicing one entry at a time, as Goose's is
(documents/yamldoc.py). tests/contract reads aido's writes back with that loader.
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
from aidokit.adapters.render import (
    PerOS,
    Refs,
    dollar_brace,
    refuse_cwd,
    remote_fields,
    stdio_fields,
)
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

# get_hermes_home's platform default (hermes_constants._get_platform_default_hermes_home).
DEFAULT_HOME = PerOS(
    linux=("home", ".hermes"),
    darwin=("home", ".hermes"),
    win32=("localappdata", "hermes"),
)


def hermes_home(host: Host) -> Path:
    """`HERMES_HOME` (trimmed; a blank one is skipped), else the platform default."""
    value = host.environ.get("HERMES_HOME", "").strip()
    return Path(value) if value else DEFAULT_HOME.everywhere(host)


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
        # Launch keys (SPEC §6), tools/mcp_tool.py: command/args/env,
        # url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    # tests/contract reads aido's writes back with the CLI's own loader (hermes-agent 0.19.0).
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-12-06",
        link="https://pypi.org/project/hermes-agent/0.19.0/",
        cli="hermes",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`$HERMES_HOME/config.yaml`, else `~/.hermes/config.yaml` (LOCALAPPDATA on Windows)."""
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
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {"enabled": js.boolean(), "timeout": js.number(), "tools": {"type": "object"}}
        stdio = js.stdio(**common)
        remote = js.remote(transport=js.const("sse"), **common)
        return js.entry(stdio, remote, title="Hermes mcp_servers entry")


ADAPTER = Hermes()
