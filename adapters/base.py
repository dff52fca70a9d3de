"""The adapter Protocol: what every harness module provides (SPEC §5), and the values
it speaks in. What only some harnesses have is an optional Protocol next to its values:
adapters/approval.py, agents.py, budget.py, launch.py, policy.py, assumed_format.py,
and the small ones at the end of this module."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal, NamedTuple, Protocol, runtime_checkable

from aidokit.catalog.facts import OSName
from aidokit.catalog.models import PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec

# ======================================================================================
# The syntaxes a harness config file can have.
#
# It lives with the adapters, which declare each file's format, so that they need
# nothing from `reconcile`; the document layer (`reconcile/documents/`) edits each.
# ======================================================================================


class Format(StrEnum):
    """On-disk syntax of a config file."""

    JSON = "json"  # strict JSON: never gets comments or trailing commas
    JSONC = "jsonc"  # JSON with comments and trailing commas
    TOML = "toml"
    YAML = "yaml"  # block-style YAML (Goose), edited by splicing (yamldoc)
    MARKDOWN = "markdown"  # Markdown with YAML frontmatter (agent files), edited there only


# The last step of a map path that addresses a YAML list of one-key maps as a map:
# entry `playwright` is the item `- playwright: {...}` (Claude Code agents' `mcpServers`).
LIST_ITEMS = "[]"
# The last step of a map path that addresses a TOML array of tables as a map keyed by each
# element's `name` field: entry `playwright` is the `[[mcp_servers]]` table whose
# `name = "playwright"`, without that field (Mistral Vibe's `[[mcp_servers]]`).
NAMED_TABLES = "[[name]]"

# The last step of a map path that addresses a JSON array as the map of its items, each
# named by `item_key`: Claude Code's `permissions.deny` strings, its `deniedMcpServers`
# objects. aido owns the items it added, never the array (docs/documents.md).
ITEMS = "[*]"


def item_key(item: object) -> str:
    """The name of an array item: a string is its own name, a one-key object with a
    string value `key=value`, anything else its canonical JSON."""
    if isinstance(item, str):
        return item
    if isinstance(item, dict) and len(item) == 1:
        ((key, value),) = item.items()
        if isinstance(value, str):
            return f"{key}={value}"

    return json.dumps(item, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# The strength of an adapter's evidence, strongest first: the harness's own CLI
# read aido's files back in CI, its source code, its official docs, or only
# third-party pages.
VERIFIED_BY: tuple[str, ...] = ("real CLI", "source", "docs", "secondary")

# How a harness reaches a server: a local process, streamable HTTP, or SSE.
Transport = Literal["stdio", "http", "sse"]
# Where in a spec a variable may have to be expanded by the harness itself
# (a stdio spec's `env` aside: it is referenced or left out with a note).
Place = Literal["args", "url", "headers"]
# What a config file can run (`Capabilities.transports`) and where it expands a variable
# (`Capabilities.references`), for the harnesses that cannot run or expand everything.
ALL_TRANSPORTS: frozenset[Transport] = frozenset({"stdio", "http", "sse"})
STDIO_HTTP: frozenset[Transport] = frozenset({"stdio", "http"})
STDIO_ONLY: frozenset[Transport] = frozenset({"stdio"})
EVERYWHERE: frozenset[Place] = frozenset({"args", "url", "headers"})
URL_HEADERS: frozenset[Place] = frozenset({"url", "headers"})
HEADERS_ONLY: frozenset[Place] = frozenset({"headers"})
NOWHERE: frozenset[Place] = frozenset()
# Which references a harness expands when it starts a server (adapters/launch.py): none,
# `${VAR}` and `${VAR:-default}`, also `$VAR`, VS Code's `${env:VAR}` family, `{env:VAR}`.
Expansion = Literal["none", "dollar", "shell", "env-colon", "brace-env"]


class Scope(StrEnum):
    """Which config files an adapter manages."""

    PROJECT = "project"  # files in the repository
    USER = "user"  # files under the home directory
    LOCAL = "local"  # per-project entries kept in a user file (Claude Code)


@dataclass(frozen=True)
class Host:
    """Where aido runs: the facts adapters need to locate config files."""

    project: Path
    home: Path
    os: OSName
    environ: Mapping[str, str]

    @classmethod
    def current(cls, project: Path) -> Host:
        """Describe this machine, honouring HOME and friends so tests can sandbox."""
        os_name: OSName = (
            "darwin"
            if sys.platform == "darwin"
            else "win32"
            if sys.platform.startswith("win")
            else "linux"
        )
        environ = dict(os.environ)
        home = Path(environ.get("HOME") or environ.get("USERPROFILE") or Path.home())
        return cls(project=project.resolve(), home=home, os=os_name, environ=environ)

    def xdg_config_home(self) -> Path:
        """`$XDG_CONFIG_HOME`, defaulting to `~/.config`."""
        value = self.environ.get("XDG_CONFIG_HOME")
        return Path(value) if value else self.home / ".config"


def display(path: Path, host: Host) -> str:
    """`path` as the user reads it: relative to the project (`.mcp.json`), under the home
    folder as `~/...`, else absolute; of the two, the folder nearest the file wins (a project
    at `/` still names `~/.claude.json`). The one path display: it lives beside `Host`
    because adapters (which may not import `reconcile`) name paths in their messages too."""
    bases = sorted((host.project, host.home), key=lambda base: len(base.parts), reverse=True)
    for base in bases:
        if path.is_relative_to(base):
            relative = path.relative_to(base).as_posix()
            return relative if base is host.project else "~/" + relative
    return str(path)


class Companion(NamedTuple):
    """A value outside the server map that belongs to one entry (e.g. per-agent tool globs).

    `file` names one of the adapter's companion files (`CompanionFiles.companion_files`) when
    the value lives there, not in the entry's own file; a map path ending in ITEMS
    (adapters/base.py) makes it an item of an array, named by `item_key`.
    """

    map_path: tuple[str, ...]
    name: str
    value: Any
    file: str | None = None


class ToolFields(NamedTuple):
    """The keys of a harness's entry that hold a context budget (docs/context-budget.md)."""

    include: str | None = None  # an allow-list of the tools it loads
    exclude: str | None = None  # a deny-list of the tools it hides
    off: tuple[str, Any] | None = None  # the key and value that switch the server off
    empty_is_all: bool = False  # an empty allow-list reads as every tool (Goose)


