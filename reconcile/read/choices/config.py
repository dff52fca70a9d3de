"""`aido.toml`: the project's choices (SPEC §4), loaded with tomllib, checked by pydantic.

Pydantic validates every `aido.toml` aido acts on, through the one decoder of
aido's own files (reconcile/read/decode.py); decode's memo of validated bytes builds
an unchanged file without importing it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple

from aidokit.adapters import ADAPTERS
from aidokit.adapters.agents import AGENT_NAME_RE
from aidokit.catalog import entries
from aidokit.catalog.errors import excerpt
from aidokit.catalog.facts import PACKS_BY_ID
from aidokit.catalog.models import ENV_NAME_PATTERN, ID_PATTERN, Check, Pattern, Role, Strict
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.core.safe_read import decode_error, parse, parse_nested, read_file
from aidokit.reconcile.core.toml_errors import toml_problem
from aidokit.reconcile.read.decode import decode

if TYPE_CHECKING:
    from pydantic import ValidationError

    from aidokit.reconcile.read.choices.lockfile import BaselinePin

CONFIG_NAME = "aido.toml"
LOCAL_CONFIG_NAME = "aido.local.toml"
CatalogId = Annotated[str, Pattern(ID_PATTERN)]
# An agent's file name without its suffix (`.claude/agents/qa.md` -> `qa`): a plain name.
AGENT_PATTERN = AGENT_NAME_RE.pattern
AgentName = Annotated[str, Pattern(AGENT_PATTERN)]
# A role in `[mcp.roles]`: a catalog Role, or "*" to share the entry on purpose.
EntryRole = Literal[Role, "*"]


def version_specifier(value: str) -> str:
    """Accept a PEP 440 version specifier such as `>=0.2,<0.4`."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    try:
        SpecifierSet(value)
    except InvalidSpecifier:
        raise ValueError(
            f"{excerpt(value)} is not a PEP 440 version specifier, like '>=0.2'"
        ) from None
    return value


def baseline_source(value: str) -> str:
    """Accept a baseline source: `git+https://...#ref:path`, `git+ssh://`, `git+file://`, a path."""
    from aidokit.reconcile.read.baselines.source import check_source  # noqa: PLC0415 (only when pydantic validates)

    return check_source(value)


@dataclass(frozen=True, kw_only=True)
class McpChoices(Strict):
    """`[mcp]`: explicit additions and exclusions on top of suggestions."""

    add: tuple[CatalogId, ...] = ()
    skip: tuple[CatalogId, ...] = ()
    # The roles of an entry, overriding the catalog's `suggested_for`; ["*"] shares it
    # with every agent on purpose (docs/roles.md).
    roles: dict[CatalogId, tuple[EntryRole, ...]] = field(default_factory=dict)


# The field checks of `[custom.*]` and `[override.*]` (reconcile/checks/hardening.py), which
# is imported when a value is checked: an aido.toml without those tables never loads it.
def _safe_url(url: str) -> str:
    from aidokit.reconcile.checks.hardening import safe_url  # noqa: PLC0415 (off a converged plan's path)

    return safe_url(url)


def _safe_headers(headers: dict[str, str]) -> dict[str, str]:
    from aidokit.reconcile.checks.hardening import safe_headers  # noqa: PLC0415 (off a converged plan's path)

    return safe_headers(headers)


def _safe_command(command: str) -> str:
    from aidokit.reconcile.checks.hardening import safe_command  # noqa: PLC0415 (off a converged plan's path)

    return safe_command(command)


def _safe_args(args: tuple[str, ...]) -> tuple[str, ...]:
    from aidokit.reconcile.checks.hardening import safe_args  # noqa: PLC0415 (off a converged plan's path)

    return safe_args(args)


def _safe_env(env: dict[str, str]) -> dict[str, str]:
    from aidokit.reconcile.checks.hardening import safe_env  # noqa: PLC0415 (off a converged plan's path)

    return safe_env(env)


def _known_adapters(names: tuple[str, ...]) -> tuple[str, ...]:
    """Every name is an adapter aido has."""
    for name in names:
        if name not in ADAPTERS:
            from aidokit.catalog.spelling import maybe  # noqa: PLC0415 (off a converged plan's path)

            raise ValueError(f"unknown adapter {name!r}{maybe(name, ADAPTERS)}")
    return names


