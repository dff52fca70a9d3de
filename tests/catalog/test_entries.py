"""Every catalog entry, checked: schema, triggers, gates, install specs, secrets (SPEC §3)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from aidokit.adapters.common import identity_of
from aidokit.catalog.entries import ENTRIES_BY_ID, MCP_CATALOG
from aidokit.catalog.facts import (
    KNOWN_LANGUAGES,
    PACKS_BY_ID,
    STACK_PACKS,
    Fact,
    Facts,
    StackPack,
    contains,
    exists,
    glob,
    npm,
    python,
)
from aidokit.catalog.models import (
    ALL_ROLES,
    PLACEHOLDER_RE,
    MCPDef,
    RemoteSpec,
    StdioSpec,
    package_of,
)
from aidokit.catalog.triggers import parse_trigger, suggest
from aidokit.catalog.validation import dump, validate

ENTRIES = pytest.mark.parametrize("entry", MCP_CATALOG, ids=lambda e: e.id)

# Facts under which every trigger of the grammar matches at once.
EVERYTHING = Facts(
    os="linux",
    stack_packs={pack.id: Fact(pack.id, "test") for pack in STACK_PACKS},
    languages={language: Fact(language, "test") for language in KNOWN_LANGUAGES},
    remote_url=Fact("git@github.com:o/r.git", "test"),
    beads=Fact("beads", "test"),
    brownfield=Fact("git history", "test"),
    conformance=Fact("standard", "test"),
)
ON_EVERY_FORGE = [
    EVERYTHING._replace(remote_url=Fact(url, "test"))
    for url in ("git@github.com:o/r.git", "git@gitlab.com:o/r.git", "git@bitbucket.org:o/r.git")
]
TOKEN_SHAPES = re.compile(r"(ghp_|github_pat_|glpat-|sk-|xox[bp]-|AKIA)[A-Za-z0-9]")


def _strings(spec: StdioSpec | RemoteSpec) -> list[str]:
    if isinstance(spec, StdioSpec):
        return [spec.command, *spec.args, *spec.env.values()]
    return [spec.url, *spec.headers.values()]


def test_catalog_size_and_unique_ids() -> None:
    """The catalog ships at least 20 entries with unique ids."""
    ids = [entry.id for entry in MCP_CATALOG]
    assert len(ids) >= 20
    assert len(set(ids)) == len(ids)
    assert set(ENTRIES_BY_ID) == set(ids)


def test_every_domain_is_joined_into_the_catalog() -> None:
    """Each domain section of catalog/entries.py is in DOMAINS, so no entry is silently left
    out; MCP_CATALOG is all their entries in publication order, every id once in ORDER."""
    from aidokit.catalog import entries

    sections = {
        name.lower()
        for name, value in vars(entries).items()
        if name.isupper()
        and isinstance(value, tuple)
        and value
        and all(isinstance(entry, MCPDef) for entry in value)
    } - {"mcp_catalog"}
    assert sections == set(entries.DOMAINS)
    joined = [e for domain in entries.DOMAINS.values() for e in domain]
    assert sorted(joined, key=lambda e: e.id) == sorted(MCP_CATALOG, key=lambda e: e.id)
    assert tuple(e.id for e in MCP_CATALOG) == entries.ORDER


@ENTRIES
def test_entry_revalidates(entry: MCPDef) -> None:
    """Each entry survives a round trip through the pydantic schema."""
    assert validate(MCPDef, dump(entry)) == entry


@ENTRIES
def test_triggers_parse(entry: MCPDef) -> None:
    """Each trigger of each entry is in the grammar."""
    for trigger in entry.triggers:
        parse_trigger(trigger)


@ENTRIES
def test_roles_are_a_proper_subset(entry: MCPDef) -> None:
    """suggested_for names some roles, never all of them."""
    assert entry.suggested_for
    assert set(entry.suggested_for) < set(ALL_ROLES)


@ENTRIES
def test_gated_entries_never_suggested(entry: MCPDef) -> None:
    """Sensitive and deprecated entries are never suggested, even when every fact matches."""
    matches = [suggest(entry, facts) for facts in ON_EVERY_FORGE]
    if entry.security_sensitive or entry.deprecated:
        assert matches == [None] * len(ON_EVERY_FORGE)
    elif entry.triggers != ("never",):
        assert any(matches)


@ENTRIES
def test_replaced_by_names_a_live_entry(entry: MCPDef) -> None:
    """A deprecated entry points at an existing, non-deprecated replacement."""
    if not entry.deprecated:
        assert entry.replaced_by is None
        return
    assert entry.replaced_by in ENTRIES_BY_ID
    assert not ENTRIES_BY_ID[entry.replaced_by].deprecated


@ENTRIES
def test_placeholders_declared_and_secrets_referenced(entry: MCPDef) -> None:
    """Specs use only declared `${NAME}`s; secrets appear only as placeholders, never values."""
    declared = {var.name for var in entry.env}
    secrets = entry.secret_names()
    used: set[str] = set()
    for spec in entry.install.values():
        for text in _strings(spec):
            used |= set(PLACEHOLDER_RE.findall(text))
            assert not TOKEN_SHAPES.search(text), text
        if isinstance(spec, StdioSpec):
            for key, value in spec.env.items():
                if key in secrets:
                    assert value == f"${{{key}}}"
    assert used <= declared
    assert secrets <= used, "a declared secret must be passed to the server as a reference"


@ENTRIES
def test_pinned_or_remote(entry: MCPDef) -> None:
    """npx and uvx specs pin an exact version, never @latest; every local spec runs a package
    aido can name (so `make verify-catalog`, `aido.lock` and `aido outdated` see its pin)."""
    for spec in entry.install.values():
        if isinstance(spec, StdioSpec) and spec.command in ("npx", "uvx"):
            joined = " ".join(spec.args)
            assert "@latest" not in joined
            assert re.search(r"(@|==)\d", joined), joined
        if isinstance(spec, StdioSpec):
            package = package_of(spec)
            assert package is not None and package.version, (entry.id, spec.command, spec.args)


@pytest.mark.parametrize(
    ("entry_id", "trigger"),
    [
        ("context7", "always"),
        ("sequential-thinking", "always"),
        ("playwright", "stack.hasFrontend"),
        ("chrome-devtools", "stack.hasFrontend"),
        ("github", "detect.githubRemote"),
        ("gitlab", "detect.gitlabRemote"),
        ("beads-mcp", "beadsEnabled"),
    ],
)
def test_required_entries_and_triggers(entry_id: str, trigger: str) -> None:
    """The entries the product promises exist with their triggers."""
    assert trigger in ENTRIES_BY_ID[entry_id].triggers


@pytest.mark.parametrize(
    "entry_id", ["fetch", "memory", "git", "sentry", "linear", "serena", "filesystem"]
)
def test_promised_entries_exist(entry_id: str) -> None:
    """The catalog carries the well-known servers users ask for."""
    assert entry_id in ENTRIES_BY_ID


def test_github_token_is_a_secret_header() -> None:
    """GitHub's remote server gets the PAT as a bearer header reference."""
    from aidokit.adapters import ADAPTERS, spec_for

    github = ENTRIES_BY_ID["github"]
    spec = spec_for(github, ADAPTERS["claude-code"])
    assert isinstance(spec, RemoteSpec)
    assert spec.url == "https://api.githubcopilot.com/mcp/"
    assert spec.headers == {"Authorization": "Bearer ${GITHUB_PERSONAL_ACCESS_TOKEN}"}
    assert github.secret_names() == {"GITHUB_PERSONAL_ACCESS_TOKEN"}


