"""Shared adapter test runner: one golden case per `fixtures/<adapter>/<case>/` folder.

A case folder holds `before.<ext>` (a realistic harness file), `case.toml`
(servers to add and entry names to remove, defined inline) and `after.<ext>`
(the expected file). The runner renders each server, edits the file through
the document API and compares the result with `after.*` as parsed data. YAML
cases (Goose) are also compared byte for byte: their after-files were written
with the splicing editor and pin its layout; the JSON and TOML after-files
predate that and are laid out by hand, so for them only the data must match.
"""

from __future__ import annotations

import copy
import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import NAMED_TABLES, Adapter, Host, Location, Scope
from aidokit.adapters.common import identity_of
from aidokit.catalog.models import EnvVar, MCPDef, RemoteSpec, StdioSpec
from aidokit.reconcile.documents import Format, read_document

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
HOME = Path("/home/me")
PROJECT = HOME / "src" / "app"
SECRET_VALUE = "ghp_aidoTestSecretValue{}0123456789abcdef"


@dataclass(frozen=True)
class Case:
    """One fixture folder."""

    adapter: str
    folder: Path

    @property
    def data(self) -> dict[str, Any]:
        """The parsed case.toml."""
        return tomllib.loads((self.folder / "case.toml").read_text(encoding="utf-8"))

    def file(self, stem: str) -> Path:
        """`before.*` or `after.*`."""
        (found,) = sorted(self.folder.glob(f"{stem}.*"))
        return found


def case_params(adapter: str) -> list[Any]:
    """pytest params for every case folder of `adapter`."""
    folders = sorted(p for p in (FIXTURES / adapter).iterdir() if p.is_dir())
    assert folders, f"no fixture cases for {adapter}"
    return [pytest.param(Case(adapter, folder), id=folder.name) for folder in folders]


def make_server(adapter: str, raw: Mapping[str, Any]) -> MCPDef:
    """An MCPDef from a case.toml `[[add]]` table."""
    spec: StdioSpec | RemoteSpec
    spec = StdioSpec(**raw["stdio"]) if "stdio" in raw else RemoteSpec(**raw["remote"])
    return MCPDef(
        id=raw["id"],
        name=raw["id"],
        purpose="fixture server",
        suggested_for=("implementer",),
        triggers=("always",),
        install={adapter: spec},
        env=tuple(EnvVar(**var) for var in raw.get("env", ())),
    )


def make_host(data: Mapping[str, Any], project: Path = PROJECT) -> Host:
    """The sandboxed host a case describes."""
    environ = data.get("environ", {})
    return Host(project=project, home=HOME, os=data.get("os", "linux"), environ=environ)


def make_project(data: Mapping[str, Any], tmp_path: Path) -> Path:
    """The fixed fake project, or a real one holding the case's `project_files`."""
    if "project_files" not in data:
        return PROJECT
    project = tmp_path / "app"
    for rel in data["project_files"]:
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).touch()
    return project


def run_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Render, edit, compare with `after.*`, and check schema, identity and secrets."""
    adapter = ADAPTERS[case.adapter]
    data = case.data
    host = make_host(data, make_project(data, tmp_path))
    location = adapter.location(Scope(data.get("scope", "project")), host)
    assert location is not None
    check_location(location, host, data["expect_path"], case.file("before"))
    servers = [make_server(case.adapter, raw) for raw in data.get("add", ())]
    secrets = plant_secrets(servers, monkeypatch)
    adds: dict[str, dict[str, Any]] = {}
    notes: list[str] = []
    for server in servers:
        spec = server.install[case.adapter]
        adds[server.id] = adapter.build(server, spec).entry
        notes.extend(adapter.build(server, spec).notes)
        check_schema(adapter, adds[server.id])
    removes = data.get("remove", [])
    result, raw = edit(case.file("before"), location, adds, removes)
    expected = parse(case.file("after").read_bytes(), location.fmt)
    assert result == expected
    # Golden files are byte-exact: comments, layout and the user's entries included.
    assert raw.encode("utf-8") == case.file("after").read_bytes()
    check_identities(adapter, adds, expected, location.map_path)
    check_notes(notes, data.get("notes", []))
    leaked = [value for value in secrets if value in raw or value in json.dumps(adds)]
    assert not leaked, f"secret values written: {leaked}"


def check_location(location: Location, host: Host, expect: str, before: Path) -> None:
    """The location is the file the case names, in a format its extension allows."""
    want = host.home / expect[2:] if expect.startswith("~/") else host.project / expect
    assert location.path == want
    suffix = {
        ".json": {Format.JSON, Format.JSONC},
        ".jsonc": {Format.JSONC},
        ".toml": {Format.TOML},
        ".yaml": {Format.YAML},
    }
    assert location.fmt in suffix[before.suffix]


def plant_secrets(servers: list[MCPDef], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Put token-looking values for every declared variable in the environment."""
    names = {"GITHUB_PERSONAL_ACCESS_TOKEN"} | {v.name for s in servers for v in s.env}
    values = []
    for name in sorted(names):
        value = SECRET_VALUE.format(name)
        monkeypatch.setenv(name, value)
        values.append(value)
    return values