@dataclass(frozen=True, kw_only=True)
class CustomMCP(Strict):
    """`[custom.<id>]`: a server that is not in the catalog (always security-sensitive)."""

    # SPEC §7: every value here reaches a harness file; the checks are in hardening.py.
    url: Annotated[str, Pattern(r"^https?://"), Check(_safe_url)] | None = None
    transport: Literal["http", "sse"] = "http"
    headers: Annotated[dict[str, str], Check(_safe_headers)] = field(default_factory=dict)
    command: Annotated[str, Check(_safe_command)] | None = None
    args: Annotated[tuple[str, ...], Check(_safe_args)] = ()
    env: Annotated[dict[Annotated[str, Pattern(ENV_NAME_PATTERN)], str], Check(_safe_env)] = field(
        default_factory=dict
    )
    # The only harnesses this server is written to (issue 50: `aido import` records the
    # ones that can launch it as written); unset: every targeted harness.
    adapters: Annotated[tuple[str, ...], Check(_known_adapters)] | None = None

    def __post_init__(self) -> None:
        # The field checks again, so they hold however the value was built (decode's
        # memo builds a known file's config without pydantic): cheap, and they guard secrets.
        from aidokit.reconcile.checks import hardening  # noqa: PLC0415 (off a converged plan's path)

        if self.url is not None:
            hardening.safe_url(self.url)
        if self.command is not None:
            hardening.safe_command(self.command)
        hardening.safe_headers(self.headers)
        hardening.safe_args(self.args)
        hardening.safe_env(self.env)
        hardening.check_custom_kind(self.url, self.command, self.args, self.env, self.headers)


# An MCP tool's name as a server lists it (the MCP spec's tool names: letters, digits,
# `_`, `-`, `.`, at most 128 characters); never a glob, so every harness can spell it.
TOOL_PATTERN = r"^[A-Za-z0-9_.-]{1,128}$"
ToolName = Annotated[str, Pattern(TOOL_PATTERN)]


@dataclass(frozen=True, kw_only=True)
class ToolChoice(Strict):
    """The context budget of one server (docs/context-budget.md): which of its tools the
    model loads, and whether it is on. Unset (None) fields are left to the next layer down,
    and to the harness when no layer sets them (SPEC §6)."""

    tools: tuple[ToolName, ...] | None = None  # only these tools
    exclude_tools: tuple[ToolName, ...] | None = None  # every tool but these
    enabled: bool | None = None  # false: configured, switched off

    @property
    def chosen(self) -> bool:
        """Whether it sets anything."""
        return self.tools is not None or self.exclude_tools is not None or self.enabled is not None


@dataclass(frozen=True, kw_only=True)
class Override(Strict):
    """`[override.<id>]`: customise a catalog entry without making it a conflict (SPEC §4).

    `args` are appended to the catalog's, `env` adds or replaces non-secret values.
    Setting `command` or `url` replaces what runs, which makes the entry custom
    (security-sensitive, confirmed by name).
    """

    args: Annotated[tuple[str, ...], Check(_safe_args)] = ()
    env: Annotated[dict[Annotated[str, Pattern(ENV_NAME_PATTERN)], str], Check(_safe_env)] = field(
        default_factory=dict
    )
    command: Annotated[str, Check(_safe_command)] | None = None
    url: Annotated[str, Pattern(r"^https?://"), Check(_safe_url)] | None = None
    # The context budget (docs/context-budget.md): for every agent, and per agent below.
    tools: tuple[ToolName, ...] | None = None
    exclude_tools: tuple[ToolName, ...] | None = None
    enabled: bool | None = None
    agents: dict[AgentName, ToolChoice] = field(default_factory=dict)
    # The only harnesses this catalog server is written to (issue 50: `aido import` records
    # the ones that can launch the person's server as written); unset: every targeted one.
    adapters: Annotated[tuple[str, ...], Check(_known_adapters)] | None = None
    # The person's own name for a variable the catalog entry reads: catalog name -> theirs
    # (`GITHUB_PERSONAL_ACCESS_TOKEN = "GH_PAT"`); every reference is written with theirs.
    variables: dict[
        Annotated[str, Pattern(ENV_NAME_PATTERN)], Annotated[str, Pattern(ENV_NAME_PATTERN)]
    ] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Checked again however the value was built, as for CustomMCP.
        from aidokit.reconcile.checks import hardening  # noqa: PLC0415 (off a converged plan's path)

        if self.url is not None:
            hardening.safe_url(self.url)
            if self.command is not None:
                raise ValueError("set `command` or `url`, not both")
        if self.command is not None:
            hardening.safe_command(self.command)
        hardening.safe_args(self.args)
        hardening.safe_env(self.env)

    @property
    def replaces(self) -> bool:
        """Whether it changes what runs (command or URL): the entry becomes custom."""
        return self.command is not None or self.url is not None

    @property
    def choice(self) -> ToolChoice:
        """Its context budget for every agent."""
        return ToolChoice(tools=self.tools, exclude_tools=self.exclude_tools, enabled=self.enabled)

    @property
    def customises(self) -> bool:
        """Whether it changes the entry's spec (args, env, command, url, the names of its
        variables), not only its budget."""
        return bool(self.args or self.env or self.variables) or self.replaces


