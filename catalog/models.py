"""Typed catalog models (SPEC §3): an MCP server definition and its install specs.

Placeholders: any string in an install spec (args, env values, url, headers)
may reference a variable declared in the entry's `env` as `${NAME}`. That is
the catalog's neutral syntax; each adapter rewrites it into its harness's own
reference form (`${env:NAME}`, `{env:NAME}`, `env_vars`, ...), so a secret's
value is never written into a file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal, NamedTuple, get_args

# ======================================================================================
# Field constraints that pydantic enforces but that cost nothing to import.
#
# aido's models are stdlib frozen dataclasses, so `aido plan` never imports
# pydantic (a heavy import: docs/benchmarks.md) for files it validated before. Pydantic still
# validates them wherever input arrives (`aido.toml`, `catalog import`, the
# tests) through `TypeAdapter`, and the markers below are how a field states its
# rules: each implements pydantic's `__get_pydantic_core_schema__` hook and
# imports pydantic only when pydantic itself calls it. The JSON Schemas that
# `aido schema` prints come from the same markers (`pattern`, `minLength`). The
# markers are small slotted classes that compare, hash and print by type and value,
# as the decode memo's digest of a model's rules needs (`reconcile/read/decode.py`).
# ======================================================================================


class Strict:
    """Base of every model: pydantic treats unknown keys as errors, as SPEC §3 asks."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid"}


class _Marker:
    """Equal, hashed and shown by type and the values of its slots."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__qualname__}({values})"


class Pattern(_Marker):
    """The string must match `regex` (anchored by the regex itself)."""

    __slots__ = ("regex",)

    def __init__(self, regex: str) -> None:
        self.regex = regex

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        return {**handler(source), "pattern": self.regex}


class NonEmpty(_Marker):
    """The string must have at least one character."""

    __slots__ = ()

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        return {**handler(source), "min_length": 1}


class Check(_Marker):
    """Run `check(value)` after the type is validated; a ValueError is the error message."""

    __slots__ = ("check",)

    def __init__(self, check: Callable[[Any], Any]) -> None:
        self.check = check

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(self.check, handler(source))


class Tagged(_Marker):
    """A union told apart by the value of its `field` (errors then name one variant)."""

    __slots__ = ("field",)

    def __init__(self, field: str) -> None:
        self.field = field

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic import Discriminator

        return handler.generate_schema(Annotated[source, Discriminator(self.field)])


class ByName(_Marker):
    """An enum stored by its member's name (`"CREATE"`), not by its value."""

    __slots__ = ()

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        def member(name: object) -> Any:
            if not isinstance(name, str) or name not in source.__members__:
                raise ValueError(f"expected one of {', '.join(source.__members__)}")
            return source[name]

        return core_schema.no_info_plain_validator_function(member)


ID_PATTERN = r"^[a-z0-9][a-z0-9-]{0,62}$"
ID_RE = re.compile(ID_PATTERN)
ENV_NAME_PATTERN = r"^[A-Za-z_][A-Za-z0-9_]*$"
URL_PATTERN = r"^https?://"
# `${NAME}`: an environment variable, rendered as each harness's reference. The words
# VS Code, Cursor and Roo expand themselves (`${workspaceFolder}`, `${userHome}`) are
# never variables: they stay as written, and only a harness that expands them gets them
# (issue 50; `aido import` checks each harness's launch).
HARNESS_WORDS = ("workspaceFolder", "workspaceFolderBasename", "userHome", "pathSeparator")
PLACEHOLDER_RE = re.compile(
    r"\$\{(?!(?:" + "|".join(HARNESS_WORDS) + r")\})([A-Za-z_][A-Za-z0-9_]*)\}"
)

# The install keys that stand for every adapter able to run the spec under them,
# in order of preference (catalog/models.py); every other key is an adapter name.
CAPABILITY_KEYS: tuple[str, ...] = ("remote", "stdio")

Role = Literal[
    "researcher",
    "architect",
    "implementer",
    "tester-reviewer",
    "frontend-browser-tester",
    "docs-writer",
]
ALL_ROLES: tuple[Role, ...] = get_args(Role)

# Every model is a frozen, keyword-only dataclass that pydantic validates at the
# edges (catalog/validation.py); catalog/models.py says why not BaseModel.


@dataclass(frozen=True, kw_only=True)
class EnvVar(Strict):
    """An environment variable the server needs."""

    name: Annotated[str, Pattern(ENV_NAME_PATTERN)]
    secret: bool = False
    required: bool = True
    description: str = ""


@dataclass(frozen=True, kw_only=True)
class StdioSpec(Strict):
    """Run the server as a local process speaking MCP over stdio."""

    kind: Literal["stdio"] = "stdio"
    command: Annotated[str, NonEmpty()]
    args: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    requires_network: bool = True
    min_cli_version: str | None = None


