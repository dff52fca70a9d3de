"""How a harness starts the server an entry describes (`aido doctor --probe`, SPEC §7).

Each adapter reads one of its entries into a `Launch`: the program, its arguments,
the environment and working folder the harness gives it (references expanded the
harness's way), or the URL and headers it connects with. Nothing here runs anything.
Most harnesses share one flat shape (`flat`, from their `caps`); one whose entries
differ resolves its own (`ResolvesLaunch`); `launch_of` picks.

The reference syntaxes, per harness (harness-formats.md §1, each adapter's evidence):
Claude Code expands `${VAR}` and `${VAR:-default}`, leaving an unset one as it is; VS
Code `${env:VAR}`, `${workspaceFolder}`, `${userHome}` and prompts for `${input:ID}`;
OpenCode `{env:VAR}` (unset: empty); Gemini and Qwen also a bare `$VAR`; Codex has no
interpolation at all (`env_vars`, `bearer_token_env_var`, `env_http_headers`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, runtime_checkable

from aidokit.adapters.base import Adapter, Expansion, Host, Transport


class Launch(NamedTuple):
    """What a harness runs for one entry (`launch`, adapters/launch.py), not yet run."""

    transport: Transport
    command: str = ""
    args: tuple[str, ...] = ()
    # The environment the server gets, whole: name -> value (values never shown).
    env: tuple[tuple[str, str], ...] = ()
    cwd: str | None = None
    url: str = ""
    headers: tuple[tuple[str, str], ...] = ()
    missing: tuple[str, ...] = ()  # referenced variables that are not set
    problem: str | None = None  # why aido cannot start it as the harness would
    # The argv or URL as the file writes it, references unexpanded: all a person is shown
    # of what runs, since an expanded one holds the variables' values (SPEC §7).
    shown: tuple[str, ...] = ()

    @property
    def key(self) -> tuple[object, ...]:
        """Two entries with the same key start the same server the same way."""
        return (self.transport, self.command, self.args, self.env, self.cwd, self.url,
                self.headers)  # fmt: skip


@runtime_checkable
class ResolvesLaunch(Protocol):
    """Optional: the harness's entries are not the flat shape `flat` reads (Codex, Goose,
    OpenCode, Mistral Vibe)."""

    def launch(self, entry: Mapping[str, Any], host: Host) -> Launch:
        """How the harness starts `entry` (`aido doctor --probe`): references expanded its way."""
        ...


def launch_of(adapter: Adapter, entry: Mapping[str, Any], host: Host) -> Launch:
    """What `adapter`'s harness runs for `entry`: its own reading (`ResolvesLaunch`), else
    the flat shape most harnesses share, as its `caps` describe it."""
    if isinstance(adapter, ResolvesLaunch):
        return adapter.launch(entry, host)
    caps = adapter.caps
    return flat(
        entry, host, syntax=caps.expands, references=caps.references, url_keys=caps.url_keys,
        command_key=caps.command_key, untyped_url=caps.untyped_url,
    )  # fmt: skip


_DOLLAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")
_SHELL = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)")
_ENV_COLON = re.compile(r"\$\{(env|input):([^}]*)\}|\$\{(workspaceFolder|userHome|pathSeparator)\}")
_BRACE_ENV = re.compile(r"\{(env|file):([^}]*)\}")


@dataclass
class Expander:
    """Expand one entry's references the way one harness does, noting unset names."""

    syntax: Expansion
    environ: Mapping[str, str]
    host: Host
    missing: list[str] = field(default_factory=list)
    problem: str | None = None

    def text(self, value: str) -> str:
        """`value` as the harness reads it."""
        if self.syntax == "dollar":
            return _DOLLAR.sub(lambda m: self._dollar(m.group(1), m.group(2), m.group(0)), value)
        if self.syntax == "shell":
            return _SHELL.sub(
                lambda m: self._dollar(m.group(1) or m.group(3), m.group(2), m.group(0)), value
            )
        if self.syntax == "env-colon":
            return _ENV_COLON.sub(self._env_colon, value)
        if self.syntax == "brace-env":
            return _BRACE_ENV.sub(self._brace_env, value)
        return value

    def variable(self, name: str) -> str:
        """The value of `name` (empty and noted as missing when it is not set)."""
        value = self.environ.get(name)
        if not value:
            self._miss(name)
            return ""
        return value

    def _miss(self, name: str) -> None:
        if name not in self.missing:
            self.missing.append(name)

    def _dollar(self, name: str, default: str | None, whole: str) -> str:
        value = self.environ.get(name)
        if value:
            return value
        if default is not None:  # `${VAR:-default}`: unset or empty takes the default
            return default
        self._miss(name)
        return whole  # Claude Code keeps an unset reference as it is (harness-formats.md §2)

    def _env_colon(self, match: re.Match[str]) -> str:
        kind, name, builtin = match.group(1), match.group(2), match.group(3)
        if builtin == "workspaceFolder":
            return str(self.host.project)
        if builtin == "userHome":
            return str(self.host.home)
        if builtin == "pathSeparator":
            return "\\" if self.host.os == "win32" else "/"
        if kind == "input":  # VS Code asks the user for it when the server starts
            self.problem = self.problem or (
                f"it needs ${{input:{name}}}, which the harness asks for when it starts the "
                "server; aido cannot answer for you"
            )
            return match.group(0)
        return self.variable(name)

    def _brace_env(self, match: re.Match[str]) -> str:
        if match.group(1) == "file":
            self.problem = self.problem or (
                f"it reads {{file:{match.group(2)}}}, which aido does not read for a probe"
            )
            return match.group(0)
        return self.variable(match.group(2))


