"""Auggie (Augment Code's CLI): `mcpServers` in `.augment/settings.json` and `~/.augment/`.

Read in the `@augmentcode/auggie` 0.36.0 bundle (`augment.mjs`): the settings
manager reads `<workspace>/.augment/settings.local.json`, then
`.augment/settings.json`, then `<cache dir>/settings.json` (the cache dir is
`--augment-cache-dir`, default `os.homedir()/.augment` on every OS), each
parsed as JSON with comments and trailing commas. An entry is `type`
(`stdio`, optional; `http` or `sse`, required), `command`/`args`/`env`/`cwd` or
`url`/`headers`. The loader joins `command` and `args` with spaces and runs the
line through `/bin/sh -c` (`cmd.exe /c` on Windows): an argument a shell would
split or interpret is refused here. `${VAR}` and `${VAR:-default}` are expanded
from the environment in the command line, `env` values, `url` and header values
when a server starts; an unset variable without a default fails that server.
Read back by the real `auggie mcp list --json` in tests/contract (offline).
"""

from __future__ import annotations

import re
from typing import Any

from aidokit.adapters.base import Capabilities, Evidence, Format, Host, Location, Rendered, Scope
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.render import Refs, dollar_brace, remote_fields, stdio_fields
from aidokit.catalog.errors import CatalogError
from aidokit.catalog.models import PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec

# What a POSIX shell and cmd.exe both leave as one plain word (placeholders aside).
_SHELL_WORD = re.compile(r"[A-Za-z0-9_@%+=:,./-]+")


class Auggie(AdapterBase):
    """Augment Code's `auggie` CLI."""

    name = "auggie"
    title = "Augment (Auggie CLI)"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    caps = Capabilities(
        expands="dollar",  # `${VAR}`, `${VAR:-default}`
        # The /mcp panel's switch writes `disabled` into the entry.
        harness_keys=frozenset({"disabled"}),
        # Launch keys (SPEC §6), its settings: command/args/env, url/headers.
        launch_keys=frozenset({"args", "command", "cwd", "env", "headers", "url"}),
    )
    # Read from its augment.mjs: SettingsManager and the MCP config loader.
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-12-03",
        link="https://www.npmjs.com/package/@augmentcode/auggie/v/0.36.0",
        unconfirmed=("a `--augment-cache-dir` other than ~/.augment is not followed",),
        cli="auggie",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.augment/settings.json` in the project or the home folder (every OS)."""
        return self.project_or_home(scope, host, ".augment/settings.json", Format.JSONC)

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render with `${VAR}` references; `type` always written, as `auggie mcp add` does."""
        refs = Refs(self.name, server, dollar_brace)
        if isinstance(spec, StdioSpec):
            for word in (spec.command, *spec.args):
                self._refuse_shell_word(server, word)
            return refs.done({"type": "stdio", **stdio_fields(refs, spec, cwd=True)})
        return refs.done({"type": spec.transport, **remote_fields(refs, spec)})

    def _refuse_shell_word(self, server: MCPDef, word: str) -> None:
        """Raise for a command or argument the shell Auggie runs would split or interpret."""
        if _SHELL_WORD.fullmatch(PLACEHOLDER_RE.sub("x", word)):
            return
        raise CatalogError(
            f"{self.name}: server {server.id!r} has the argument {word[:80]!r}, which Auggie "
            "would pass through a shell (it joins command and args with spaces); give "
            f"install[{self.name!r}] arguments without spaces or shell characters"
        )

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.augment/` here, `~/.augment`, or `auggie` on PATH."""
        return detect_any(
            host, scope, project=(".augment/",), user=(host.home / ".augment",), cli=("auggie",)
        )

    def schema(self) -> dict[str, Any]:
        """The loader's zod schema (stdio and http/sse shapes)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {"disabled": js.boolean(), "timeoutMs": js.number(), "name": js.string()}
        stdio = js.stdio({"type": js.const("stdio")}, cwd=js.string(), **common)
        remote = js.remote({"type": js.enum("http", "sse")}, **common)
        return js.entry(stdio, remote, title="Auggie mcpServers entry")


ADAPTER = Auggie()
