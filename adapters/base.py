"""The adapter Protocol: what every harness module provides (SPEC §5)."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, NamedTuple, Protocol, runtime_checkable

from aidokit.catalog.facts import OSName
from aidokit.catalog.models import PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec, Strict

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
    import json  # only for an item that is neither

    return json.dumps(item, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# ======================================================================================
# Trust gates: what a harness still requires before it uses a file aido wrote.
#
# Some harnesses ignore or hold back servers until the user trusts the folder
# or approves the servers (harness-audit.md M3): Codex project config, Copilot
# CLI workspace files, Gemini CLI in an untrusted folder, Claude Code's
# `.mcp.json`. An adapter says so with `trust_gate`, from the harness's own
# record of that trust; aido itself never grants it. A record it cannot read
# counts as "not granted", so the note is shown rather than wrongly left out.
#
# The gate reads nothing itself: the adapter names the records it needs
# (`trust_files`), the world reads them once under the safe-read rules
# (reconcile/read/world.py), and the gate looks them up in `TrustRecords`, so
# `build_plan` stays a pure function of the world.
# ======================================================================================


@dataclass(frozen=True)
class TrustGate(Strict):
    """What the harness still requires for one file, and the command or setting that grants it."""

    requires: str
    grant: str

    def sentence(self) -> str:
        """The gate as one line for the plan and doctor."""
        return f"{self.requires}; to grant it: {self.grant} (aido never grants trust)"


class TrustRecords(NamedTuple):
    """The harness records the trust gates look at, read before the plan is computed.

    `parsed` holds each record an adapter named in `trust_files` (None: missing or
    unreadable), `present` which of those paths exist (a `.git` folder, say), and
    `digests` the sha256 of each targeted file's bytes as read. A path no adapter
    named counts as missing, like an unreadable record: the gate is shown, never wrongly
    left out (a hand-built world in a test has no records at all).
    """

    parsed: Mapping[Path, Any] = MappingProxyType({})
    present: frozenset[Path] = frozenset()
    digests: Mapping[Path, str] = MappingProxyType({})

    def record(self, path: Path) -> Any:
        """The parsed record at `path` (None: missing, unreadable or not named)."""
        return self.parsed.get(path)

    def exists(self, path: Path) -> bool:
        """Whether `path` (named in `trust_files`) exists."""
        return path in self.present


NO_RECORDS = TrustRecords()


def parse_record(path: Path, raw: bytes | None) -> Any:
    """The JSON or TOML record `raw` read from `path` (by its suffix); None if unreadable."""
    if raw is None:
        return None
    try:
        if path.suffix == ".toml":
            return _parse_toml(raw.decode("utf-8"))
        return json.loads(raw)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None


def _parse_toml(text: str) -> Any:
    """`tomllib.loads`, imported only when a TOML record is read."""
    import tomllib

    return tomllib.loads(text)


def lookup(data: Any, *keys: str) -> Any:
    """`data[k1][k2]...`, or None where a level is missing or not an object."""
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def within(project: Path, folder: object) -> bool:
    """Whether `project` is `folder` or inside it (`folder` as a harness recorded it)."""
    if not isinstance(folder, str) or not folder:
        return False
    return project == Path(folder) or project.is_relative_to(Path(folder))


# An agent name aido scopes to: what `[roles]` accepts
# (reconcile/read/choices/config.py AGENT_PATTERN).
AGENT_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")

# The strength of an adapter's evidence, strongest first: the harness's own CLI
# read aido's files back in CI, its source code, its official docs, or only
# third-party pages.
VERIFIED_BY: tuple[str, ...] = ("real CLI", "source", "docs", "secondary")

# How a harness reaches a server: a local process, streamable HTTP, or SSE.
Transport = Literal["stdio", "http", "sse"]
# Where in a spec a variable may have to be expanded by the harness itself
# (a stdio spec's `env` aside: it is referenced or left out with a note).
Place = Literal["args", "url", "headers"]
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

    `file` names one of the adapter's companion files (`Adapter.companion_files`) when
    the value lives there, not in the entry's own file; a map path ending in ITEMS
    (adapters/base.py) makes it an item of an array, named by `item_key`.
    """

    map_path: tuple[str, ...]
    name: str
    value: Any
    file: str | None = None


class NativePolicy(NamedTuple):
    """A policy as a harness's own enforcement can say it (`Adapter.native_policy`):
    the items aido owns in a companion file, and what that file cannot express."""

    items: tuple[Companion, ...] = ()
    notes: tuple[str, ...] = ()


