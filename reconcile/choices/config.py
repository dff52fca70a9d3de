"""`aido.toml`: the project's choices (SPEC §4), loaded with tomllib, checked by pydantic.

Pydantic validates every `aido.toml` aido acts on, through the one decoder of
aido's own files (reconcile/decode.py), but importing it costs almost as much
as all the rest of a plan: a file of a common plain shape (`_plain_data`, lax
values such as `suggest = "yes"` included) is built without it, and decode's
memo builds any unchanged file without it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from aidokit.adapters.base import AGENT_NAME_RE
from aidokit.catalog.constraints import Check, Pattern, Strict
from aidokit.catalog.models import ALL_ROLES, ENV_NAME_PATTERN, ID_PATTERN, URL_PATTERN, Role
from aidokit.reconcile.decode import decode
from aidokit.reconcile.documents import tomlparse
from aidokit.reconcile.errors import ConfigError
from aidokit.reconcile.security import hardening
from aidokit.reconcile.security.safe_read import parse_nested, read_file
from aidokit.reconcile.shapes import matches as _matches
from aidokit.reconcile.user_dirs import parsed_toml

if TYPE_CHECKING:
    from pydantic import ValidationError

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
        raise ValueError(f"{value!r} is not a PEP 440 version specifier, like '>=0.2'") from None
    return value


@dataclass(frozen=True, kw_only=True)
class McpChoices(Strict):
    """`[mcp]`: explicit additions and exclusions on top of suggestions."""

    add: tuple[CatalogId, ...] = ()
    skip: tuple[CatalogId, ...] = ()
    # The roles of an entry, overriding the catalog's `suggested_for`; ["*"] shares it
    # with every agent on purpose (docs/roles.md).
    roles: dict[CatalogId, tuple[EntryRole, ...]] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class CustomMCP(Strict):
    """`[custom.<id>]`: a server that is not in the catalog (always security-sensitive)."""

    # SPEC §7: every value here reaches a harness file; the checks are in hardening.py.
    url: Annotated[str, Pattern(r"^https?://"), Check(hardening.safe_url)] | None = None
    transport: Literal["http", "sse"] = "http"
    headers: Annotated[dict[str, str], Check(hardening.safe_headers)] = field(default_factory=dict)
    command: Annotated[str, Check(hardening.safe_command)] | None = None
    args: Annotated[tuple[str, ...], Check(hardening.safe_args)] = ()
    env: Annotated[
        dict[Annotated[str, Pattern(ENV_NAME_PATTERN)], str], Check(hardening.safe_env)
    ] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # The field checks again, so they hold however the value was built (decode's
        # memo builds a known file's config without pydantic): cheap, and they guard secrets.
        if self.url is not None:
            hardening.safe_url(self.url)
        if self.command is not None:
            hardening.safe_command(self.command)
        hardening.safe_headers(self.headers)
        hardening.safe_args(self.args)
        hardening.safe_env(self.env)
        hardening.check_custom_kind(self.url, self.command, self.args, self.env, self.headers)


@dataclass(frozen=True, kw_only=True)
class Override(Strict):
    """`[override.<id>]`: customise a catalog entry without making it a conflict (SPEC §4).

    `args` are appended to the catalog's, `env` adds or replaces non-secret values.
    Setting `command` or `url` replaces what runs, which makes the entry custom
    (security-sensitive, confirmed by name).
    """

    args: Annotated[tuple[str, ...], Check(hardening.safe_args)] = ()
    env: Annotated[
        dict[Annotated[str, Pattern(ENV_NAME_PATTERN)], str], Check(hardening.safe_env)
    ] = field(default_factory=dict)
    command: Annotated[str, Check(hardening.safe_command)] | None = None
    url: Annotated[str, Pattern(r"^https?://"), Check(hardening.safe_url)] | None = None

    def __post_init__(self) -> None:
        # Checked again however the value was built, as for CustomMCP.
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


@dataclass(frozen=True, kw_only=True)
class ProjectConfig(Strict):
    """The whole of `aido.toml` (and of `aido.local.toml` and the user's `aido.toml`)."""

    required_version: Annotated[str, Check(version_specifier)] | None = None
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


# `aido.toml` keys whose values `_plainly_valid` checks itself, with their exact types.
_PLAIN_KEYS: dict[str, type] = {
    "required_version": str,
    "adapters": list,
    "suggest": bool,
    "stack_packs": list,
    "conformance": str,
    "mcp": dict,
    "roles": dict,
    "forges": dict,
    "override": dict,
    "custom": dict,
}
_FORGES = ("github", "gitlab", "bitbucket")
# `[override.<id>]` and `[custom.<id>]` keys, with their exact types.
_OVERRIDE_KEYS: dict[str, type] = {"args": list, "env": dict, "command": str, "url": str}
_CUSTOM_KEYS: dict[str, type] = {**_OVERRIDE_KEYS, "transport": str, "headers": dict}


# The strings pydantic's lax mode reads as a bool, in any case (`_plain_data`).
_BOOL_WORDS = {
    **dict.fromkeys(("0", "off", "f", "false", "n", "no"), False),
    **dict.fromkeys(("1", "on", "t", "true", "y", "yes"), True),
}


def _plain_data(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """`data` as pydantic's lax mode reads it, found without pydantic; None: ask pydantic.

    Of the values TOML gives (str, int, float, bool, date, time, datetime, array,
    table), lax mode turns one into another type only here (pydantic 2.14, found
    by calling it; the property tests in tests/reconcile/test_config.py hold it):

        field type                     TOML value            becomes
        bool (`suggest`)               0, 0.0, -0.0          False
                                       1, 1.0                True
                                       "0" "off" "f" "false" "n" "no", any case     False
                                       "1" "on" "t" "true" "y" "yes", any case      True
        tuple (`adapters`, `args`...)  array                 tuple (the builder's own step)
        model (`[mcp]`, `[custom.x]`)  table                 model (the builder's own step)

    Everything else is refused: str fields (with a pattern or check or not),
    Literals and dict keys take a str only, never a number, bool or date; dicts
    take a table only, tuples an array only; a bool refuses other numbers (2,
    0.5, nan, inf), padded or other words ("yes ", "", "none", "2") and dates.
    So only `suggest` is rewritten; every other value must have its exact type.
    """
    plain = dict(data)
    if "suggest" in plain:
        plain["suggest"] = _lax_bool(plain["suggest"])
    return plain if _plainly_valid(plain) else None


def _lax_bool(value: object) -> bool | None:
    """`value` as pydantic's lax mode reads a bool (`_plain_data`); None where it refuses."""
    if type(value) is str:
        return _BOOL_WORDS.get(value.lower()) if value.isascii() else None
    if type(value) in (bool, int, float) and value in (0, 1):
        return bool(value)
    return None


def _plainly_valid(data: Mapping[str, Any]) -> bool:
    """Whether `data` has a common shape pydantic surely accepts as it is, checked without it.

    Every key, each value of its exact type (lists, not other sequences), with
    valid ids, roles, agent names, URLs and version specifier; anything else
    answers False and is left to pydantic. A server table's value rules (hardening)
    run when it is built, in `__post_init__`. Tests hold decode's builder equal to
    pydantic's result whenever this answers True (or both refuse the file).
    """
    mcp = data.get("mcp", {})
    if not set(data) <= _PLAIN_KEYS.keys() or not isinstance(mcp, dict):
        return False
    if any(type(data.get(key, kind())) is not kind for key, kind in _PLAIN_KEYS.items()):
        return False
    if not set(mcp) <= {"add", "skip", "roles"} or type(mcp.get("roles", {})) is not dict:
        return False
    if any(type(mcp.get(key, [])) is not list for key in ("add", "skip")):
        return False
    texts = [*data.get("adapters", ()), *data.get("stack_packs", ())]
    return (
        all(type(text) is str for text in texts)
        and all(map(_catalog_id, [*mcp.get("add", ()), *mcp.get("skip", ())]))
        and _plain_table(mcp.get("roles", {}), _catalog_id, _entry_role)
        and _plain_table(data.get("roles", {}), _role, _agent_name)
        and all(
            type(host) is str and forge in _FORGES for host, forge in data.get("forges", {}).items()
        )
        and _plain_servers(data.get("override", {}), _OVERRIDE_KEYS)
        and _plain_servers(data.get("custom", {}), _CUSTOM_KEYS)
        and _specifier(data.get("required_version"))
    )


def _specifier(value: str | None) -> bool:
    """No `required_version`, or one that packaging reads (pydantic's check is the same)."""
    if value is None:
        return True
    try:
        version_specifier(value)  # packaging: also imported to enforce it (layers.py)
    except ValueError:
        return False
    return True


def _plain_servers(tables: Mapping[str, Any], kinds: Mapping[str, type]) -> bool:
    """`[override.*]` or `[custom.*]` tables of known keys, exact types and well-formed values."""
    return all(_catalog_id(key) and _plain_server(table, kinds) for key, table in tables.items())


def _plain_server(table: object, kinds: Mapping[str, type]) -> bool:
    if type(table) is not dict or not set(table) <= kinds.keys():
        return False
    if any(type(value) is not kinds[key] for key, value in table.items()):
        return False
    headers, env = table.get("headers", {}), table.get("env", {})
    texts = [*table.get("args", ()), *headers.values(), *env.values()]
    return (
        all(type(text) is str for text in texts)
        and all(_matches(ENV_NAME_PATTERN, name) for name in env)
        and table.get("transport", "http") in ("http", "sse")
        and ("url" not in table or _matches(URL_PATTERN, table["url"]))
    )


def _plain_table(
    table: Mapping[str, Any], key_ok: Callable[[object], bool], item_ok: Callable[[object], bool]
) -> bool:
    """Every key passes `key_ok` and maps to a list of items that pass `item_ok`."""
    return all(
        key_ok(key) and type(items) is list and all(map(item_ok, items))
        for key, items in table.items()
    )


def _role(value: object) -> bool:
    return type(value) is str and value in ALL_ROLES


def _entry_role(value: object) -> bool:
    """A role of `[mcp.roles]`: a catalog role, or "*" (shared on purpose, as plan notes offer)."""
    return value == "*" or _role(value)


def _catalog_id(value: object) -> bool:
    return _matches(ID_PATTERN, value)


def _agent_name(value: object) -> bool:
    return _matches(AGENT_PATTERN, value)


def validate_config(data: object) -> ProjectConfig:
    """`data` checked by pydantic against the model; raises its ValidationError."""
    from aidokit.catalog.validation import validate

    return validate(ProjectConfig, data)


@dataclass(frozen=True)
class LoadedConfig:
    """A config and where it came from: one file, or the layers merged (choices/layers.py)."""

    config: ProjectConfig
    path: Path
    present: bool
    keys: frozenset[str] = frozenset()  # the keys the file sets: `adapters`, `mcp.add`, ...
    # For merged layers: which file each choice came from (`adapters`, `add:<id>`, ...).
    origin: Mapping[str, str] = field(default_factory=dict)
    sources: tuple[Path, ...] = ()  # the files that were read, in merge order


def load_config(project: Path, environ: Mapping[str, str] | None = None) -> LoadedConfig:
    """Read `<project>/aido.toml`; defaults when the file does not exist."""
    return load_file(project / CONFIG_NAME, environ)


def load_file(path: Path, environ: Mapping[str, str] | None = None) -> LoadedConfig:
    """Read one config file of any layer; defaults when it does not exist."""
    raw = read_file(path, error=ConfigError)
    if raw is None:
        return LoadedConfig(ProjectConfig(), path, present=False)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"cannot read {path}: {exc}; fix the file and run aido again") from exc
    try:
        cache = parsed_toml(os.environ if environ is None else environ, path.parent)
        data = parse_nested(path, lambda: tomlparse.loads(text, cache), error=ConfigError)
    except tomlparse.decode_error() as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}; fix it and run aido again") from exc
    mcp = data.get("mcp")
    keys = frozenset([*data, *(f"mcp.{key}" for key in (mcp if isinstance(mcp, dict) else ()))])
    config = decode(
        ProjectConfig,
        raw,
        data,
        fail=lambda exc: ConfigError(_explain(exc, text, path)),
        project=path.parent,
        lax=True,
        plain=_plain_data,
        environ=environ,
    )
    return LoadedConfig(config, path, present=True, keys=keys)


