"""Kimi Code CLI (Moonshot AI): `mcpServers` in `.kimi-code/mcp.json` and
`~/.kimi-code/mcp.json` (or `$KIMI_CODE_HOME/mcp.json`).

Kimi Code's MCP page (moonshotai.github.io/kimi-code/en/customization/mcp, also
kimi.com/code/docs): the user file `~/.kimi-code/mcp.json` (or
`$KIMI_CODE_HOME/mcp.json`) and the project file `.kimi-code/mcp.json`, the
project's entry winning over a user one of the same name. An entry with
`command` is stdio (`args`, `env`, `cwd`), one with `url` is HTTP (`headers`, or
a bearer token from `bearerTokenEnvVar`); `transport` is optional, `enabled:
false` switches a server off. rulesync's kimi-code generator (cfebcd75) writes
the same files, `transport` one of `stdio`, `http`, `sse`. No variable syntax
inside values is documented, so a value that needs a variable is left out with
a note.

Kimi Code replaces the Python Kimi CLI: kimi-cli 1.52.0 on PyPI, its last
release, only prints "kimi-cli is no longer maintained. Please use the new Kimi
Code CLI" for every command (kimi_cli/deprecation.py). That CLI read
`~/.kimi/mcp.json` (`KIMI_SHARE_DIR`); when it is found, `file_notes` says Kimi
Code does not read it.
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


def kimi_code_home(host: Host) -> Path:
    """`KIMI_CODE_HOME` (trimmed; a blank one is skipped), else `~/.kimi-code`."""
    value = host.environ.get("KIMI_CODE_HOME", "").strip()
    return Path(value) if value else host.home / ".kimi-code"


class Kimi(AdapterBase):
    """Moonshot AI's Kimi Code CLI."""

    name = "kimi"
    title = "Kimi Code CLI"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): `enabled: false` (the MCP page).
        tool_fields=ToolFields(off=("enabled", False)),
        references=NOWHERE,  # no variable syntax inside values is documented
        harness_keys=frozenset({"enabled"}),
        project_wins=True,  # "Project entries override user-level entries with the same name"
        # Launch keys (SPEC §6), its MCP page: command/args/env, url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    evidence = Evidence(
        verified_by="docs",
        date="2026-12-06",
        link="https://moonshotai.github.io/kimi-code/en/customization/mcp",
        unconfirmed=(
            "`bearerTokenEnvVar` (documented, not written: aido leaves a secret header out)",
            "how SSE is chosen for a `url` entry (aido writes `transport: sse`, as rulesync)",
        ),
        cli="kimi",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.kimi-code/mcp.json`; `$KIMI_CODE_HOME/mcp.json`, else `~/.kimi-code/mcp.json`."""
        project = host.project / ".kimi-code" / "mcp.json"
        user = kimi_code_home(host) / "mcp.json"
        return self.at(scope, Format.JSON, ("mcpServers",), project=project, user=user)

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """At user scope, the archived Kimi CLI's file when it is still there."""
        custom = host.environ.get("KIMI_SHARE_DIR")
        old = (Path(custom) if custom else host.home / ".kimi") / "mcp.json"
        if location.scope is not Scope.USER or not old.exists():
            return ()
        return (
            f"{old} belongs to the archived Kimi CLI; Kimi Code reads {location.path}: move"
            " the servers you still use (`aido import` then takes them into aido.toml)",
        )

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render; a `url` entry says its transport; values that need a variable become notes."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            return refs.done(stdio_fields(refs, spec, cwd=True))
        fields = remote_fields(refs, spec)
        return refs.done({"url": fields.pop("url"), "transport": spec.transport, **fields})

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.kimi-code/` here, the Kimi Code home, or `kimi` on PATH."""
        user = (kimi_code_home(host),)
        return detect_any(host, scope, project=(".kimi-code/",), user=user, cli=("kimi",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from Kimi Code's MCP page."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {"enabled": js.boolean(), "startupTimeoutMs": js.number()}
        stdio = js.stdio(cwd=js.string(), transport=js.const("stdio"), **common)
        remote = js.remote(
            transport=js.enum("http", "sse"), bearerTokenEnvVar=js.string(), **common
        )
        return js.entry(stdio, remote, title="Kimi Code mcpServers entry")


ADAPTER = Kimi()
