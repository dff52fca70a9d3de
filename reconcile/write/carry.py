"""Whether an imported server still launches what it launched, in every harness (issue 50 §1).

A hand-written entry's values use its harness's own reference syntax (`${env:X}` in VS
Code, `$X` in Gemini, `{env:X}` in OpenCode, `${X:-default}` in Claude Code). `neutral`
turns the references every harness can express into aido's `${X}`, and leaves the rest
as written (`${workspaceFolder}`, `${input:id}`, a default). Then `carried` renders the
imported server for each targeted harness and asks the probe's launch resolution
(adapters/launch.py) what that harness would start: the same argv, environment, URL and
headers as the hand-written entry in its own harness, with every variable set to a value
of its own; a harness that would start anything else does not get the server, and the
reason names the value it cannot express.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from aidokit.adapters import spec_for
from aidokit.adapters.base import Adapter, Host
from aidokit.adapters.launch import Launch, launch_of
from aidokit.catalog.models import MCPDef
from aidokit.reconcile.core.errors import CatalogError
from aidokit.reconcile.read.recognise import entry_argv, entry_url

_DOLLAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-)?\}")  # `${X}`, `${X:-}`
_SHELL = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)")
_ENV_COLON = re.compile(r"\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}")
_BRACE_ENV = re.compile(r"(?<!\$)\{env:([A-Za-z_][A-Za-z0-9_]*)\}")
# Every spelling of a variable reference, for the names a test environment must set.
_ANY_NAME = re.compile(r"\$\{?(?:env:)?([A-Za-z_][A-Za-z0-9_]*)|\{env:([A-Za-z_][A-Za-z0-9_]*)\}")
# A whole reference, as a person wrote it (for the words that name it).
_REFERENCE = re.compile(r"\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*|\{env:[^}]*\}")
# What only some harnesses expand (VS Code's words and prompts, a default value).
UNCARRIED = re.compile(
    r"\$\{input:[^}]*\}|\$\{(?:workspaceFolder|workspaceFolderBasename|userHome|pathSeparator)\}"
    r"|\$\{[A-Za-z_][A-Za-z0-9_]*:-[^}]+\}"
)


def neutral_text(text: str, syntax: str) -> str:
    """`text` with the references of a harness of that `Expansion` spelled `${X}`."""
    if syntax == "dollar":
        return _DOLLAR.sub(lambda m: "${" + m.group(1) + "}", text)
    if syntax == "shell":
        return _SHELL.sub(lambda m: "${" + (m.group(1) or m.group(2)) + "}", text)
    if syntax == "env-colon":
        return _ENV_COLON.sub(lambda m: "${" + m.group(1) + "}", text)
    if syntax == "brace-env":
        return _BRACE_ENV.sub(lambda m: "${" + m.group(1) + "}", text)
    return text


def flat(entry: Mapping[str, Any]) -> dict[str, Any]:
    """Any harness's entry in the shape most share: `command`/`args`/`env`/`cwd`, or
    `url`/`type`/`headers`. Codex's `env_vars`, `bearer_token_env_var`, `http_headers` and
    `env_http_headers`, Goose's `cmd`, `envs` and `uri`, Zed's `command.path` and
    OpenCode's argv list and `environment` are read as the variables and headers they are."""
    out: dict[str, Any] = {}
    url = entry_url(entry)
    if url is not None:
        out["url"] = url
        kind = entry.get("type", entry.get("transport"))
        if isinstance(kind, str):
            out["type"] = kind
        headers = dict(_strings(entry.get("headers")) or _strings(entry.get("http_headers")))
        for name, variable in _strings(entry.get("env_http_headers")).items():
            headers[name] = "${" + variable + "}"
        token = entry.get("bearer_token_env_var")
        if isinstance(token, str) and token:
            headers["Authorization"] = "Bearer ${" + token + "}"
        if headers:
            out["headers"] = headers
        return out
    argv = entry_argv(entry)
    if argv is None:
        return dict(entry)
    out["command"], out["args"] = argv
    command = entry.get("command")
    env = dict(
        _strings(command.get("env") if isinstance(command, Mapping) else None)
        or _strings(entry.get("env"))
        or _strings(entry.get("environment"))
        or _strings(entry.get("envs"))
    )
    names = entry.get("env_vars")
    if isinstance(names, list):
        for name in names:
            if isinstance(name, str):
                env.setdefault(name, "${" + name + "}")
    if env:
        out["env"] = env
    if isinstance(entry.get("cwd"), str):
        out["cwd"] = entry["cwd"]
    return out