def check_schema(adapter: Adapter, entry: dict[str, Any]) -> None:
    """The rendered entry matches the adapter's own schema."""
    schema = adapter.schema()
    Draft202012Validator.check_schema(schema)
    errors = [e.message for e in Draft202012Validator(schema).iter_errors(entry)]
    assert not errors, f"{adapter.name} entry {entry} fails its schema: {errors}"


def check_identities(
    adapter: Adapter, adds: dict[str, Any], after: Any, map_path: tuple[str, ...]
) -> None:
    """Identity is stable through the file and changes with the command or URL."""
    servers = after
    for key in map_path:
        if key == NAMED_TABLES:  # an array of tables keyed by `name` (Mistral Vibe)
            servers = {
                item["name"]: {k: v for k, v in item.items() if k != "name"} for item in servers
            }
            continue
        servers = servers[key]
    for name, entry in adds.items():
        ident = identity_of(adapter, entry)
        assert ident is not None
        assert identity_of(adapter, servers[name]) == ident
        assert identity_of(adapter, replace_target(entry, ident)) != ident
    assert identity_of(adapter, "not an object") is None  # type: ignore[arg-type]
    assert identity_of(adapter, [1, 2]) is None  # type: ignore[arg-type]


def replace_target(entry: dict[str, Any], ident: str) -> dict[str, Any]:
    """`entry` with the program or URL its identity names swapped for another."""
    changed = copy.deepcopy(entry)
    head = ident.split(" ")[0]
    for key, value in changed.items():
        if value in (ident, head):
            changed[key] = value + "-other"
            return changed
        if isinstance(value, list) and value and value[0] == head:
            value[0] = head + "-other"
            return changed
    raise AssertionError(f"identity {ident!r} names no field of {entry}")


def check_notes(notes: list[str], expected: list[str]) -> None:
    """Each expected note fragment appears, and no unexpected note does."""
    assert len(notes) == len(expected), notes
    for fragment in expected:
        assert any(fragment in note for note in notes), (fragment, notes)


def edit(
    before: Path, location: Location, adds: dict[str, Any], removes: list[str]
) -> tuple[Any, str]:
    """Apply the edits through the document API; return parsed and raw results."""
    doc = read_document(before, location.fmt)
    for name, entry in adds.items():
        doc.set_entry(location.map_path, name, entry)
    for name in removes:
        doc.delete_entry(location.map_path, name)
    raw = doc.render()
    return parse(raw, location.fmt), raw.decode("utf-8")


def parse(raw: bytes, fmt: Format) -> Any:
    """Parse harness file bytes as data."""
    text = raw.decode("utf-8-sig")
    if fmt is Format.TOML:
        return tomllib.loads(text)
    if fmt is Format.YAML:
        from ruamel.yaml import YAML

        return YAML(typ="safe", pure=True).load(text)
    if fmt is Format.JSONC:
        return json.loads(strip_jsonc(text))
    return json.loads(text)


_STRING = r'"(?:\\.|[^"\\])*"'
_COMMENT = re.compile(_STRING + r"|//[^\n]*|/\*.*?\*/", re.DOTALL)
_TRAILING_COMMA = re.compile(_STRING + r"|,(?=\s*[}\]])")


def strip_jsonc(text: str) -> str:
    """Strict JSON from JSONC: drop comments, then trailing commas; strings stay."""
    for pattern in (_COMMENT, _TRAILING_COMMA):
        text = pattern.sub(lambda m: m.group(0) if m.group(0).startswith('"') else "", text)
    return text
