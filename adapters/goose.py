"""Goose (Block): `extensions.<id>` in `config.yaml`.

harness-formats.md §18. The file is YAML, edited by splicing one entry at a
time (documents/yamldoc.py), so the user's comments and other keys stay.
`env_keys` are looked up in the environment first, then Goose's secret store
(config `get_secret`). UNVERIFIED: the Windows path, and whether Goose keeps
comments when it rewrites the file itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aidokit.adapters import launch
from aidokit.adapters.base import (
    STDIO_HTTP,
    URL_HEADERS,
    Capabilities,
    Evidence,
    Format,
    Host,
    Location,
    Rendered,
    Scope,
    ToolFields,
    substitute,
)
from aidokit.adapters.common import AdapterBase, detect_any
from aidokit.adapters.launch import Launch
from aidokit.adapters.render import (
    PerOS,
    Refs,
    dollar_brace,
    refuse_cwd,
    refuse_transport,
    split_env,
)
from aidokit.catalog.models import PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec

_TIMEOUT_S = 300  # §18 example; Goose's timeout is in seconds


# §18: the XDG folder on Linux and macOS; the Windows folder is UNVERIFIED.
USER_FOLDER = PerOS(
    linux=("xdg", "goose"),
    darwin=("xdg", "goose"),
    win32=("appdata", "Block", "goose", "config"),
)


class Goose(AdapterBase):
    """Block's Goose agent."""

    name = "goose"
    title = "Goose"
    scopes: tuple[Scope, ...] = (Scope.USER,)
    caps = Capabilities(
        # The context budget (docs/context-budget.md): extension.rs is_tool_available: an empty
        # `available_tools` is every tool.
        tool_fields=ToolFields(
            include="available_tools", off=("enabled", False), empty_is_all=True
        ),
        url_keys=("uri",),
        command_key="cmd",
        transports=STDIO_HTTP,  # Goose dropped SSE (§18)
        # Audit M2: `${VAR}` in `uri` and header values comes from `envs`/`env_keys`; none in args.
        references=URL_HEADERS,
        harness_keys=frozenset({"enabled", "timeout"}),
        # Launch keys (SPEC §6), ExtensionConfig (harness-formats.md §0, Goose): type and
        # name pick the extension, cmd/args/envs/env_keys start it, uri/headers reach it.
        launch_keys=frozenset(
            {"args", "cmd", "env_keys", "envs", "headers", "name", "type", "uri"}
        ),
    )
    evidence = Evidence(
        verified_by="source",
        date="2026-11-30",
        link="https://github.com/aaif-goose/goose/blob/20f87d19/crates/goose/src/agents/extension.rs",
        unconfirmed=("Windows path",),
        cli="goose",
    )

    def location(self, scope: Scope, host: Host) -> Location | None:
        """`~/.config/goose/config.yaml` (XDG), or under APPDATA on Windows."""
        if scope is not Scope.USER:
            return None
        path = USER_FOLDER.everywhere(host) / "config.yaml"
        return Location(self.name, scope, path, Format.YAML, ("extensions",))

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """Render; env vars and variables in `uri`/`headers` become `env_keys`."""
        refs = Refs(self.name, server, None)
        entry: dict[str, Any] = {"enabled": True}
        if isinstance(spec, StdioSpec):
            refuse_cwd(self.name, server, spec.cwd)  # §18: stdio has no cwd field
            entry["type"] = "stdio"
            env = spec.env
        elif spec.transport == "sse":
            refuse_transport(self.name, server, "sse", "Goose no longer supports SSE (§18)")
        else:
            entry["type"] = "streamable_http"  # §1.2, §18: snake_case, with `uri`
            env = {}
        entry |= {"name": server.id, "description": server.purpose}
        envs, keys = split_env(refs, env)  # §18: env_keys names values Goose looks up itself
        if isinstance(spec, StdioSpec):
            entry |= {"cmd": refs.text(spec.command, "cmd"), "args": refs.texts(spec.args, "args")}
        else:
            # Audit M2: ExtensionConfig::resolve substitutes ${VAR} in `uri` and header
            # values from `envs` plus `env_keys` (the environment first, then the keyring).
            entry["uri"] = _reference(spec.url, keys)
            entry["headers"] = {k: _reference(v, keys) for k, v in spec.headers.items()}
        return refs.done({**entry, "envs": envs, "env_keys": keys, "timeout": _TIMEOUT_S})

    def launch(self, entry: Mapping[str, Any], host: Host) -> Launch:
        """`cmd`/`args` with `envs` and the `env_keys` it looks up; `${VAR}` in `uri` and
        header values from those (audit M2)."""
        expander = launch.Expander("none", host.environ, host)
        envs, keys = launch.string_map(entry.get("envs")), launch.strings(entry.get("env_keys", []))
        if envs is None or keys is None:
            return launch.unreadable("its envs or env_keys are not the types Goose reads")
        values = {**envs, **{key: expander.variable(key) for key in keys}}
        uri = entry.get("uri")
        if isinstance(uri, str) and uri:
            headers = launch.string_map(entry.get("headers"))
            if headers is None:
                return launch.unreadable("its headers are not a map of strings")
            local = launch.Expander("dollar", values, host)
            found = launch.remote(local, "http", uri, headers)
            return found._replace(missing=tuple(dict.fromkeys((*expander.missing, *found.missing))))
        command, args = entry.get("cmd"), launch.strings(entry.get("args", []))
        if not isinstance(command, str) or not command or args is None:
            return launch.unreadable("it has no cmd or uri")
        return launch.stdio(expander, command, args, values, base=host.environ)

    def detect(self, host: Host, scope: Scope) -> str | None:
        """The Goose config folder, or `goose` on PATH."""
        return detect_any(host, scope, user=(USER_FOLDER.everywhere(host),), cli=("goose",))

    def schema(self) -> dict[str, Any]:
        """Entry shape from §18 (ExtensionConfig)."""
        from aidokit.adapters import schema as js  # noqa: PLC0415 (off a converged plan's path)

        common = {
            "enabled": js.boolean(),
            "name": js.string(),
            "description": {"type": "string"},
            "envs": js.string_map(),
            "env_keys": js.strings(),
            "timeout": js.number(),
            "bundled": {"type": ["boolean", "null"]},
            "available_tools": js.strings(),
        }
        stdio = js.shape(
            {"type": js.const("stdio"), "cmd": js.string()}, {"args": js.strings(), **common}
        )
        remote = js.shape(
            {"type": js.const("streamable_http"), "uri": js.string()},
            {"headers": js.string_map(), **common},
        )
        return js.entry(stdio, remote, title="Goose extensions entry")


def _reference(text: str, keys: list[str]) -> str:
    """`text` with each placeholder as Goose's `${VAR}`, each variable listed in `keys`."""
    keys.extend(name for name in PLACEHOLDER_RE.findall(text) if name not in keys)
    return substitute(text, dollar_brace)


ADAPTER = Goose()