class PolicyRules(NamedTuple):
    """The policy of the layers that set `write_native` (reconcile/plan/policy/native.py), as
    `Adapter.native_policy` reads it: each rule as written (`github`, `id:github`,
    `npm:@scope/*`, `pypi:name`, `docker:image`, `host:*.example.com`)."""

    allow: tuple[str, ...] | None  # None: no allow list
    deny: tuple[str, ...]
    allow_custom: bool = True
    layers: tuple[str, ...] = ()  # the files the rules came from, as the plan names them


class Budget(NamedTuple):
    """What aido.toml asks of one server's tools in one harness file."""

    tools: tuple[str, ...] | None = None  # only these (None: every tool)
    exclude: tuple[str, ...] = ()  # none of these
    enabled: bool = True  # False: configured but switched off
    # The server's tools as the last probe listed them (None: unknown).
    known: tuple[str, ...] | None = None

    @property
    def filters(self) -> bool:
        """Whether it limits the tools (as opposed to loading every tool)."""
        return self.tools is not None or bool(self.exclude)

    @property
    def chosen(self) -> bool:
        """Whether it asks anything of the harness."""
        return self.filters or not self.enabled

    def allowed(self, tool: str) -> bool:
        """Whether the model may load `tool` (an exclusion wins over the allow-list)."""
        return (self.tools is None or tool in self.tools) and tool not in self.exclude

    @property
    def loaded(self) -> tuple[str, ...] | None:
        """The known tools the model loads, in the server's order (None: not known)."""
        if self.known is None:
            return None
        return tuple(tool for tool in self.known if self.allowed(tool)) if self.enabled else ()

    @property
    def allow_list(self) -> tuple[str, ...] | None:
        """The tools to list in a harness that names only what it loads (None: cannot)."""
        if self.known is not None:
            return self.loaded
        if self.tools is None:
            return None  # "every tool but these" needs the server's own list
        return tuple(tool for tool in self.tools if tool not in self.exclude)

    @property
    def deny_list(self) -> tuple[str, ...] | None:
        """The tools to list in a harness that names only what it hides (None: cannot)."""
        if self.tools is None:
            return self.exclude
        if self.known is None:
            return None  # "only these" needs the server's own list
        return tuple(tool for tool in self.known if not self.allowed(tool))


class Budgeted(NamedTuple):
    """An entry as a budget leaves it, and what else the file needs."""

    entry: dict[str, Any] | None  # None: left out of this file (switched off)
    claims: frozenset[str] = frozenset()  # the harness's keys aido.toml now sets: aido's
    companions: tuple[Companion, ...] = ()  # values outside the entry (OpenCode `tools`)
    notes: tuple[str, ...] = ()  # what the harness cannot do, said per file
    filtered: bool = True  # whether the harness applies the tool filter asked for


NOTHING = Budget()  # aido.toml asks nothing of the tools (docs/context-budget.md)


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
    transports: frozenset[Transport] = frozenset({"stdio", "http", "sse"})
    references: frozenset[Place] = frozenset({"args", "url", "headers"})
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


def same_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """An agent file's server in the shape of the harness's shared file (most harnesses)."""
    return dict(entry)


def no_tool_list(agent: Mapping[str, Any], name: str) -> str | None:
    """Most harnesses give an agent every tool of the servers in its own file."""
    return None


def holds_servers(agent: Mapping[str, Any]) -> str | None:
    """Most agent definitions can hold servers; a reason when this one cannot."""
    return None


def no_gate(
    location: Location, host: Host, changed: bool, records: TrustRecords
) -> TrustGate | None:
    """Most harnesses use an agent file as it stands, without asking the user again."""
    return None


def no_files(location: Location, host: Host) -> tuple[Path, ...]:
    """A gate that needs no record of the harness's."""
    return ()


def no_agent_budget(name: str, agent: str, budget: Budget) -> Budgeted | None:
    """Most harnesses have no per-agent tool field (an agent file holding its own entry
    takes the budget in the entry)."""
    return None