def _strings(value: object) -> dict[str, str]:
    if not isinstance(value, Mapping):
        return {}
    return {str(k): str(v) for k, v in value.items() if isinstance(v, str | int | float)}


def neutral(entry: Mapping[str, Any], adapter: Adapter) -> dict[str, Any]:
    """`entry` in the shared shape (`flat`) with every string it launches with in aido's
    `${X}` spelling."""
    syntax = adapter.caps.expands
    entry = flat(entry)

    def walk(value: object) -> object:
        if isinstance(value, str):
            return neutral_text(value, syntax)
        if isinstance(value, list):
            return [walk(item) for item in value]
        if isinstance(value, Mapping):
            return {key: walk(item) for key, item in value.items()}
        return value

    return {key: walk(value) for key, value in entry.items()}


def _names(entry: Mapping[str, Any]) -> set[str]:
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str):
            for match in _ANY_NAME.finditer(value):
                found.add(match.group(1) or match.group(2))
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, Mapping):
            for item in value.values():
                walk(item)

    walk(dict(entry))
    return found


def probe_host(names: Iterable[str], values: Mapping[str, str] | None = None) -> Host:
    """A host where every variable in `names` has a value of its own (`values` first)."""
    environ = {name: f"<{name}>" for name in names}
    environ.update(values or {})
    environ.setdefault("PATH", "/usr/bin")
    return Host(Path("/aido/project"), Path("/aido/home"), "linux", environ)


def _seen(launch: Launch, host: Host, names: set[str]) -> tuple[object, ...]:
    """What a launch starts: its argv, URL and headers, the values it sets beside the
    environment it passes on, and which of the referenced variables reach the server."""
    base = host.environ
    env = tuple((k, v) for k, v in launch.env if base.get(k) != v)
    reach = frozenset(k for k, _ in launch.env if k in names)
    prompt = bool(launch.problem and "${input:" in launch.problem)
    return (launch.transport, launch.command, launch.args, env, reach, launch.cwd, launch.url,
            launch.headers, prompt)  # fmt: skip


def carried(
    source: Adapter,
    entry: Mapping[str, Any],
    server: MCPDef,
    targets: Iterable[Adapter],
    literals: Mapping[str, str] | None = None,
) -> dict[str, str | None]:
    """For each target harness, None when it launches `server` as `source` launches the
    hand-written `entry`, else why not, in the person's words. `literals` are the values
    the import replaced by variables (a credential): set to them, the launches compare."""
    names = _names(entry) | _names(neutral(entry, source)) | set(literals or {})
    host = probe_host(names)
    want = _seen(launch_of(source, entry, host), host, names)
    shown = {**entry, **flat(entry)}  # Codex's and Goose's variables named as references
    out: dict[str, str | None] = {}
    for adapter in targets:
        spec = spec_for(server, adapter)
        if spec is None:
            out[adapter.name] = f"{adapter.name} cannot run a server of this kind"
            continue
        try:
            rendered = adapter.build(server, spec).entry
        except CatalogError:
            out[adapter.name] = _why(adapter, shown, "cannot reference a variable there")
            continue
        mine = probe_host(names, literals)
        got = _seen(launch_of(adapter, rendered, mine), mine, names)
        out[adapter.name] = None if got == want else _why(adapter, shown, None)
    return out


def _why(adapter: Adapter, entry: Mapping[str, Any], detail: str | None) -> str:
    """`<harness> cannot expand <the value>`, naming the first value only some harnesses
    expand, else the first reference."""
    texts: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, Mapping):
            for item in value.values():
                walk(item)

    walk(dict(entry))
    for text in texts:
        match = UNCARRIED.search(text)
        if match:
            return f"{adapter.name} cannot expand {match.group(0)}"
    for text in texts:
        match = _REFERENCE.search(text)
        if match:
            return f"{adapter.name} cannot expand {match.group(0)} where it is written"
    return f"{adapter.name} would not launch it as written" + (f" ({detail})" if detail else "")