def policy_rule(text: str) -> str:
    """A `[policy]` rule (reconcile/policy/rules.py), checked only when pydantic validates."""
    from aidokit.reconcile.policy.rules import check_rule  # noqa: PLC0415 (off a converged plan's path)

    return check_rule(text)


PolicyRule = Annotated[str, Check(policy_rule)]


@dataclass(frozen=True, kw_only=True)
class Profile(Strict):
    """`[profiles.<name>]`: a named set of servers a person switches on with `aido use
    <name>` (SPEC §8): exactly those are on while it is active, the rest off, in that
    person's own files only. In `aido.toml` a profile is a suggestion to the team."""

    enable: tuple[CatalogId, ...] = ()


@dataclass(frozen=True, kw_only=True)
class PolicyChoices(Strict):
    """`[policy]`: which servers aido may write (SPEC §4; docs/policy.md).

    Layers only narrow: `deny` rules add up, every layer's `allow` list must
    admit an entry, and one `allow_custom = false` refuses custom servers.
    """

    allow: tuple[PolicyRule, ...] | None = None  # unset: no allow list; [] admits nothing
    deny: tuple[PolicyRule, ...] = ()
    allow_custom: bool = True
    # Also write the policy into each harness's own enforcement file (user scope only).
    write_native: bool = False


@dataclass(frozen=True, kw_only=True)
class ProjectConfig(Strict):
    """The whole of `aido.toml` (and of `aido.local.toml` and the user's `aido.toml`)."""

    required_version: Annotated[str, Check(version_specifier)] | None = None
    # Shared baselines under this file, earliest first (docs/baselines.md); the loader
    # (reconcile/read/baselines/resolve.py) reads them, the merged config keeps none.
    extends: tuple[Annotated[str, Check(baseline_source)], ...] = ()
    adapters: tuple[str, ...] | None = None
    suggest: bool = True  # false: only what `add` and [custom.*] name
    stack_packs: tuple[str, ...] | None = None
    conformance: str | None = None
    mcp: McpChoices = field(default_factory=McpChoices)
    # Which of the project's agents play each role (role -> agent names). Validated
    # and merged across layers; role scoping reads it (docs/configuration.md).
    roles: dict[Role, tuple[AgentName, ...]] = field(default_factory=dict)
    override: dict[CatalogId, Override] = field(default_factory=dict)
    custom: dict[CatalogId, CustomMCP] = field(default_factory=dict)
    # Self-hosted forge hosts for detect.<forge>Remote: host -> forge.
    forges: dict[str, Literal["github", "gitlab", "bitbucket"]] = field(default_factory=dict)
    # Kept per layer, never merged (reconcile/read/choices/layers.py combines the layers).
    policy: PolicyChoices | None = None
    # Named sets of servers for `aido use` (per name, a later layer's replaces).
    profiles: dict[CatalogId, Profile] = field(default_factory=dict)


def validate_config(data: object) -> ProjectConfig:
    """Parsed `data` checked by pydantic against the model, as strictly as a file is;
    raises its ValidationError."""
    from aidokit.catalog.validation import validate_data  # noqa: PLC0415 (catalog.validation imports pydantic, heavy)

    return validate_data(ProjectConfig, data)


class LoadedConfig(NamedTuple):
    """A config and where it came from: one file, or the layers merged (read/choices/layers.py)."""

    config: ProjectConfig
    path: Path
    present: bool
    keys: frozenset[str] = frozenset()  # the keys the file sets: `adapters`, `mcp.add`, ...
    # For merged layers: which file each choice came from (`adapters`, `add:<id>`, ...).
    origin: Mapping[str, str] = MappingProxyType({})
    sources: tuple[Path, ...] = ()  # the files that were read, in merge order
    # For merged layers: each present layer as read, in merge order (its `[policy]` included).
    layers: tuple[LoadedConfig, ...] = ()
    # The baselines under the layers (source -> its pin), as aido.lock records them.
    baselines: Mapping[str, BaselinePin] = MappingProxyType({})
    label: str | None = None  # a baseline layer: how plans name it (`baseline git+https://...`)


def load_config(project: Path, environ: Mapping[str, str] | None = None) -> LoadedConfig:
    """Read `<project>/aido.toml`; defaults when the file does not exist."""
    return load_file(project / CONFIG_NAME, environ)