class AgentFiles(NamedTuple):
    """Where a harness keeps agent definitions that can hold their own servers (docs/roles.md).

    An agent is a file `<folder>/<name><suffix>` under the project (project scope) or
    the home folder (user scope); its servers are the map at `map_path` inside it, each
    in the shape `entry` turns the shared file's rendering into.
    """

    folder_name: str  # under the project or the home folder, e.g. ".gemini/agents"
    suffix: str  # e.g. ".md"
    fmt: Format
    map_path: tuple[str, ...]
    entry: Callable[[dict[str, Any]], dict[str, Any]] = same_entry
    # What keeps agent `agent` (its file's parsed value) from using server `name`'s tools
    # although the server is in its file, e.g. a tool allow-list; None: nothing.
    blocked: Callable[[Mapping[str, Any], str], str | None] = no_tool_list
    # Why an agent (its file's parsed value) cannot hold servers at all; None: it can.
    refuses: Callable[[Mapping[str, Any]], str | None] = holds_servers
    # What the harness requires before it uses the agent file holding aido's servers
    # (`changed`: the plan writes it), e.g. an acknowledgement of its content.
    gate: Callable[[Location, Host, bool, TrustRecords], TrustGate | None] = no_gate
    # The harness records `gate` looks at (read beforehand into TrustRecords).
    gate_files: Callable[[Location, Host], tuple[Path, ...]] = no_files
    # Whether the harness calls an agent by its frontmatter `name` (else by its file name
    # without `suffix`): the installed CLIs' agent loaders (docs/roles.md, "Agent names").
    named_in_frontmatter: bool = False
    # Server `name`'s budget for agent `agent` alone (`[override.ID.agents.NAME]`) as values
    # of that agent's file, for a harness whose agents inherit the main session's servers
    # and deny tools in their own file (Claude Code's `disallowedTools`); `entry` of the
    # result is unused. None: no such field.
    budget: Callable[[str, str, Budget], Budgeted | None] = no_agent_budget

    def folder(self, scope: Scope, host: Host) -> Path | None:
        """The folder of the agents of `scope` (None: no agent files in that scope)."""
        root = {Scope.PROJECT: host.project, Scope.USER: host.home}.get(scope)
        return None if root is None else root / self.folder_name

    def location(self, adapter: str, scope: Scope, host: Host, name: str) -> Location | None:
        """The file of agent `name` in `scope` (None: no agent files there, or a bad name)."""
        folder = self.folder(scope, host)
        if folder is None or not AGENT_NAME_RE.fullmatch(name):
            return None
        path = folder / f"{name}{self.suffix}"
        return Location(adapter, scope, path, self.fmt, self.map_path)

    def name_of(self, path: Path, scope: Scope, host: Host) -> str | None:
        """The agent whose file `path` is in `scope`, or None when it is no agent file."""
        folder = self.folder(scope, host)
        if folder is None or path.parent != folder or not path.name.endswith(self.suffix):
            return None
        name = path.name.removesuffix(self.suffix)
        return name if AGENT_NAME_RE.fullmatch(name) else None


class NamedAgents(NamedTuple):
    """Agents a harness knows by name, for scoping by companions (OpenCode's
    `agent.<name>.tools`): those its config file defines under `map_path`, its Markdown
    agents in `folders` of its config folder, and its built-in ones; and the values of that
    file that scope a server (`scoping`) or a budget (`budget`) to some of them."""

    map_path: tuple[str, ...]
    folders: tuple[str, ...]  # under the config folder, each read as `<folder>/**/*.md`
    project_folder: str  # the project's config folder (the user one holds the file itself)
    # Values that limit server `name` to the agents named `agents` in the same file.
    scoping: Callable[[str, tuple[str, ...]], tuple[Companion, ...]]
    built_in: tuple[str, ...] = ()
    # Server `name`'s budget for agent `agent` alone as values of the same file (OpenCode's
    # `agent.<name>.tools`); `entry` of the result is unused. None: no such field.
    budget: Callable[[str, str, Budget], Budgeted | None] = no_agent_budget

    def folder(self, scope: Scope, host: Host, location: Location) -> Path:
        """The config folder whose `folders` hold Markdown agents in `scope`."""
        if scope is Scope.PROJECT:
            return host.project / self.project_folder
        return location.path.parent


class Rendered(NamedTuple):
    """An entry in a harness's shape plus what the user must still do by hand."""

    entry: dict[str, Any]
    notes: tuple[str, ...] = ()


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


def accepts(name: str, entry: Mapping[str, Any]) -> str | None:
    """A format that holds every entry aido renders."""
    return None


