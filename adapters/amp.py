"""Amp (ampcode.com): `amp.mcpServers` in `.amp/settings.json` and the user settings file.

Read in the `@ampcode/cli` 0.0.1790142911 bundle (the native binary embeds its
JavaScript): the workspace file is the nearest `.amp/settings.json` (else
`.amp/settings.jsonc`) from the working folder up to the repository root; the
user file is `$AMP_SETTINGS_FILE`, else `$XDG_CONFIG_HOME/amp/settings.json`
(default `~/.config/amp/settings.json`, on every OS: the bundle has no Windows
branch). Both are parsed as JSON with comments and trailing commas. The server
map is the top-level key `"amp.mcpServers"` (one key with a dot in its name).
An entry is `command`/`args`/`env` or `url`/`headers`; a URL is tried as
streamable HTTP, then SSE, so no `type` is written. `${VAR}` is replaced from
the environment in `command`, `args`, `env` values, `url` and header values
(an unset one stays as written); no default syntax. Read back by the real
`amp mcp list --json` in tests/contract (offline: it warns that it cannot
reach the account and lists the local servers).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aidokit.adapters.base import Capabilities, Evidence, Format, Host, Location, Rendered, Scope
from aidokit.adapters.common import AdapterBase, detect_any, first_existing
from aidokit.adapters.render import Refs, dollar_brace, refuse_cwd, remote_fields, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

_MAP = ("amp.mcpServers",)


class Amp(AdapterBase):
    """Sourcegraph's Amp CLI."""

    name = "amp"
    title = "Amp"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        expands="dollar",  # `${VAR}` in command, args, env, url, headers
        project_names=(".amp/settings.json", ".amp/settings.jsonc"),  # `location` picks one
        # Launch keys (SPEC §6), harness-formats.md §0 (Amp): command/args/env,
        # url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    # Read from its bundle: amp mcp add/list and the settings loader.
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-12-03",
        link="https://www.npmjs.com/package/@ampcode/cli/v/0.0.1790142911",
        unconfirmed=("workspace servers run only after `amp mcp approve`, which needs a login",),
        cli="amp",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.amp/settings.json` (or an existing `.jsonc`), or the user settings file."""
        if scope is Scope.PROJECT:
            folder = host.project / ".amp"
            path = first_existing((folder / "settings.json", folder / "settings.jsonc"),
                                  folder / "settings.json")  # fmt: skip
        elif scope is Scope.USER:
            custom = host.environ.get("AMP_SETTINGS_FILE")
            path = Path(custom) if custom else host.xdg_config_home() / "amp" / "settings.json"
        else:
            return None
        return Location(self.name, scope, path, Format.JSONC, _MAP)

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """Amp asks before it runs a server from workspace settings."""
        if location.scope is not Scope.PROJECT:
            return ()
        return (
            "Amp runs servers from .amp/settings.json only once each is approved: run "
            "`amp mcp approve <name>` (or approve it when Amp asks)",
        )

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${VAR}` references; a URL entry has no `type` (HTTP, then SSE)."""
        refs = Refs(self.name, server, dollar_brace)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # the entry has no working folder
            return refs.done(stdio_fields(refs, spec))
        return refs.done(remote_fields(refs, spec))

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.amp/` here, the user's `amp` settings folder, or `amp` on PATH."""
        return detect_any(
            host, scope, project=(".amp/",), user=(host.xdg_config_home() / "amp",), cli=("amp",)
        )

    def schema(self) -> dict[str, Any]:
        """The fields `amp mcp add` writes and the loader reads."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        return js.entry(js.stdio(), js.remote(), title="Amp amp.mcpServers entry")


ADAPTER = Amp()