def test_sensitive_and_deprecated_examples() -> None:
    """filesystem plus another write-capable entry are sensitive; two entries are retired."""
    sensitive = {e.id for e in MCP_CATALOG if e.security_sensitive}
    assert {"filesystem", "postgres-mcp"} <= sensitive
    assert ENTRIES_BY_ID["puppeteer"].replaced_by == "playwright"
    assert ENTRIES_BY_ID["postgres"].replaced_by == "postgres-readonly"


def _widenings(old: MCPDef, new: MCPDef) -> list[str]:
    """How `new` may do more than `old`: write access, a sensitive gate, a remote transport."""
    found = []
    if "write-access" in new.tags and "write-access" not in old.tags:
        found.append("read-write where it read")
    if "read-only" in old.tags and "read-only" not in new.tags:
        found.append("not read-only")
    if new.security_sensitive and not old.security_sensitive:
        found.append("security-sensitive")
    if any(isinstance(spec, RemoteSpec) for spec in new.install.values()) and not any(
        isinstance(spec, RemoteSpec) for spec in old.install.values()
    ):
        found.append("a remote where it ran locally")
    return found


@ENTRIES
def test_replaced_by_never_widens_access_unless_the_entry_says_so(entry: MCPDef) -> None:
    """A deprecated entry's replacement does no more than it did (a read-only server is not
    replaced by a read-write one) unless `replacement_widens` says why it still is the one."""
    if entry.replaced_by is None:
        assert not entry.replacement_widens
        return
    widens = _widenings(entry, ENTRIES_BY_ID[entry.replaced_by])
    if entry.replacement_widens:
        assert widens, f"{entry.id}: replacement_widens is set but {entry.replaced_by} is no wider"
    else:
        assert not widens, f"{entry.id} -> {entry.replaced_by} widens: {', '.join(widens)}"