@dataclass(frozen=True, kw_only=True)
class RemoteSpec(Strict):
    """Connect to a server over the network."""

    kind: Literal["remote"] = "remote"
    url: Annotated[str, Pattern(URL_PATTERN)]
    transport: Literal["http", "sse"] = "http"
    headers: dict[str, str] = field(default_factory=dict)
    requires_network: bool = True
    min_cli_version: str | None = None


InstallSpec = Annotated[StdioSpec | RemoteSpec, Tagged("kind")]


@dataclass(frozen=True, kw_only=True)
class MCPDef(Strict):
    """One curated MCP server."""

    # The rules that tie fields together live in `__post_init__`, so they hold for
    # every entry however it is built; pydantic reports them as value errors.

    id: Annotated[str, Pattern(ID_PATTERN)]
    name: Annotated[str, NonEmpty()]
    purpose: Annotated[str, NonEmpty()]
    suggested_for: tuple[Role, ...]
    triggers: tuple[str, ...]
    install: dict[str, InstallSpec]
    env: tuple[EnvVar, ...] = ()
    security_sensitive: bool = False
    homepage: str = ""
    tags: tuple[str, ...] = ()
    deprecated: bool = False
    replaced_by: str | None = None
    # Why `replaced_by` may do more than this entry (write where this one only reads, a
    # sensitive gate, a remote where this one ran locally). Empty unless it does: a catalog
    # test holds that a replacement never widens access unless this says so.
    replacement_widens: str = ""
    # The other ways this server is launched or reached, so `aido import` recognises it
    # (issue 50): `npm:<package>`, `pypi:<package>`, `image:<docker repository>`,
    # `git:<host/owner/repo>` (its source repository) or a URL (that endpoint and every
    # path below it). Versions never matter.
    also_runs: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.suggested_for:
            raise ValueError("suggested_for must name at least one role")
        if set(self.suggested_for) >= set(ALL_ROLES):
            raise ValueError("suggested_for must not name every role")
        if not self.triggers:
            raise ValueError("triggers must not be empty")
        if not self.install:
            raise ValueError("install must hold at least one spec")
        for key in CAPABILITY_KEYS:
            if key in self.install and self.install[key].kind != key:
                raise ValueError(f"install[{key!r}] must be a {key} spec")
        declared = {var.name for var in self.env}
        checked: set[int] = set()  # a spec shared by many adapters is checked once
        for adapter, spec in self.install.items():
            if id(spec) in checked:
                continue
            checked.add(id(spec))
            for text in _spec_strings(spec):
                for name in PLACEHOLDER_RE.findall(text):
                    if name not in declared:
                        raise ValueError(
                            f"install[{adapter!r}] uses ${{{name}}} but env does not declare it"
                        )
        if self.replaced_by is not None and not self.deprecated:
            raise ValueError("replaced_by is only for deprecated entries")
        if self.replacement_widens and self.replaced_by is None:
            raise ValueError("replacement_widens is only for an entry with replaced_by")
        for text in self.also_runs:
            _also_runs_form(text)

    def secret_names(self) -> frozenset[str]:
        """Names of the env vars marked secret."""
        return frozenset(var.name for var in self.env if var.secret)


def _also_runs_form(text: str) -> None:
    """Raise ValueError unless `text` is one `also_runs` item."""
    kind, colon, rest = text.partition(":")
    if text.startswith("https://") or text.startswith("http://127.0.0.1:"):
        return
    if not colon or kind not in ("npm", "pypi", "image", "git") or not rest or rest != rest.strip():
        raise ValueError(
            f"also_runs item {text!r} is not npm:<package>, pypi:<package>, image:<name>, "
            "git:<host/owner/repo> or an https URL"
        )


def deprecation(entry: MCPDef) -> str:
    """The one phrase that says an entry is retired: "deprecated, use X" (or "deprecated")."""
    return f"deprecated, use {entry.replaced_by}" if entry.replaced_by else "deprecated"


def _spec_strings(spec: StdioSpec | RemoteSpec) -> list[str]:
    if isinstance(spec, StdioSpec):
        return [spec.command, *spec.args, *spec.env.values()]
    return [spec.url, *spec.headers.values()]


# ======================================================================================
# An entry's install map (SPEC §3): one spec for every adapter that can run it, plus overrides.
#
# A key of `install` is either a spec's kind (`remote` or `stdio`), standing for
# every adapter that can run that spec, or an adapter name, for a spec that
# adapter takes instead. Which adapters can run a spec is theirs to say
# (`adapters/__init__.py` resolves the map against the registry); the catalog
# names no harness unless an entry really differs there.
# ======================================================================================


def everywhere(spec: StdioSpec | RemoteSpec) -> dict[str, StdioSpec | RemoteSpec]:
    """`spec` for every adapter that can run it, keyed by its kind."""
    return {spec.kind: spec}


# ======================================================================================
# Small builders for catalog install specs, so each entry stays one readable block.
# ======================================================================================


def npx(package: str, *args: str, env: dict[str, str] | None = None, net: bool = True) -> StdioSpec:
    """Run an npm package through `npx -y` (pinned by the caller)."""
    return StdioSpec(
        command="npx", args=("-y", package, *args), env=env or {}, requires_network=net
    )


