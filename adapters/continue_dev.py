"""Continue: a JSON drop-in, `.continue/mcpServers/aido.json`, holding aido's servers.

harness-formats.md §19. Continue reads every `*.json` file in the
workspace's `.continue/mcpServers/` and in `~/.continue/mcpServers/`
(`$CONTINUE_GLOBAL_DIR`) as a Claude-style `{"mcpServers": {...}}` file and
converts each entry to one of its YAML blocks (continuedev/continue
core/context/mcp/json/loadJsonMcpConfigs.ts, packages/config-yaml/src/
schemas/mcp/convertJson.ts). One file of aido's own, rather than one YAML
block file per server, keeps the edit a map entry like every other harness;
the user's own block files are never touched. In `env` a `${VAR}` becomes
Continue's `${{ secrets.VAR }}`; headers are not converted, so a header that
needs a variable is left out and reported.
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
)
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.render import Refs, dollar_brace, env_dir, refuse_cwd, stdio_fields
from aidokit.catalog.models import MCPDef, RemoteSpec, StdioSpec

_DROP_IN = Path("mcpServers") / "aido.json"


class Continue(AdapterBase):
    """Continue (VS Code and JetBrains extension, `cn` CLI)."""

    name = "continue"
    title = "Continue"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        references=NOWHERE,  # `${VAR}` is converted in a JSON drop-in's env only
        # Launch keys (SPEC §6), harness-formats.md §0 (Continue):
        # command/args/env/cwd, url, apiKey and requestOptions (headers, proxy).
        launch_keys=frozenset(
            {"apiKey", "args", "command", "cwd", "env", "headers", "requestOptions", "url"}
        ),
    )
    # The oracle's name for Continue (`cn`, the binary `aido doctor` asks for its version).
    # tests/contract runs Continue's own JSON schemas and converter (@continuedev/config-yaml)
    # on aido's files: `cn` 1.5.47 itself reads only config.yaml (docs/harness-oracles.md).
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-11-30",
        link=(
            "https://github.com/continuedev/continue/blob/0a3f6338/"
            "packages/config-yaml/src/schemas/mcp/convertJson.ts"
        ),
        unconfirmed=(
            "where a local ${{ secrets.NAME }} is looked up (a .env file in ~/.continue or the "
            "workspace's .continue; the process environment is not confirmed)",
        ),
        cli="cn",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.continue/mcpServers/aido.json` in the workspace or Continue's global folder."""
        if scope is Scope.PROJECT:
            base = host.project / ".continue"
        elif scope is Scope.USER:
            base = self._global(host)
        else:
            return None
        # loadJsonMcpConfigs parses with comment-json.
        return Location(self.name, scope, base / _DROP_IN, Format.JSONC, ("mcpServers",))

    @staticmethod
    def _global(host: Host) -> Path:
        return env_dir(host, "CONTINUE_GLOBAL_DIR", host.home / ".continue")

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render the Claude-style JSON entry Continue converts."""
        refs = Refs(self.name, server, dollar_brace, in_text=False)
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # the JSON drop-in schema has no cwd
            return refs.done({"type": "stdio", **stdio_fields(refs, spec)})
        entry: dict[str, Any] = {"type": spec.transport, "url": refs.text(spec.url, "url")}
        plain = Refs(self.name, server, None)  # headers are passed through unconverted
        headers = plain.mapping(spec.headers, "header")
        if headers:
            entry["headers"] = headers
        refs.notes.extend(plain.notes)
        return refs.done(entry)

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.continue/` here, Continue's global folder, or `cn` on PATH."""
        return detect_any(
            host, scope, project=(".continue/",), user=(self._global(host),), cli=("cn",)
        )

    def schema(self) -> dict[str, Any]:
        """Entry shape from config-yaml's mcp/json.ts (Claude-like JSON)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        stdio = js.stdio(type=js.const("stdio"), envFile=js.string())
        remote = js.remote(type=js.enum("http", "sse"))
        return js.entry(stdio, remote, title="Continue mcpServers JSON entry")


ADAPTER = Continue()