def strings(value: object) -> tuple[str, ...] | None:
    """A list of strings as a tuple; None for anything else."""
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    return None


def string_map(value: object) -> dict[str, str] | None:
    """A map of strings to strings (None, or absent, is empty); None for anything else."""
    if value is None:
        return {}
    if isinstance(value, Mapping) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        return dict(value)
    return None


def unreadable(why: str) -> Launch:
    """A launch aido cannot make: `why` says what is wrong with the entry."""
    return Launch("stdio", problem=why)


def stdio(
    expander: Expander,
    command: str,
    args: tuple[str, ...],
    env: Mapping[str, str],
    *,
    base: Mapping[str, str],
    cwd: str | None = None,
    in_text: bool = True,
) -> Launch:
    """A local server: `env` over `base`, references expanded (in the argv only `in_text`)."""
    text = expander.text if in_text else _same
    argv = (text(command), *(text(arg) for arg in args))
    full = dict(base)
    full.update({key: expander.text(value) for key, value in env.items()})
    return Launch(
        "stdio",
        command=argv[0],
        args=argv[1:],
        env=tuple(sorted(full.items())),
        cwd=cwd if cwd is None else expander.text(cwd),
        missing=tuple(expander.missing),
        problem=expander.problem,
        shown=(command, *args),
    )


def remote(
    expander: Expander,
    transport: Transport,
    url: str,
    headers: Mapping[str, str],
    *,
    in_url: bool = True,
) -> Launch:
    """A remote server: its URL and headers, references expanded."""
    shown = expander.text(url) if in_url else url
    values = {name: expander.text(value) for name, value in headers.items()}
    return Launch(
        transport,
        url=shown,
        headers=tuple(sorted(values.items())),
        missing=tuple(expander.missing),
        problem=expander.problem,
        shown=(url,),
    )


def _same(value: str) -> str:
    return value


def flat(
    entry: Mapping[str, Any],
    host: Host,
    *,
    syntax: Expansion,
    references: frozenset[str],
    url_keys: tuple[str, ...],
    command_key: str,
    untyped_url: Transport,
) -> Launch:
    """The flat shape most harnesses share: `command`/`args`/`env`/`cwd`, or a URL and
    `headers` with an optional `type`; the harness's environment is passed on whole."""
    expander = Expander(syntax, host.environ, host)
    for key in url_keys:
        url = entry.get(key)
        if isinstance(url, str) and url:
            headers = string_map(entry.get("headers"))
            if headers is None:
                return unreadable("its headers are not a map of strings")
            kind = entry.get("type", entry.get("transport"))
            transport: Transport = "sse" if kind == "sse" else "http"
            if kind is None and key != "httpUrl":  # `httpUrl` is always streamable HTTP
                transport = untyped_url
            return remote(expander, transport, url, headers, in_url="url" in references)
    command = entry.get(command_key)
    args = strings(entry.get("args", []))
    env = string_map(entry.get("env"))
    cwd = entry.get("cwd")
    if not isinstance(command, str) or not command:
        return unreadable(f"it has no {command_key} or URL")
    if args is None or env is None or not (cwd is None or isinstance(cwd, str)):
        return unreadable("its args, env or cwd are not the types the harness reads")
    in_text = "args" in references
    return stdio(expander, command, args, env, base=host.environ, cwd=cwd, in_text=in_text)
