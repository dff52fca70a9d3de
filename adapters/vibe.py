"""Mistral Vibe: `[[mcp_servers]]` in `.vibe/config.toml` and `~/.vibe/config.toml`.

Read in the `mistral-vibe` 3.0.2 wheel (PyPI): `vibe/utils/vibe_home.py` puts the user
folder at `$VIBE_HOME` (`expanduser().resolve()`), else `Path.home()/.vibe` on every OS;
`vibe/core/config/layers/user.py` reads `config.toml` there, `layers/project.py` reads
`.vibe/config.toml` from the working folder (walking up to a trusted one) only when the
folder is trusted (`$VIBE_HOME/trusted_folders.toml`). The servers are
`mcp_servers`, an array of tables (`vibe/core/config/vibe_schema.py`), union-merged by
`name` across the layers (a project's element replaces the user's of that name); a
`VIBE_MCP_SERVERS` variable is a layer above both. An element (`vibe/core/config/
models.py`) is `name` + `transport`: `stdio` with `command` (a string Vibe splits with
`shlex`, or a list), `args`, `env`, `cwd`; `http` or `streamable-http` with `url` and
`auth` (`type = "static"`: `headers`, and `api_key_env`, `api_key_header`,
`api_key_format` to send one header from an environment variable). Both HTTP spellings
speak streamable HTTP (`vibe/core/tools/mcp/tools.py`); there is no SSE. Nothing expands
`${VAR}`, and a stdio server gets the MCP SDK's default variables plus `env`, so a
secret env value is left out with a note; a header whose value needs one variable is
written as `api_key_env`. Vibe rewrites the whole file with `tomli_w` when it saves
(`/mcp add`), dropping comments. Read back by Vibe's own config loader in tests/contract.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aidokit.adapters import launch
from aidokit.adapters.base import (
    HEADERS_ONLY,
    NAMED_TABLES,
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
from aidokit.adapters.launch import Launch
from aidokit.adapters.render import Refs, refuse_transport
from aidokit.catalog.errors import CatalogError
from aidokit.catalog.models import PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec

_MAP = ("mcp_servers", NAMED_TABLES)
# A header value with exactly one variable in it: the text around it becomes the format.
_ONE_VARIABLE = re.compile(r"^([^$]*)\$\{([A-Za-z_][A-Za-z0-9_]*)\}([^$]*)$")
# What the MCP SDK's stdio client passes on by itself (mcp.client.stdio DEFAULT_INHERITED_ENV_VARS).
_SDK_ENV = ("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER")


class Vibe(AdapterBase):
    """Mistral's Vibe CLI (`mistral-vibe` on PyPI)."""

    name = "vibe"
    title = "Mistral Vibe"
    scopes: tuple[Scope, ...] = (Scope.PROJECT, Scope.USER)
    # Read from the wheel: vibe/utils/vibe_home.py, vibe/core/config/ (layers, models).
    evidence = Evidence(
        verified_by="real CLI",
        date="2026-12-03",
        link="https://pypi.org/project/mistral-vibe/3.0.2/",
        unconfirmed=("a `.vibe/config.toml` in a parent folder of the project is not followed",),
        cli="vibe",
    )
    caps = Capabilities(
        transports=STDIO_HTTP,  # no SSE client
        references=HEADERS_ONLY,  # one header from a variable (`auth.api_key_env`)
        # The fields `_USER_MANAGED_FIELDS` in vibe/core/config/mcp_servers.py names (the
        # /mcp panel's switches and a person's hint) and the timeouts a person tunes.
        harness_keys=frozenset(
            {"prompt", "sampling_enabled", "disabled", "disabled_tools"}
            | {"startup_timeout_sec", "tool_timeout_sec"}
        ),
        # The context budget (docs/context-budget.md): `disabled_tools`, and `disabled`.
        tool_fields=ToolFields(exclude="disabled_tools", off=("disabled", True)),
        # Launch keys (SPEC §6), vibe/core/config models: command/args/env/cwd,
        # url, and `auth`, whose headers and api_key_env reach the URL.
        launch_keys=frozenset({"args", "auth", "command", "cwd", "env", "url"}),
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`.vibe/config.toml`, or `$VIBE_HOME/config.toml` (default `~/.vibe`)."""
        if scope is Scope.PROJECT:
            path = host.project / ".vibe" / "config.toml"
        elif scope is Scope.USER:
            path = self._home(host) / "config.toml"
        else:
            return None
        return Location(self.name, scope, path, Format.TOML, _MAP)

    @staticmethod
    def _home(host: Host) -> Path:
        custom = host.environ.get("VIBE_HOME")
        if not custom:
            return host.home / ".vibe"
        # `Path(VIBE_HOME).expanduser().resolve()`: `~` is the home, a relative one is
        # taken from the working folder Vibe starts in (the project).
        path = Path(custom)
        if path.parts[:1] == ("~",):
            return host.home / path.relative_to("~")
        return path if path.is_absolute() else host.project / path

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """Vibe reads a project's `.vibe/config.toml` only in a folder the user trusted."""
        if location.scope is not Scope.PROJECT:
            return ()
        trusted = self._home(host) / "trusted_folders.toml"
        return (
            f"Vibe reads .vibe/config.toml only in a trusted folder: trust {host.project} when "
            f"Vibe asks (it records that in {trusted})",
        )

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render an element (its `name` is the entry's); values needing a variable become
        notes, except one header, which Vibe reads from the environment itself."""
        refs = Refs(self.name, server, None)
        if isinstance(spec, StdioSpec):
            return refs.done(self._stdio(server, spec, refs))
        if spec.transport == "sse":
            refuse_transport(self.name, server, "sse", "Vibe speaks streamable HTTP only")
        entry: dict[str, Any] = {"transport": "streamable-http", "url": refs.text(spec.url, "url")}
        auth = self._auth(spec.headers, refs)
        if auth:
            entry["auth"] = {"type": "static", **auth}
        return refs.done(entry)

    def _stdio(self, server: MCPDef, spec: StdioSpec, refs: Refs) -> dict[str, Any]:
        command = refs.text(spec.command, "command")
        if shlex.split(command) != [command]:
            # Vibe splits a command string with shlex (vibe/core/config/models.py argv()).
            raise CatalogError(
                f"{self.name}: server {server.id!r} has the command {command[:80]!r}, which "
                f"Vibe would split into several words; give install[{self.name!r}] a command "
                "without spaces, quotes or backslashes"
            )
        entry: dict[str, Any] = {"transport": "stdio", "command": command}
        if spec.args:
            entry["args"] = refs.texts(spec.args, "args")
        env = refs.mapping(spec.env, "env")
        if env:
            entry["env"] = env
        if spec.cwd is not None:
            entry["cwd"] = spec.cwd
        return entry

    @staticmethod
    def _auth(headers: Mapping[str, str], refs: Refs) -> dict[str, Any]:
        """Static headers, and the first header that needs a variable as `api_key_env`."""
        static: dict[str, str] = {}
        auth: dict[str, Any] = {}
        for header, value in headers.items():
            names = PLACEHOLDER_RE.findall(value)
            one = _ONE_VARIABLE.match(value)
            if not names:
                static[header] = value
            elif one is None or "api_key_env" in auth:
                refs.omit(names, f"header {header!r}")
            else:
                before, name, after = one.groups()
                fmt = before.replace("{", "{{").replace("}", "}}") + "{token}"
                auth["api_key_env"] = name
                auth["api_key_header"] = header
                auth["api_key_format"] = fmt + after.replace("{", "{{").replace("}", "}}")
        return {"headers": static, **auth} if static else auth

    def launch(self, entry: Mapping[str, Any], host: Host) -> Launch:
        """What Vibe runs: `command` (+ `args`) with `env` over the MCP SDK's defaults, or
        the URL with `auth.headers` and the `api_key_env` header when that variable is set."""
        expander = launch.Expander("none", host.environ, host)
        url = entry.get("url")
        if isinstance(url, str) and url:
            auth = entry.get("auth", {})
            static = launch.string_map(auth.get("headers", {})) if isinstance(auth, dict) else None
            if not isinstance(auth, dict) or static is None:
                return launch.unreadable("its auth table is not the shape Vibe reads")
            headers = dict(static)
            variable = auth.get("api_key_env")
            if isinstance(variable, str) and variable:
                header = str(auth.get("api_key_header") or "Authorization")
                fmt = str(auth.get("api_key_format") or "Bearer {token}")
                headers[header] = fmt.format(token=expander.variable(variable))
            return launch.remote(expander, "http", url, headers)
        command, args = entry.get("command"), launch.strings(entry.get("args", []))
        env, cwd = launch.string_map(entry.get("env", {})), entry.get("cwd")
        if isinstance(command, list) and command and all(isinstance(c, str) for c in command):
            command, args = command[0], (*command[1:], *(args or ()))
        elif isinstance(command, str) and command.strip():
            words = shlex.split(command)
            command, args = words[0], (*words[1:], *(args or ()))
        if not isinstance(command, str) or not command or args is None or env is None:
            return launch.unreadable("its command, args or env are not the types Vibe reads")
        base = {key: host.environ[key] for key in _SDK_ENV if key in host.environ}
        cwd = cwd if isinstance(cwd, str) else None
        return launch.stdio(expander, command, args, env, base=base, cwd=cwd)

    def detect(self, host: Host, scope: Scope) -> str | None:
        """`.vibe/` here, the Vibe home folder, or `vibe` on PATH."""
        return detect_any(host, scope, project=(".vibe/",), user=(self._home(host),), cli=("vibe",))

    def schema(self) -> dict[str, Any]:
        """The element as `build` writes it, with the keys Vibe's panel and a person add."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {
            "prompt": js.string(),
            "sampling_enabled": js.boolean(),
            "disabled": js.boolean(),
            "disabled_tools": js.strings(),
            "startup_timeout_sec": js.number(),
            "tool_timeout_sec": js.number(),
        }
        stdio = js.stdio({"transport": js.const("stdio")}, cwd=js.string(), **common)
        auth = js.shape(
            {"type": js.const("static")},
            {
                "headers": js.string_map(),
                "api_key_env": js.string(),
                "api_key_header": js.string(),
                "api_key_format": js.string(),
            },
        )
        remote = js.shape(
            {"transport": js.enum("http", "streamable-http"), "url": js.string()},
            {"auth": auth, **common},
        )
        return js.entry(stdio, remote, title="Mistral Vibe [[mcp_servers]] element")


ADAPTER = Vibe()
