"""`aido.toml`: the project's choices (SPEC §4), loaded with tomllib, checked by pydantic."""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from aidokit.catalog.models import ENV_NAME_PATTERN, ID_PATTERN, Role
from aidokit.reconcile import hardening
from aidokit.reconcile.errors import ConfigError

CONFIG_NAME = "aido.toml"
CatalogId = Annotated[str, Field(pattern=ID_PATTERN)]


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class McpChoices(_Strict):
    """`[mcp]`: explicit additions and exclusions on top of suggestions."""

    add: tuple[CatalogId, ...] = ()
    skip: tuple[CatalogId, ...] = ()
    roles: dict[CatalogId, tuple[Role, ...]] = Field(default_factory=dict)


class CustomMCP(_Strict):
    """`[custom.<id>]`: a server that is not in the catalog (always security-sensitive)."""

    # SPEC §7: every value here reaches a harness file; the checks are in hardening.py.
    url: Annotated[str, Field(pattern=r"^https?://"), AfterValidator(hardening.safe_url)] | None = (
        None
    )
    transport: Literal["http", "sse"] = "http"
    headers: Annotated[dict[str, str], AfterValidator(hardening.safe_headers)] = Field(
        default_factory=dict
    )
    command: Annotated[str, AfterValidator(hardening.safe_command)] | None = None
    args: Annotated[tuple[str, ...], AfterValidator(hardening.safe_args)] = ()
    env: Annotated[
        dict[Annotated[str, Field(pattern=ENV_NAME_PATTERN)], str],
        AfterValidator(hardening.safe_env),
    ] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _one_kind(self) -> CustomMCP:
        hardening.check_custom_kind(self.url, self.command, self.args, self.env, self.headers)
        return self


class ProjectConfig(_Strict):
    """The whole of `aido.toml`."""

    adapters: tuple[str, ...] | None = None
    stack_packs: tuple[str, ...] | None = None
    conformance: str | None = None
    mcp: McpChoices = Field(default_factory=McpChoices)
    custom: dict[CatalogId, CustomMCP] = Field(default_factory=dict)


@dataclass(frozen=True)
class LoadedConfig:
    """A project's config and whether it came from a file."""

    config: ProjectConfig
    path: Path
    present: bool


def load_config(project: Path) -> LoadedConfig:
    """Read `<project>/aido.toml`; defaults when the file does not exist."""
    path = project / CONFIG_NAME
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return LoadedConfig(ProjectConfig(), path, present=False)
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {path}: {exc}; fix the file and run aido again") from exc
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}; fix it and run aido again") from exc
    try:
        config = ProjectConfig.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(_explain(exc, text, path)) from None
    return LoadedConfig(config, path, present=True)


def config_schema() -> dict[str, Any]:
    """The JSON Schema of `aido.toml`."""
    schema = ProjectConfig.model_json_schema()
    schema["title"] = "aido.toml"
    return schema


def _explain(exc: ValidationError, text: str, path: Path) -> str:
    """One sentence for the first validation error: the key, its line, the fix."""
    error = exc.errors()[0]
    loc = tuple(str(part) for part in error["loc"])
    key = loc[-1] if loc else "?"
    where = f"{path.name}:{_line_of(text, loc)}"
    dotted = ".".join(loc)
    if error["type"] == "extra_forbidden":
        valid = _valid_keys(loc[:-1])
        close = difflib.get_close_matches(key, valid, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else f"; valid keys: {', '.join(valid)}"
        return f"unknown key '{dotted}' at {where}{hint}"
    if error["type"] == "string_pattern_mismatch" and "a-z0-9" in str(error.get("ctx", {})):
        return (
            f"invalid id {error['input']!r} at {where} ('{dotted}'): ids are lower-case "
            "letters, digits and dashes, like 'context7'"
        )
    message = error["msg"].removeprefix("Value error, ")
    return f"invalid value for '{dotted}' at {where}: {message}"


def _valid_keys(parent: tuple[str, ...]) -> list[str]:
    """The keys allowed in the table at `parent`."""
    if not parent:
        return sorted(ProjectConfig.model_fields)
    if parent == ("mcp",):
        return sorted(McpChoices.model_fields)
    if parent[0] == "custom" and len(parent) == 2:
        return sorted(CustomMCP.model_fields)
    return []


def _line_of(text: str, loc: tuple[str, ...]) -> int:
    """Best-effort line number of the last key of `loc` (tomllib gives no positions)."""
    lines = text.splitlines()
    start = 0
    tables = [part for part in loc[:-1] if not part.isdigit()]
    if tables:
        header = re.compile(r"^\s*\[+\s*" + r"\s*\.\s*".join(map(_key_re, tables)) + r"\s*\]+")
        for number, line in enumerate(lines):
            if header.match(line):
                start = number
                break
    key = loc[-1] if loc and not loc[-1].isdigit() else (loc[-2] if len(loc) > 1 else "")
    pattern = re.compile(r"^\s*(?:[\w.\"'-]*\.)?" + _key_re(key) + r"\s*=")
    for number in range(start, len(lines)):
        if pattern.match(lines[number]):
            return number + 1
    return start + 1


def _key_re(key: str) -> str:
    escaped = re.escape(key)
    return rf"(?:{escaped}|\"{escaped}\"|'{escaped}')"