def config_schema() -> dict[str, Any]:
    """The JSON Schema of `aido.toml`."""
    from aidokit.catalog.validation import json_schema
    from aidokit.reconcile.choices.config_docs import SCHEMA_URL, describe

    schema = describe(json_schema(ProjectConfig))
    schema["title"] = "aido.toml"
    schema["$id"] = SCHEMA_URL
    return schema


def _explain(exc: ValidationError, text: str, path: Path) -> str:
    """One sentence for the first validation error: the key, its line, the fix."""
    error = exc.errors()[0]
    loc = tuple(str(part) for part in error["loc"])
    key = loc[-1] if loc else "?"
    where = f"{path.name}:{_line_of(text, loc)}"
    dotted = ".".join(loc)
    if error["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
        valid = _valid_keys(loc[:-1])
        import difflib  # on the error path only

        close = difflib.get_close_matches(key, valid, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else f"; valid keys: {', '.join(valid)}"
        return f"unknown key '{dotted}' at {where}{hint}"
    pattern = (
        error.get("ctx", {}).get("pattern") if error["type"] == "string_pattern_mismatch" else None
    )
    if pattern == ID_PATTERN:
        return (
            f"invalid id {error['input']!r} at {where} ('{dotted}'): ids are lower-case "
            "letters, digits and dashes, like 'context7'"
        )
    if pattern == ENV_NAME_PATTERN:
        return (
            f"invalid environment variable name {error['input']!r} at {where} ('{dotted}'): "
            "use letters, digits and underscores, not starting with a digit, like 'API_TOKEN'"
        )
    message = error["msg"].removeprefix("Value error, ")
    return f"invalid value for '{dotted}' at {where}: {message}"


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
