"""Typed catalog models (SPEC §3): an MCP server definition and its install specs.

Placeholders: any string in an install spec (args, env values, url, headers)
may reference a variable declared in the entry's `env` as `${NAME}`. That is
the catalog's neutral syntax; each adapter rewrites it into its harness's own
reference form (`${env:NAME}`, `{env:NAME}`, `env_vars`, ...), so a secret's
value is never written into a file.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

ModelT = TypeVar("ModelT", bound=BaseModel)

ID_PATTERN = r"^[a-z0-9][a-z0-9-]{0,62}$"
ID_RE = re.compile(ID_PATTERN)
ENV_NAME_PATTERN = r"^[A-Za-z_][A-Za-z0-9_]*$"
PLACEHOLDER_RE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")

Role = Literal[
    "researcher",
    "architect",
    "implementer",
    "tester-reviewer",
    "frontend-browser-tester",
    "docs-writer",
]
ALL_ROLES: tuple[Role, ...] = (
    "researcher",
    "architect",
    "implementer",
    "tester-reviewer",
    "frontend-browser-tester",
    "docs-writer",
)


class _Frozen(BaseModel):
    # defer_build: schema construction is postponed to first validation, which
    # keeps `aido`'s start-up cheap (the catalog is validated in tests).
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class EnvVar(_Frozen):
    """An environment variable the server needs."""

    name: Annotated[str, Field(pattern=ENV_NAME_PATTERN)]
    secret: bool = False
    required: bool = True
    description: str = ""


class StdioSpec(_Frozen):
    """Run the server as a local process speaking MCP over stdio."""

    kind: Literal["stdio"] = "stdio"
    command: Annotated[str, Field(min_length=1)]
    args: tuple[str, ...] = ()
    env: dict[str, str] = Field(default_factory=dict)
    cwd: str | None = None
    requires_network: bool = True
    min_cli_version: str | None = None


class RemoteSpec(_Frozen):
    """Connect to a server over the network."""

    kind: Literal["remote"] = "remote"
    url: Annotated[str, Field(pattern=r"^https?://")]
    transport: Literal["http", "sse"] = "http"
    headers: dict[str, str] = Field(default_factory=dict)
    requires_network: bool = True
    min_cli_version: str | None = None


InstallSpec = Annotated[StdioSpec | RemoteSpec, Field(discriminator="kind")]


class MCPDef(_Frozen):
    """One curated MCP server."""

    id: Annotated[str, Field(pattern=ID_PATTERN)]
    name: Annotated[str, Field(min_length=1)]
    purpose: Annotated[str, Field(min_length=1)]
    suggested_for: tuple[Role, ...]
    triggers: tuple[str, ...]
    install: dict[str, InstallSpec]
    env: tuple[EnvVar, ...] = ()
    security_sensitive: bool = False
    homepage: str = ""
    tags: tuple[str, ...] = ()
    deprecated: bool = False
    replaced_by: str | None = None

    @field_validator("suggested_for")
    @classmethod
    def _roles_are_a_real_subset(cls, roles: tuple[Role, ...]) -> tuple[Role, ...]:
        if not roles:
            raise ValueError("suggested_for must name at least one role")
        if set(roles) >= set(ALL_ROLES):
            raise ValueError("suggested_for must not name every role")
        return roles

    @field_validator("triggers")
    @classmethod
    def _has_triggers(cls, triggers: tuple[str, ...]) -> tuple[str, ...]:
        if not triggers:
            raise ValueError("triggers must not be empty")
        return triggers

    @field_validator("install")
    @classmethod
    def _has_install(
        cls, install: dict[str, StdioSpec | RemoteSpec]
    ) -> dict[str, StdioSpec | RemoteSpec]:
        if not install:
            raise ValueError("install must name at least one adapter")
        return install

    @model_validator(mode="after")
    def _placeholders_are_declared(self) -> MCPDef:
        declared = {var.name for var in self.env}
        for adapter, spec in self.install.items():
            for text in _spec_strings(spec):
                for name in PLACEHOLDER_RE.findall(text):
                    if name not in declared:
                        raise ValueError(
                            f"install[{adapter!r}] uses ${{{name}}} but env does not declare it"
                        )
        if self.replaced_by is not None and not self.deprecated:
            raise ValueError("replaced_by is only for deprecated entries")
        return self

    def secret_names(self) -> frozenset[str]:
        """Names of the env vars marked secret."""
        return frozenset(var.name for var in self.env if var.secret)


def trusted(cls: type[ModelT], **fields: Any) -> ModelT:
    """Build a catalog value without validating it at run time.

    Validating the 26 curated entries on every `aido` start costs ~20 ms (pydantic
    builds the schema first); the test suite validates every entry instead
    (tests/catalog/test_entries.py). Field names are still checked here, so a typo
    fails at import rather than silently taking a default.
    """
    unknown = set(fields) - set(cls.model_fields)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(unknown)}")
    return cls.model_construct(**fields)


def _spec_strings(spec: StdioSpec | RemoteSpec) -> list[str]:
    if isinstance(spec, StdioSpec):
        return [spec.command, *spec.args, *spec.env.values()]
    return [spec.url, *spec.headers.values()]
