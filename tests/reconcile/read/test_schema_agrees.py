"""aido.toml's JSON Schema and aido agree on the fields whose values are a closed set.

An editor validates aido.toml with the schema; aido validates it when it runs. On
adapter names, stack packs, the catalog ids of `[mcp] add`, booleans and the fields with a
fixed set of words, a file one accepts the other accepts, and a file one refuses the other
refuses. (`skip`, `[mcp.roles]` and `[override.*]` take a `[custom.*]` server's id too:
open sets, which the schema checks only by pattern.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import tomlkit
from hypothesis import HealthCheck, assume, given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from aidokit.adapters import ADAPTERS
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.catalog.facts import PACKS_BY_ID
from tests.fuzz import fuzz_settings
from tests.inprocess import run_main

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "docs" / "schemas" / "aido-toml.schema.json").read_text("utf-8"))
IDS = sorted(entry.id for entry in MCP_CATALOG)
CUSTOM = "my-notes"  # the id of the one [custom.*] server a generated file may hold


# Adapters that take every kind of server (some harnesses take stdio servers only: a
# refusal of the combination, not of a name); typos are made of every adapter's name.
BROAD = ["claude-code", "codex", "cursor", "opencode", "vscode"]


def typos(names: list[str], known: list[str] | None = None) -> st.SearchStrategy[str]:
    """A known name, or one with a letter dropped or doubled (what a person mistypes)."""

    def mangle(name: str, at: int, double: bool) -> str:
        at %= len(name)
        return name[: at + 1] + name[at:] if double else name[:at] + name[at + 1 :]

    mangled = st.builds(mangle, st.sampled_from(names), st.integers(0, 40), st.booleans())
    return st.sampled_from(known or names) | mangled.filter(lambda name: name not in names)


BOOLEANS = st.booleans() | st.sampled_from(["no", "yes", "false", "true", 0, 1])


@st.composite
def configs(draw: st.DrawFn) -> dict[str, Any]:
    """An aido.toml as data: some of the closed-set fields, each valid or slightly wrong."""
    doc: dict[str, Any] = {}
    if draw(st.booleans()):
        doc["adapters"] = draw(st.lists(typos(sorted(ADAPTERS), BROAD), max_size=2, unique=True))
    if draw(st.booleans()):
        doc["suggest"] = draw(BOOLEANS)
    if draw(st.booleans()):
        doc["stack_packs"] = draw(st.lists(typos(sorted(PACKS_BY_ID)), max_size=2, unique=True))
    custom = draw(st.booleans())
    if custom:
        transport = draw(st.sampled_from(["http", "sse", "HTTP", "websocket"]))
        doc["custom"] = {CUSTOM: {"url": "https://notes.example/mcp", "transport": transport}}
    ids = typos(IDS) | st.just(CUSTOM)
    if draw(st.booleans()):
        doc["mcp"] = {"add": draw(st.lists(ids, max_size=2, unique=True))}
    if draw(st.booleans()):  # its keys are open (a custom server's too): only known ones
        doc["override"] = {draw(st.sampled_from([*IDS, CUSTOM])): {"enabled": draw(BOOLEANS)}}
    if draw(st.booleans()):
        kind = draw(st.sampled_from(["github", "gitlab", "bitbucket", "gitea", "GitLab"]))
        doc["forges"] = {"git.acme.example": kind}
    return doc


def schema_accepts(doc: dict[str, Any]) -> bool:
    return Draft202012Validator(SCHEMA).is_valid(doc)


def aido_accepts(project: Path, doc: dict[str, Any]) -> tuple[bool | None, str]:
    """Whether `aido plan` runs on the file, else its error (always aido.toml's); None when
    the values are valid but do not combine (an entry with no install for an adapter named)."""
    (project / "aido.toml").write_text(tomlkit.dumps(doc), "utf-8")
    done = run_main(["plan", "--json", "--project", str(project)], cwd=project)
    if done.returncode == 0:
        return True, ""
    error = json.loads(done.stdout)["error"]
    if error["code"] == "MCP_NO_INSTALL_FOR_ADAPTER":
        return None, error["message"]
    assert error["code"] in ("config", "catalog"), error  # a refusal of the file, nothing else
    return False, error["message"]


@pytest.fixture
def project(tmp_path: Path, sandbox_home: Path) -> Path:
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / ".git").mkdir()
    return folder


@fuzz_settings(60, HealthCheck.function_scoped_fixture, HealthCheck.too_slow)
@given(doc=configs())
def test_aido_and_the_schema_accept_the_same_files(project: Path, doc: dict[str, Any]) -> None:
    """A file with adapter names, packs, ids, booleans, transports and forges that aido runs
    on validates against the schema, and one aido refuses the schema refuses too."""
    accepted, why = aido_accepts(project, doc)
    assume(accepted is not None)
    assert schema_accepts(doc) == accepted, (doc, why)


@pytest.mark.parametrize(
    ("doc", "words"),
    [
        ({"suggest": "no"}, "write true or false, without quotes"),
        ({"adapters": ["claude"]}, "'claude' in aido.toml (did you mean 'claude-code'?)"),
        ({"mcp": {"add": ["contxt7"]}}, "(did you mean 'context7'?)"),
        ({"stack_packs": ["reactt"]}, "(did you mean 'react'?)"),
    ],
)
def test_a_typo_is_refused_by_both_with_the_closest_name(
    project: Path, doc: dict[str, Any], words: str
) -> None:
    """The examples of issue 38: refused by aido with the closest name, and by the schema."""
    accepted, why = aido_accepts(project, doc)
    assert not accepted and words in why
    assert not schema_accepts(doc)


def test_a_custom_server_in_add_is_refused_by_both(project: Path) -> None:
    """`[mcp] add` takes catalog ids: a [custom.*] server is installed without it."""
    doc = {"mcp": {"add": [CUSTOM]}, "custom": {CUSTOM: {"url": "https://notes.example/mcp"}}}
    accepted, why = aido_accepts(project, doc)
    assert not accepted and "drop it from add" in why
    assert not schema_accepts(doc)