def uvx(*args: str, env: dict[str, str] | None = None, net: bool = True) -> StdioSpec:
    """Run a PyPI package through `uvx` (pinned by the caller)."""
    return StdioSpec(command="uvx", args=args, env=env or {}, requires_network=net)


def uv_with(package: str, tool: str, *args: str, env: dict[str, str] | None = None) -> StdioSpec:
    """Run `tool` from the PyPI `package` (pinned by the caller) in the project's own environment
    (`uv run --with`), for a server that imports the project's code, as Django's do."""
    return StdioSpec(command="uv", args=("run", "--with", package, tool, *args), env=env or {})


def secret(name: str, description: str, *, required: bool = True) -> EnvVar:
    """Declare a secret env var (only ever passed as a `${NAME}` reference)."""
    return EnvVar(name=name, secret=True, required=required, description=description)


def passthrough(*names: str) -> dict[str, str]:
    """Hand each variable to the server as a `${NAME}` reference, never a literal."""
    return {name: f"${{{name}}}" for name in names}


# Serena ships one context per client (serena/resources/config/contexts/ in
# serena-agent 2.1.0). Its `agent` and `desktop-app` contexts turn on
# `execute_shell_command`; every context used here excludes it: the clients it
# ships a context for get theirs, and every other harness (which has its own
# shell tool) gets `ide`, so Serena never runs shell commands behind the
# confirmation gate (SPEC §7).
_SERENA_CONTEXT = ("claude-code", "codex", "copilot-cli", "vscode")
SERENA_SHELL_CONTEXTS = frozenset({"agent", "desktop-app"})


def serena(context: str, *, project: bool = True) -> StdioSpec:
    """Serena started with `context` (and `--project .` where the harness starts in the project)."""
    return uvx(
        "--from",
        "serena-agent==2.1.0",
        "serena",
        "start-mcp-server",
        "--context",
        context,
        *(("--project", ".") if project else ()),
        net=False,
    )


def serena_install() -> dict[str, StdioSpec | RemoteSpec]:
    """Serena's install map: `ide` everywhere, its own context where it ships one."""
    return {
        "stdio": serena("ide"),
        **{client: serena(client) for client in _SERENA_CONTEXT},
        # Claude Desktop is not started in a project folder: no `--project .`.
        "claude-desktop": serena("ide", project=False),
    }


# ======================================================================================
# Which package (and version) or URL an install spec runs: read from its launcher's arguments.
#
# `npx -y pkg@1.2.3` runs npm's `pkg` 1.2.3; `uvx pkg==1.2.3`,
# `uvx --from pkg==1.2.3 tool` and `uv run --with pkg==1.2.3 tool` (the tool in the
# project's own environment) run PyPI's `pkg` 1.2.3; a remote spec runs its URL.
# Used by `aido.lock`, `aido outdated` and `make verify-catalog`.
# ======================================================================================


class Package(NamedTuple):
    """A published package at one version (version "" when the spec does not pin one);
    ordered by registry, name, then version."""

    registry: str  # "npm" | "pypi"
    name: str
    version: str

    def __str__(self) -> str:
        pin = "@" if self.registry == "npm" else "=="
        return (
            f"{self.registry}:{self.name}{pin}{self.version}"
            if self.version
            else (f"{self.registry}:{self.name}")
        )


def package_of(spec: StdioSpec | RemoteSpec) -> Package | None:
    """The npm or PyPI package `spec` launches, if it launches one through npx, uvx or uv run."""
    if not isinstance(spec, StdioSpec):
        return None
    if spec.command == "uv" and spec.args[:2] == ("run", "--with") and len(spec.args) > 3:
        return _pypi(spec.args[2])
    if spec.command == "npx":
        target = _first_operand(spec.args)
        return None if target is None else _npm(target)
    if spec.command == "uvx":
        args = list(spec.args)
        if "--from" in args[:-1]:
            return _pypi(args[args.index("--from") + 1])
        target = _first_operand(spec.args)
        return None if target is None else _pypi(target)
    return None


def spec_packages(spec: StdioSpec | RemoteSpec) -> tuple[str, ...]:
    """What `spec` runs, as short strings: `npm:pkg@1.2.3`, `pypi:pkg==1.2.3` or `url:...`."""
    if isinstance(spec, RemoteSpec):
        return (f"url:{spec.url}",)
    package = package_of(spec)
    return () if package is None else (str(package),)


def _first_operand(args: tuple[str, ...]) -> str | None:
    return next((arg for arg in args if not arg.startswith("-")), None)


def _npm(target: str) -> Package:
    # npm-package-arg: the name ends at the first "@" after a scope's leading one.
    at = target.find("@", 1)
    if at <= 0:  # no version, or only a scope's leading "@"
        return Package("npm", target, "")
    return Package("npm", target[:at], target[at + 1 :])


def _pypi(target: str) -> Package:
    name, sep, version = target.partition("==")
    return Package("pypi", name, version if sep else "")
