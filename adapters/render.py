"""Shared rendering: placeholders to harness references, and what cannot be written (SPEC §5)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

from aidokit.adapters.base import Adapter, Host, Rendered, Scope, substitute
from aidokit.catalog.errors import CatalogError
from aidokit.catalog.facts import OSName
from aidokit.catalog.models import PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec

Reference = Callable[[str], str]

# A value that is exactly one placeholder, `${NAME}`.
EXACT_PLACEHOLDER = re.compile(r"^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$")


# npm-installed launchers are `.cmd` batch files on Windows, which a harness that
# starts programs directly cannot run: Claude Code warns "Windows requires 'cmd /c'
# wrapper to execute npx", and modelcontextprotocol/servers#3659 documents the same
# wrapper for Claude Desktop. uvx and node are real executables and stay as they are.
WINDOWS_SHIMS: frozenset[str] = frozenset({"npx", "pnpx", "pnpm", "yarn"})


def shell_wrapped(entry: dict[str, Any]) -> dict[str, Any]:
    """`entry` with an npm launcher run through `cmd /c`, key order kept; else `entry`."""
    command, args = entry.get("command"), entry.get("args", [])
    if command not in WINDOWS_SHIMS or not isinstance(args, list):
        return entry
    wrapped = {**entry, "command": "cmd"}
    wrapped["args"] = ["/c", command, *args]
    return wrapped


def for_os(
    adapter: Adapter, entry: dict[str, Any], os: OSName, scope: Scope = Scope.USER
) -> dict[str, Any]:
    """The rendered `entry` as `adapter` needs it on `os` (Windows: `cmd /c npx ...`).

    Only in files of one machine: a project file is shared with other systems,
    where `cmd` does not exist, so it keeps the plain command (and a file note).
    """
    if os != "win32" or not adapter.caps.windows_shell or scope is Scope.PROJECT:
        return entry
    return shell_wrapped(entry)


def dollar_brace(name: str) -> str:
    """`${NAME}`: Claude Code, Copilot CLI, Gemini CLI, Kiro, Crush."""
    return "${" + name + "}"


def env_colon(name: str) -> str:
    """`${env:NAME}`: VS Code, Cursor, Roo Code, Windsurf."""
    return "${env:" + name + "}"


def brace_env(name: str) -> str:
    """`{env:NAME}`: OpenCode."""
    return "{env:" + name + "}"


class Refs:
    """Rewrite one server's placeholders for one harness, collecting notes.

    `reference` is None for a harness with no reference syntax: a map value
    that needs a variable is then left out and reported, never filled in from
    the environment (SPEC §5: nothing secret is written).
    """

    def __init__(
        self,
        adapter: str,
        server: MCPDef,
        reference: Reference | None,
        *,
        in_text: bool = True,
    ) -> None:
        self.adapter = adapter
        self.server = server
        self.reference = reference
        # False where the harness expands references only in env/header values.
        self.in_text = in_text
        self.notes: list[str] = []

    def text(self, value: str, where: str) -> str:
        """`value` with references; CatalogError if this harness cannot reference it."""
        names = PLACEHOLDER_RE.findall(value)
        if not names:
            return value
        if self.reference is None or not self.in_text:
            raise CatalogError(
                f"{self.adapter}: server {self.server.id!r} uses ${{{names[0]}}} in {where}, "
                f"but {self.adapter} cannot reference environment variables there; give "
                f"install[{self.adapter!r}] a spec without placeholders in {where}"
            )
        return substitute(value, self.reference)

    def texts(self, values: Iterable[str], where: str) -> list[str]:
        """Each of `values` through `text`."""
        return [self.text(value, where) for value in values]

    def mapping(self, values: Mapping[str, str], where: str) -> dict[str, str]:
        """An env or header map; values this harness cannot reference are left out."""
        out: dict[str, str] = {}
        for key, value in values.items():
            names = PLACEHOLDER_RE.findall(value)
            if not names:
                out[key] = value
            elif self.reference is None:
                self.omit(names, f"{where} {key!r}")
            else:
                out[key] = substitute(value, self.reference)
        return out

    def omit(self, names: Iterable[str], what: str, *, how: str = "by hand") -> None:
        """Record that `what` was left out and the user must set it."""
        secrets = self.server.secret_names()
        for name in names:
            kind = "secret" if name in secrets else "variable"
            self.notes.append(
                f"{self.adapter}: server {self.server.id!r} needs {what} from {kind} {name}; "
                f"aido writes no value for it, set it {how}"
            )

    def done(self, entry: dict[str, Any]) -> Rendered:
        """The entry with the notes gathered so far."""
        return Rendered(entry=entry, notes=tuple(self.notes))


def split_env(refs: Refs, env: Mapping[str, str]) -> tuple[dict[str, str], list[str]]:
    """Literal values, and the names the harness passes through from its own environment.

    For harnesses that take a variable by name rather than a reference inside a
    value (Codex `env_vars`, Goose `env_keys`): `KEY = "${KEY}"` is passed through,
    a value that needs any other variable is left out with a note.
    """
    literal: dict[str, str] = {}
    passed: list[str] = []
    for key, value in env.items():
        exact = EXACT_PLACEHOLDER.match(value)
        if exact and exact.group(1) == key:
            passed.append(key)
        elif PLACEHOLDER_RE.search(value):
            refs.omit(PLACEHOLDER_RE.findall(value), f"env {key!r}")
        else:
            literal[key] = value
    return literal, passed


def refuse_cwd(adapter: str, server: MCPDef, cwd: str | None) -> None:
    """Raise when a spec needs a working directory the harness has no field for."""
    if cwd is not None:
        raise CatalogError(
            f"{adapter}: server {server.id!r} sets cwd={cwd!r}, which {adapter} entries "
            f"cannot express; wrap the command or drop cwd from install[{adapter!r}]"
        )


def refuse_transport(adapter: str, server: MCPDef, transport: str, why: str) -> NoReturn:
    """Raise for a remote transport the harness cannot use."""
    raise CatalogError(
        f"{adapter}: server {server.id!r} needs {transport} transport, but {why}; "
        f"remove {adapter!r} from its install map"
    )


def stdio_fields(refs: Refs, spec: StdioSpec, *, cwd: bool = False) -> dict[str, Any]:
    """`command`, `args` and (when set) `env`: the Claude Desktop-style stdio shape.

    With `cwd`, the harness has a `cwd` field and the spec's working directory
    (when set) is written there; without, the caller refuses one (`refuse_cwd`).
    """
    entry: dict[str, Any] = {
        "command": refs.text(spec.command, "command"),
        "args": refs.texts(spec.args, "args"),
    }
    env = refs.mapping(spec.env, "env")
    if env:  # every value may have been left out for a harness without references
        entry["env"] = env
    if cwd and spec.cwd is not None:
        entry["cwd"] = spec.cwd
    return entry


def remote_fields(refs: Refs, spec: RemoteSpec, *, url_key: str = "url") -> dict[str, Any]:
    """The URL under `url_key` and (when set) `headers`."""
    entry: dict[str, Any] = {url_key: refs.text(spec.url, "url")}
    headers = refs.mapping(spec.headers, "header")
    if headers:
        entry["headers"] = headers
    return entry


# ======================================================================================
# Per-OS user config folders (SPEC §5: honour HOME, XDG_CONFIG_HOME, APPDATA).
#
# An adapter whose folder differs between Linux, macOS and Windows states it in
# one `PerOS` table: for each OS, a root and the folders under it, or None
# where the harness has no such folder. tests/adapters/test_os_paths.py pins
# every adapter's files on all three systems with a simulated host.
# ======================================================================================

Where = tuple[str, ...] | None  # a root name from ROOTS, then folder names; None: no folder


class PerOS(NamedTuple):
    """One folder of a harness on each OS, e.g. `PerOS(linux=("xdg", "zed"), ...)`."""

    linux: Where
    darwin: Where
    win32: Where

    def folder(self, host: Host) -> Path | None:
        """The folder on `host`'s OS, or None where the harness has none there."""
        where: Where = getattr(self, host.os)
        if where is None:
            return None
        root, *parts = where
        return ROOTS[root](host).joinpath(*parts)

    def everywhere(self, host: Host) -> Path:
        """The folder on `host`'s OS, for a harness that has one on every OS."""
        folder = self.folder(host)
        if folder is None:
            raise RuntimeError("a PerOS table with a None row")
        return folder

    def row(self, os: OSName) -> Where:
        """The table's row for `os`."""
        where: Where = getattr(self, os)
        return where


