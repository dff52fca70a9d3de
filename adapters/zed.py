"""Zed: `context_servers` in `settings.json` (JSON with `//` comments).

harness-formats.md §12. Entries are written in the current untagged form
(no legacy `"source": "custom"`); which Zed versions need the tag is
UNVERIFIED, as are the Windows path (`%APPDATA%\\Zed`) and SSE support (an
SSE spec is refused). Zed documents no env interpolation: a value that needs
a variable is left out and reported in its notes (`build`).
"""

from __future__ import annotations

from typing import Any

from aidokit.adapters.base import (
    NOWHERE,
    STDIO_HTTP,
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
    refuse_cwd,
    refuse_transport,
    remote_fields,
    stdio_fields,
)
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

# Zed's paths.rs: `dirs::config_dir().join("Zed")` on Windows (harness-audit.md),
# ~/.config/zed on macOS (not Application Support), $XDG_CONFIG_HOME/zed on Linux.
USER_FOLDER = PerOS(
    linux=("xdg", "zed"),
    darwin=("home", ".config", "zed"),
    win32=("appdata", "Zed"),
)


class Zed(AdapterBase):
    """Zed editor."""

    name = "zed"
    title = "Zed"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): `enabled` (§12); per-tool toggles live in
        # agent profiles.
        tool_fields=ToolFields(off=("enabled", False)),
        transports=STDIO_HTTP,  # its remote entry is HTTP (§12)
        references=NOWHERE,  # no variable syntax (harness-audit.md M5)
        harness_keys=frozenset({"enabled"}),
        # Launch keys (SPEC §6), harness-formats.md §12: command (or its object form with
        # path/args/env), args, env, url, headers; `remote` runs it on the remote host.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "remote", "url"}),
    )
    evidence = Evidence(
        verified_by="source",
        date="2026-11-30",
        link="https://github.com/zed-industries/zed/blob/94b6e7f5/crates/paths/src/paths.rs",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.zed/settings.json`, or the user `settings.json`."""
        # §12 "Format": a superset of JSON with comments; Zed's defaults use trailing commas.
        project = host.project / ".zed" / "settings.json"
        user = USER_FOLDER.everywhere(host) / "settings.json"
        return self.at(scope, Format.JSONC, ("context_servers",), project=project, user=user)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render; values that need a variable become notes (§12 "Secrets")."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # §12: stdio has no cwd field
            return refs.done(stdio_fields(refs, spec))
        if spec.transport == "sse":
            refuse_transport(self.name, server, "sse", "Zed's remote form is documented as HTTP")
        return refs.done(remote_fields(refs, spec))

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.zed/` here, the Zed user folder, or `zed` on PATH."""
        return detect_any(
            host, scope, project=(".zed/",), user=(USER_FOLDER.everywhere(host),), cli=("zed",)
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from §12 (ContextServerSettingsContent)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        # §12: `timeout` is in seconds here (default 60), `enabled` defaults to true.
        common = {"timeout": js.number(), "enabled": js.boolean()}
        env = {"oneOf": [js.string_map(), {"type": "null"}]}
        stdio = js.stdio(env=env, remote=js.boolean(), **common)
        remote = js.remote(oauth={"type": "object"}, **common)
        return js.entry(stdio, remote, title="Zed context_servers entry")


ADAPTER = Zed()