# What most harnesses read to start or reach a server (SPEC §6, "launch keys"): the
# program, its arguments, environment and folder, or the URL and its headers. aido owns
# them in every entry it owns, whoever added them; each adapter names its harness's own
# (`Capabilities.launch_keys`), with evidence. The keys that pick a protocol for the same
# program or URL (`type`, `transport`) are no launch keys: aido owns them where it writes
# them, and a person's `"type": "http"` beside aido's `url` is theirs (Goose's `type`,
# which picks a built-in extension over a program, is one of its launch keys).
LAUNCH_KEYS = frozenset({"command", "args", "env", "cwd", "url", "headers"})


class Capabilities(NamedTuple):
    """What a harness's config file can run and how its entries are shaped: one value, so
    the Protocol stays narrow and an adapter states only where it differs (SPEC §5)."""

    # What its config file can run (adapters/__init__.py decides per install spec from
    # these): the transports, and where it expands a variable reference (its own
    # syntax for the catalog's `${NAME}`).
    transports: frozenset[Transport] = ALL_TRANSPORTS
    references: frozenset[Place] = EVERYWHERE
    # How it expands references when it starts a server (adapters/launch.py), and what
    # a URL entry without a `type` speaks.
    expands: Expansion = "none"
    untyped_url: Transport = "http"
    # On Windows, npm launchers (npx) must run through `cmd /c` (render.shell_wrapped).
    windows_shell: bool = False
    # The keys an entry keeps its URL (first found wins) and its command under: for
    # `identity` and for what a confirmation says the entry runs.
    url_keys: tuple[str, ...] = ("url",)
    command_key: str = "command"
    # Its `command_key` holds the whole argv, program first (OpenCode), not a program
    # whose arguments are under `args`.
    argv_command: bool = False
    # The keys the harness itself (its UI or CLI) writes into an entry (docs/adapters.md,
    # "Keys the harness writes"). aido never renders them unless aido.toml asks; then it
    # owns them (SPEC §6).
    harness_keys: frozenset[str] = frozenset()
    # The keys its harness reads to start or reach the server (SPEC §6): a change or an
    # addition by anyone else is drift, and heal puts back what aido wrote; never one of
    # `harness_keys` (docs/security.md lists them per harness).
    launch_keys: frozenset[str] = LAUNCH_KEYS
    # The project-relative names its project server file may have besides the one
    # `location` gives now (it takes an existing `opencode.jsonc` over `opencode.json`):
    # committed state may name these, its location, companion and agent files, and
    # nothing else (SPEC §6, reconcile/read/project_state.py).
    project_names: tuple[str, ...] = ()
    # Where its entries hold a context budget (None: nowhere in the entry; `budget` may
    # still compile one elsewhere, e.g. OpenCode's `tools` globs; docs/context-budget.md).
    tool_fields: ToolFields | None = None
    # Its project file wins when the project and user files both define a server name
    # (`aido doctor` says which one it uses; False: not documented).
    project_wins: bool = False