def test_a_widening_replacement_must_say_so() -> None:
    """The rule itself: read-only to read-write (and sensitive) is caught, unless explained."""
    old = ENTRIES_BY_ID["postgres"]
    assert _widenings(old, ENTRIES_BY_ID["postgres-mcp"]) == [
        "read-write where it read",
        "not read-only",
        "security-sensitive",
    ]
    assert _widenings(old, ENTRIES_BY_ID["postgres-readonly"]) == []
    with pytest.raises(ValueError, match="replacement_widens is only"):
        replace(ENTRIES_BY_ID["playwright"], replacement_widens="why")


@pytest.mark.parametrize("pack", STACK_PACKS, ids=lambda p: p.id)
def test_stack_packs_recommend_existing_entries(pack: StackPack) -> None:
    """Packs only name catalog ids that exist and are not deprecated."""
    for entry_id in pack.recommends:
        assert entry_id in ENTRIES_BY_ID
        assert not ENTRIES_BY_ID[entry_id].deprecated
    assert PACKS_BY_ID[pack.id] is pack


def test_stack_rules_of_two_kinds_never_compare_equal() -> None:
    """Rules are one NamedTuple with the kind first: `npm("x")` is not `python("x")`."""
    assert len({npm("x"), python("x"), exists("x"), glob("x"), contains(("x",), "x")}) == 5
    rules = [rule for pack in STACK_PACKS for rule in pack.rules]
    assert {rule.kind for rule in rules} == {"npm", "python", "exists", "glob", "contains"}
    assert all(rule.names == () for rule in rules if rule.kind != "contains")
    assert all(rule.names for rule in rules if rule.kind == "contains")


@pytest.mark.parametrize("entry", MCP_CATALOG, ids=lambda e: e.id)
def test_every_install_spec_renders_for_its_adapter(
    entry: MCPDef, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each adapter that supports an entry renders it schema-valid, with no secret value."""
    from jsonschema import Draft202012Validator

    from aidokit.adapters import ADAPTERS, resolved

    planted = {var.name: f"sentinel-{var.name.lower()}-0123456789" for var in entry.env}
    for name, value in planted.items():
        monkeypatch.setenv(name, value)
    (full,) = resolved((entry,))
    for adapter_name, spec in full.install.items():
        adapter = ADAPTERS[adapter_name]
        rendered = adapter.build(entry, spec).entry
        errors = list(Draft202012Validator(adapter.schema()).iter_errors(rendered))
        assert not errors, f"{entry.id} on {adapter_name}: {[e.message for e in errors]}"
        text = repr(rendered)
        assert not any(value in text for value in planted.values()), (entry.id, adapter_name)
        assert identity_of(adapter, rendered) is not None, (entry.id, adapter_name)