def load_file(
    path: Path, environ: Mapping[str, str] | None = None, *, name: str | None = None
) -> LoadedConfig:
    """Read one config file of any layer; defaults when it does not exist. Errors point at
    lines of `name` (default: the file's name; a layer outside the project: `~/...`)."""
    raw = read_file(path, error=ConfigError)
    if raw is None:
        return LoadedConfig(ProjectConfig(), path, present=False)
    return parse_config(raw, path, environ, name=name)


def parse_config(
    raw: bytes,
    path: Path,
    environ: Mapping[str, str] | None = None,
    *,
    shown: str | None = None,
    name: str | None = None,
) -> LoadedConfig:
    """The bytes of one config file as a layer; errors name `shown` (default: the path)
    and point at lines of `name` (default: the file's name)."""
    prefix = f"{shown}: " if shown else ""
    name = name or path.name
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        error = ConfigError(
            f"{prefix}{name}:{line}:{column} is not UTF-8 text (byte 0x{raw[exc.start]:02x}); "
            "save the file as UTF-8 and run aido again"
        )
        raise _at(error, path, line) from exc
    try:
        data = parse_nested(path, lambda: parse(text), error=ConfigError)
    except decode_error() as exc:  # one style with the schema's errors, no parser text
        problem = toml_problem(exc, text)
        error = ConfigError(
            f"{prefix}{name}:{problem.line}:{problem.column} is not valid TOML: "
            f"{problem.words}; fix it and run aido again"
        )
        raise _at(error, path, problem.line) from exc
    mcp = data.get("mcp")
    keys = frozenset([*data, *(f"mcp.{key}" for key in (mcp if isinstance(mcp, dict) else ()))])
    config = decode(
        ProjectConfig,
        raw,
        data,
        fail=lambda exc: _at(
            ConfigError(prefix + _explain(exc, text, name)),
            path,
            _line_of(text, _loc(exc)),
        ),
        project=path.parent,
        parsed=True,
        environ=environ,
    )
    return LoadedConfig(config, path, present=True, keys=keys)


def config_schema() -> dict[str, Any]:
    """The JSON Schema of `aido.toml`."""
    from aidokit.catalog.validation import json_schema  # noqa: PLC0415 (catalog.validation imports pydantic, heavy)
    from aidokit.reconcile.read.choices.config_docs import SCHEMA_URL, describe  # noqa: PLC0415 (off a converged plan's path)

    schema = describe(json_schema(ProjectConfig))
    schema["title"] = "aido.toml"
    schema["$id"] = SCHEMA_URL
    _closed_sets(schema)
    return schema


def _closed_sets(schema: dict[str, Any]) -> None:
    """Name the values aido accepts where they are a closed set, so an editor flags a typo:
    adapter names, stack packs, catalog ids under `[mcp] add` (aido refuses anything else
    there; `skip`, `[mcp.roles]` and `[override.*]` also take `[custom.*]` ids)."""
    ids = {"enum": sorted(entry.id for entry in entries.MCP_CATALOG), "type": "string"}
    top = schema["properties"]
    top["adapters"]["anyOf"][0]["items"] = {"enum": sorted(ADAPTERS), "type": "string"}
    top["stack_packs"]["anyOf"][0]["items"] = {"enum": sorted(PACKS_BY_ID), "type": "string"}
    schema["$defs"]["McpChoices"]["properties"]["add"]["items"] = ids


def _at(error: ConfigError, path: Path, line: int | None) -> ConfigError:
    """`error` with the file and line it is about as `error.details` (CI annotates them)."""
    error.details = {"path": str(path), **({"line": line} if line else {})}
    return error


def _loc(exc: ValidationError) -> tuple[str, ...]:
    """Where the first validation error is, as the keys leading to it."""
    return tuple(str(part) for part in exc.errors()[0]["loc"])