def appdata(host: Host) -> Path:
    """`%APPDATA%`, defaulting to `~/AppData/Roaming`."""
    value = host.environ.get("APPDATA")
    return Path(value) if value else host.home / "AppData" / "Roaming"


def localappdata(host: Host) -> Path:
    """`%LOCALAPPDATA%`, defaulting to `~/AppData/Local`."""
    value = host.environ.get("LOCALAPPDATA")
    return Path(value) if value else host.home / "AppData" / "Local"


def app_support(host: Host) -> Path:
    """macOS `~/Library/Application Support`."""
    return host.home / "Library" / "Application Support"


def env_dir(host: Host, var: str, default: Path) -> Path:
    """The folder named by `$var`, else `default`."""
    value = host.environ.get(var)
    return Path(value) if value else default


ROOTS: dict[str, Callable[[Host], Path]] = {
    "home": lambda host: host.home,
    "xdg": Host.xdg_config_home,  # $XDG_CONFIG_HOME, default ~/.config
    "appdata": appdata,  # %APPDATA%, default ~/AppData/Roaming
    "localappdata": localappdata,  # %LOCALAPPDATA%, default ~/AppData/Local
    "app_support": app_support,  # ~/Library/Application Support
}

# VS Code's `User` folder (harness-formats.md §4: path is secondary, not official).
# Electron puts Linux app data under $XDG_CONFIG_HOME (default ~/.config).
VSCODE_USER = PerOS(
    linux=("xdg", "Code", "User"),
    darwin=("app_support", "Code", "User"),
    win32=("appdata", "Code", "User"),
)


def vscode_user_dir(host: Host) -> Path:
    """VS Code's `User` folder on `host`'s OS."""
    return VSCODE_USER.everywhere(host)
