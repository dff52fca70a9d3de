"""The catalog models: pydantic enforces every field rule, and the cross-field rules hold always."""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

import pytest

from aidokit.catalog.models import ALL_ROLES, EnvVar, InstallSpec, MCPDef, StdioSpec
from aidokit.catalog.validation import ValidationError, dump, json_schema, validate


def _fields(**overrides: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "id": "demo",
        "name": "Demo",
        "purpose": "demo server",
        "suggested_for": ["implementer"],
        "triggers": ["always"],
        "install": {"claude-code": {"kind": "stdio", "command": "npx", "args": ["-y", "demo"]}},
    }
    fields.update(overrides)
    return fields


def _first_error(data: dict[str, Any]) -> tuple[str, tuple[Any, ...], str]:
    with pytest.raises(ValidationError) as caught:
        validate(MCPDef, data)
    error = caught.value.errors()[0]
    return error["type"], tuple(error["loc"]), error["msg"]


def test_valid_data_becomes_frozen_dataclasses() -> None:
    """Lists become tuples, nested specs their classes, and the result cannot change."""
    entry = validate(MCPDef, _fields())
    assert entry.install["claude-code"] == StdioSpec(command="npx", args=("-y", "demo"))
    assert entry.suggested_for == ("implementer",)
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.id = "other"  # type: ignore[misc]
    assert validate(MCPDef, dump(entry)) == entry


@pytest.mark.parametrize(
    ("overrides", "kind", "loc"),
    [
        ({"id": "../x"}, "string_pattern_mismatch", ("id",)),
        ({"id": "Demo"}, "string_pattern_mismatch", ("id",)),
        ({"name": ""}, "string_too_short", ("name",)),
        ({"colour": "red"}, "unexpected_keyword_argument", ("colour",)),
        ({"suggested_for": ["wizard"]}, "literal_error", ("suggested_for", 0)),
        ({"env": [{"name": "1BAD"}]}, "string_pattern_mismatch", ("env", 0, "name")),
        (
            {"install": {"x": {"kind": "remote", "url": "ftp://example.com"}}},
            "string_pattern_mismatch",
            ("install", "x", "remote", "url"),
        ),
        (
            {"install": {"x": {"kind": "stdio", "command": "npx", "colour": 1}}},
            "unexpected_keyword_argument",
            ("install", "x", "stdio", "colour"),
        ),
        ({"install": {"x": {"kind": "docker"}}}, "union_tag_invalid", ("install", "x")),
    ],
)
def test_field_rules(overrides: dict[str, Any], kind: str, loc: tuple[Any, ...]) -> None:
    """Patterns, lengths, unknown keys and the install union each name the bad field."""
    assert _first_error(_fields(**overrides))[:2] == (kind, loc)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"suggested_for": []}, "suggested_for must name at least one role"),
        ({"suggested_for": list(ALL_ROLES)}, "suggested_for must not name every role"),
        ({"triggers": []}, "triggers must not be empty"),
        ({"install": {}}, "install must hold at least one spec"),
        (
            {"install": {"x": {"kind": "stdio", "command": "npx", "args": ["${TOKEN}"]}}},
            "install['x'] uses ${TOKEN} but env does not declare it",
        ),
        ({"replaced_by": "other"}, "replaced_by is only for deprecated entries"),
    ],
)
def test_cross_field_rules(overrides: dict[str, Any], message: str) -> None:
    """The rules that tie fields together fail validation and direct construction alike."""
    kind, loc, msg = _first_error(_fields(**overrides))
    assert (kind, loc) == ("value_error", ())
    assert msg == f"Value error, {message}"
    built = validate(MCPDef, _fields())
    with pytest.raises(ValueError, match="^" + message.replace("$", r"\$").replace("[", r"\[")):
        dataclasses.replace(built, **{k: _python(k, v) for k, v in overrides.items()})


def _python(key: str, value: Any) -> Any:
    """A test override as the Python value the dataclass field holds."""
    if key == "install":
        return {name: validate(InstallSpec, spec) for name, spec in value.items()}
    return tuple(value) if isinstance(value, list) else value


def test_declared_placeholder_is_accepted() -> None:
    """A `${NAME}` reference is fine once `env` declares NAME."""
    entry = validate(
        MCPDef,
        _fields(
            env=[{"name": "TOKEN", "secret": True}],
            install={
                "x": {"kind": "remote", "url": "https://e.com/mcp", "headers": {"A": "${TOKEN}"}}
            },
        ),
    )
    assert entry.env == (EnvVar(name="TOKEN", secret=True),)
    assert entry.secret_names() == frozenset({"TOKEN"})


def test_json_schema_states_the_field_rules() -> None:
    """The exported schema carries the patterns, lengths and closed objects."""
    schema = json_schema(MCPDef)
    props = schema["properties"]
    assert props["id"]["pattern"] == "^[a-z0-9][a-z0-9-]{0,62}$"
    assert props["name"]["minLength"] == 1
    assert schema["additionalProperties"] is False
    assert schema["$defs"]["RemoteSpec"]["properties"]["url"]["pattern"] == "^https?://"


def test_models_do_not_import_pydantic() -> None:
    """Importing the catalog leaves pydantic unloaded (it is ~60 ms of every start)."""
    import subprocess

    code = "import sys, aidokit.catalog.entries; print('pydantic' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_markers_compare_and_show_by_type_and_value() -> None:
    """Field markers are equal by type and value, and print so (the decode memo hashes the
    repr): two markers of different types are never equal."""
    from aidokit.catalog.models import ByName, Check, NonEmpty, Pattern, Tagged

    assert Pattern("^a$") == Pattern("^a$") and hash(Pattern("^a$")) == hash(Pattern("^a$"))
    assert Pattern("kind") != Tagged("kind") and NonEmpty() != ByName()
    assert repr(Pattern("^a$")) == "Pattern(regex='^a$')" and repr(NonEmpty()) == "NonEmpty()"
    assert repr(Check(len)) == f"Check(check={len!r})" and repr(Tagged("k")) == "Tagged(field='k')"