class AssumedFormat(NamedTuple):
    """Which of a harness's formats aido assumed for one scope (`Adapter.assumed_format`),
    e.g. by the version of its CLI found here, and what that format cannot hold."""

    said: str  # which format and why, for `aido doctor`
    # Why the harness, so assumed, would not read `entry` (server `name`); None: it would.
    refuses: Callable[[str, Mapping[str, Any]], str | None] = accepts


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
    """A harness: where its MCP config lives and how an entry looks there."""

    name: str
    title: str
    scopes: tuple[Scope, ...]
    # How the file locations and entry shape were checked, and its CLI.
    evidence: Evidence
    # Agent definitions that can hold their own servers (None: the harness cannot scope so).
    agents: AgentFiles | None
    # Agents named in its config file and folders, for companion scoping (None: not so).
    named_agents: NamedAgents | None
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

    def launch(self, entry: Mapping[str, Any], host: Host) -> Launch:
        """How the harness starts `entry` (`aido doctor --probe`): references expanded its way."""
        ...

    def budget(
        self, name: str, entry: dict[str, Any], budget: Budget, *, scope: Scope = Scope.PROJECT
    ) -> Budgeted:
        """`entry` (server `name`) with `budget` compiled into the harness's own fields
        (docs/context-budget.md); where it has none, unfiltered or left out, with a note."""
        ...

    def companion_files(self, scope: Scope, host: Host) -> Mapping[str, Location]:
        """Other files this harness keeps an entry's switches in, by the name a `Companion`
        gives as its `file` (Claude Code's `.claude/settings.json`); `map_path` is ()."""
        ...

    def native_policy(self, rules: PolicyRules, scope: Scope) -> NativePolicy | None:
        """`rules` as items of the harness's own enforcement in a companion file (None: it
        has none in `scope`); what it cannot express is said in the notes."""
        ...

    def admin_policy(
        self, rules: PolicyRules, entries: Mapping[str, Mapping[str, Any]]
    ) -> str | None:
        """`rules` as the enforcement file only an administrator keeps (VS Code's managed
        policy, Codex's requirements.toml), which aido never writes: where it goes and
        what goes in it, in its own syntax, for the plan and `aido doctor` to print
        (None: the harness has none). `entries`: aido's entries for it, by name."""
        ...

    def detect(self, host: Host, scope: Scope) -> str | None:
        """Why this harness counts as in use for `scope` here (None if it does not)."""
        ...

    def file_notes(self, location: Location, host: Host) -> tuple[str, ...]:
        """What the user should know about the file as a whole, e.g. one that shadows it."""
        ...

    def trust_files(self, location: Location, host: Host) -> tuple[Path, ...]:
        """The harness's own records `trust_gate` looks at for this file (read by the world)."""
        ...

    def trust_gate(
        self, location: Location, host: Host, names: tuple[str, ...], records: TrustRecords
    ) -> TrustGate | None:
        """What the harness still requires before it uses servers `names` in this file,
        judged from `records` (the files `trust_files` named, as read)."""
        ...

    def assumed_format(self, scope: Scope, host: Host) -> AssumedFormat | None:
        """Which of the harness's formats aido assumed for `scope` on this host, and why
        (`aido doctor`), and which entries it cannot hold (left out of the plan with the
        reason); None for a harness with one format."""
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


def role_scoping(
    adapter: Adapter, name: str, agents: tuple[str, ...]
) -> tuple[Companion, ...] | None:
    """Values that limit server `name` to the agents named `agents` in `adapter`'s own
    file (`NamedAgents.scoping`); None when the harness has no such mechanism there."""
    named = adapter.named_agents
    return None if named is None else named.scoping(name, agents)


def agent_budget(adapter: Adapter, name: str, agent: str, budget: Budget) -> Budgeted | None:
    """Server `name`'s budget for agent `agent` alone (`[override.ID.agents.NAME]`) as
    values of the adapter's own file (`NamedAgents.budget`, OpenCode) or of the agent's file
    (`AgentFiles.budget`, Claude Code); None: the harness has no such field."""
    if adapter.named_agents is not None:
        return adapter.named_agents.budget(name, agent, budget)
    return None if adapter.agents is None else adapter.agents.budget(name, agent, budget)


def substitute(text: str, reference: Callable[[str], str]) -> str:
    """Replace each catalog `${NAME}` placeholder with the harness's reference form."""
    return PLACEHOLDER_RE.sub(lambda match: reference(match.group(1)), text)