def _explain(exc: ValidationError, text: str, name: str) -> str:
    """One sentence for the first validation error: the key, its line, the fix."""
    error = exc.errors()[0]
    loc = _loc(exc)
    key = loc[-1] if loc else "?"
    where = f"{name}:{_line_of(text, loc)}"
    dotted = ".".join(loc)
    if error["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
        from aidokit.catalog.spelling import did_you_mean  # noqa: PLC0415 (on the error path only)

        valid = _valid_keys(loc[:-1])
        hint = did_you_mean(key, valid) or f"; valid keys: {', '.join(valid)}"
        return f"unknown key '{dotted}' at {where}{hint}"
    pattern = (
        error.get("ctx", {}).get("pattern") if error["type"] == "string_pattern_mismatch" else None
    )
    if pattern == ID_PATTERN:
        return (
            f"invalid id {excerpt(error['input'])} at {where} ('{dotted}'): ids are lower-case "
            "letters, digits and dashes, like 'context7'"
        )
    if pattern == ENV_NAME_PATTERN:
        return (
            f"invalid environment variable name {excerpt(error['input'])} at {where} ('{dotted}'): "
            "use letters, digits and underscores, not starting with a digit, like 'API_TOKEN'"
        )
    return f"invalid value for '{dotted}' at {where}: {_in_words(error)}"


# What a value of each pydantic error type must be, in aido.toml's own words (no library
# text reaches the user: issue 54 §6).
_MUST_BE = {
    "list_type": 'must be a list, like ["a", "b"]',
    "tuple_type": 'must be a list, like ["a", "b"]',
    "set_type": 'must be a list, like ["a", "b"]',
    "string_type": 'must be a string in quotes, like "text"',
    "bool_type": "must be a boolean: write true or false, without quotes",
    "bool_parsing": "must be a boolean: write true or false, without quotes",
    "int_type": "must be a whole number, without quotes",
    "int_parsing": "must be a whole number, without quotes",
    "int_from_float": "must be a whole number, without quotes",
    "float_type": "must be a number, without quotes",
    "float_parsing": "must be a number, without quotes",
    "dict_type": 'must be a table, like [section] or { key = "value" }',
    "model_type": 'must be a table, like [section] or { key = "value" }',
    "model_attributes_type": 'must be a table, like [section] or { key = "value" }',
    "dataclass_type": 'must be a table, like [section] or { key = "value" }',
    "missing": "is required here",
}


def _in_words(error: Any) -> str:
    """A validation error as aido.toml's words: what the value must be, or the message of
    aido's own check (never pydantic's wording)."""
    kind = error["type"]
    if kind in _MUST_BE:
        return _MUST_BE[kind]
    ctx = error.get("ctx") or {}
    if kind == "literal_error" and "expected" in ctx:
        return f"must be {ctx['expected']}"
    if kind in ("too_short", "too_long") and "min_length" in ctx:
        return f"must hold at least {ctx['min_length']} item(s)"
    if kind in ("too_long",) and "max_length" in ctx:
        return f"must hold at most {ctx['max_length']} item(s)"
    if kind in ("value_error", "assertion_error"):
        return str(error["msg"]).removeprefix("Value error, ").removeprefix("Assertion failed, ")
    if kind == "string_pattern_mismatch":
        return "has characters that are not allowed here"
    return "is not a value aido.toml accepts here (`aido schema` shows what is)"


def _valid_keys(parent: tuple[str, ...]) -> list[str]:
    """The keys allowed in the table at `parent`."""
    if not parent:
        return _field_names(ProjectConfig)
    if parent == ("mcp",):
        return _field_names(McpChoices)
    if parent[0] == "custom" and len(parent) == 2:
        return _field_names(CustomMCP)
    if parent[0] == "override" and len(parent) == 2:
        return _field_names(Override)
    if parent[0] == "override" and len(parent) == 4 and parent[2] == "agents":
        return _field_names(ToolChoice)
    if parent == ("policy",):
        return _field_names(PolicyChoices)
    return []


def _field_names(model: type[Any]) -> list[str]:
    return sorted(item.name for item in fields(model))


def _line_of(text: str, loc: tuple[str, ...]) -> int:
    """Best-effort line number of the deepest key of `loc` (tomllib gives no positions).

    Searches from the deepest table of `loc` that has a `[header]`, for the
    deepest key written on a line of its own or inside an inline table.
    """
    lines = text.splitlines()
    names = [part for part in loc if not part.isdigit()]
    start = 0
    for size in range(len(names), 0, -1):
        header = re.compile(
            r"^\s*\[+\s*" + r"\s*\.\s*".join(map(_key_re, names[:size])) + r"\s*\]+"
        )
        found = next((n for n, line in enumerate(lines) if header.match(line)), None)
        if found is not None:
            start = found
            break
    for key in reversed(names):
        own_line = re.compile(r"^\s*(?:[\w.\"'-]*\.)?" + _key_re(key) + r"\s*=")
        inline = re.compile(r"[{,]\s*" + _key_re(key) + r"\s*=")
        for number in range(start, len(lines)):
            if own_line.match(lines[number]) or inline.search(lines[number]):
                return number + 1
    return start + 1


def _key_re(key: str) -> str:
    escaped = re.escape(key)
    return rf"(?:{escaped}|\"{escaped}\"|'{escaped}')"