class Location(NamedTuple):
    """One config file an adapter manages and where its server map lives."""

    adapter: str
    scope: Scope
    path: Path
    fmt: Format
    map_path: tuple[str, ...]


class Rendered(NamedTuple):
    """An entry in a harness's shape plus what the user must still do by hand."""

    entry: dict[str, Any]
    notes: tuple[str, ...] = ()


class Evidence(NamedTuple):
    """How an adapter's file locations and entry shape were checked, and against what."""

    verified_by: str  # one of VERIFIED_BY
    # The day (YYYY-MM-DD) the paths and shape were last checked against `link` (`aido
    # adapters --json`: `evidence_date`; docs/adapters.md, "Evidence and its date").
    date: str
    link: str  # the harness's own source, docs, or the secondary page relied on
    unconfirmed: tuple[str, ...] = ()  # what could not be confirmed (shown by `aido adapters`)
    # The harness's own CLI binary, whose version `aido doctor` checks (None: no CLI); with
    # `verified_by = "real CLI"`, the one that reads aido's files back in tests/contract.
    cli: str | None = None


class Adapter(Protocol):
    """A harness: where its MCP config lives and how an entry looks there. Every adapter
    has these; what only some harnesses have is an optional Protocol of its own, checked
    with `isinstance` (docs/adapters.md, "Optional capabilities")."""

    name: str
    title: str
    scopes: tuple[Scope, ...]
    # How the file locations and entry shape were checked, and its CLI.
    evidence: Evidence
    # What its config file can run and how its entries are shaped.
    caps: Capabilities

    def location(self, scope: Scope, host: Host) -> Location | None:
        """The file and server-map path for `scope`, or None if unsupported."""
        ...

    def build(self, server: MCPDef, spec: StdioSpec | RemoteSpec) -> Rendered:
        """The harness-native entry for `spec` (secrets as references) and what the user
        must do by hand for it (values aido will not write)."""
        ...

    def schema(self) -> dict[str, Any]:
        """JSON Schema (draft 2020-12) of one entry as `build` writes it."""
        ...

    def detect(self, host: Host, scope: Scope) -> str | None:
        """Why this harness counts as in use for `scope` here (None if it does not)."""
        ...


@runtime_checkable
class FileNotes(Protocol):
    """Optional: the harness has something to say about one of its files as a whole."""

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """What the user should know about the file as a whole, e.g. one that shadows it."""
        ...


@runtime_checkable
class CompanionFiles(Protocol):
    """Optional: the harness keeps an entry's switches in other files than the entry's own
    (Claude Code's `.claude/settings.json`)."""

    def companion_files(self, scope: Scope, host: Host) -> Mapping[str, Location]:
        """Those files in `scope`, by the name a `Companion` gives as its `file`; their
        `map_path` is ()."""
        ...


@runtime_checkable
class PersonalSwitch(Protocol):
    """Optional: the harness has a per-person switch, in a file of that person's, that turns
    off for them a server the team's file holds (Claude Code: `disabledMcpjsonServers` in
    `.claude/settings.local.json`). A local `skip`, `enabled = false` and a profile
    (`aido use`) compile into it at local scope (reconcile/read/personal.py)."""

    def switch_off(self, name: str) -> Companion:
        """The item of a local-scope companion file that turns team server `name` off."""
        ...


class DoctorNote(NamedTuple):
    """A warning of a harness's own about this machine, for `aido doctor`."""

    check: str  # the check's name in `aido doctor --json`
    subject: str
    message: str


@runtime_checkable
class DoctorChecks(Protocol):
    """Optional: the harness has checks of its own for `aido doctor` (Claude Code: a
    running `claude` rewrites ~/.claude.json)."""

    def doctor_notes(self, scope: Scope, host: Host) -> tuple[DoctorNote, ...]:
        """What `aido doctor` warns about for this harness's files of `scope` here."""
        ...


def substitute(text: str, reference: Callable[[str], str]) -> str:
    """Replace each catalog `${NAME}` placeholder with the harness's reference form."""
    return PLACEHOLDER_RE.sub(lambda match: reference(match.group(1)), text)
