"""suggest() and select(): gates first, then the first matching trigger with its reason."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from aidokit.catalog.entries import ENTRIES_BY_ID, MCP_CATALOG
from aidokit.catalog.facts import KNOWN_LANGUAGES, PACKS_BY_ID, Fact, Facts
from aidokit.catalog.models import MCPDef, StdioSpec
from aidokit.catalog.triggers import LeftOut, Match, first_match, select, suggest
from aidokit.catalog.validation import validate

REACT_GITHUB = Facts(
    os="linux",
    stack_packs={"react": Fact("react", "package.json")},
    remote_url=Fact("git@github.com:acme/shop.git", ".git/config"),
)


def _entry(**overrides: object) -> MCPDef:
    fields: dict[str, object] = {
        "id": "demo",
        "name": "Demo",
        "purpose": "demo",
        "suggested_for": ("implementer",),
        "triggers": ("always",),
        "install": {"claude-code": StdioSpec(command="demo")},
    }
    fields.update(overrides)
    return validate(MCPDef, fields)


def test_suggest_returns_trigger_and_reason() -> None:
    """A matching entry comes back with the trigger that matched and why."""
    entry = _entry(triggers=("never", "stack.hasFrontend"))
    assert suggest(entry, REACT_GITHUB) == Match(
        "demo", "stack.hasFrontend", "stack.hasFrontend (react, from package.json)"
    )


def test_suggest_none_when_nothing_matches() -> None:
    """An entry whose triggers all fail is not suggested."""
    assert suggest(_entry(triggers=("detect.gitlabRemote",)), REACT_GITHUB) is None


def test_sensitive_checked_before_deprecated() -> None:
    """An entry both sensitive and deprecated is left out as security-sensitive."""
    entry = _entry(security_sensitive=True, deprecated=True)
    assert suggest(entry, REACT_GITHUB) is None
    selection = select([entry], REACT_GITHUB)
    assert selection.left_out == (LeftOut("demo", "security-sensitive", None, "always", "always"),)


def test_select_react_github_picks_the_promised_entries() -> None:
    """A React project on GitHub selects context7, sequential-thinking, playwright and github."""
    selection = select(MCP_CATALOG, REACT_GITHUB)
    ids = selection.ids()
    for wanted in ("context7", "sequential-thinking", "playwright", "chrome-devtools", "github"):
        assert wanted in ids
    assert "gitlab" not in ids
    reasons = {match.id: match.reason for match in selection.selected}
    assert reasons["github"] == "detect.githubRemote (github.com, from .git/config)"
    assert reasons["playwright"] == "stack.hasFrontend (react, from package.json)"


def test_select_lists_gated_entries_with_would_be_match() -> None:
    """Deprecated puppeteer is left out, names playwright, and says its trigger would match."""
    left = {out.id: out for out in select(MCP_CATALOG, REACT_GITHUB).left_out}
    assert left["puppeteer"].because == "deprecated"
    assert left["puppeteer"].replaced_by == "playwright"
    assert left["puppeteer"].trigger == "stack.hasFrontend"
    assert left["filesystem"].because == "security-sensitive"
    assert all(out.id not in select(MCP_CATALOG, REACT_GITHUB).ids() for out in left.values())


def test_select_is_deterministic() -> None:
    """The same facts always give the same selection, in catalog order."""
    first = select(MCP_CATALOG, REACT_GITHUB)
    assert first == select(MCP_CATALOG, REACT_GITHUB)
    order = [entry.id for entry in MCP_CATALOG]
    assert list(first.ids()) == sorted(first.ids(), key=order.index)


_FORGE_URLS = (
    None,
    "git@github.com:o/r.git",
    "https://gitlab.com/o/r.git",
    "ssh://git@bitbucket.org/o/r.git",
    "git@github.com.evil.io:o/r.git",
)


@st.composite
def _facts(draw: st.DrawFn) -> Facts:
    """Any mix of the facts detection can report: packs, languages, remote, beads, history."""
    packs = draw(st.sets(st.sampled_from(sorted(PACKS_BY_ID))))
    languages = draw(st.sets(st.sampled_from(sorted(KNOWN_LANGUAGES))))
    url = draw(st.sampled_from(_FORGE_URLS))
    return Facts(
        os=draw(st.sampled_from(("linux", "darwin", "win32"))),
        stack_packs={pack: Fact(pack, "test") for pack in packs},
        languages={language: Fact(language, "test") for language in languages},
        remote_url=None if url is None else Fact(url, ".git/config"),
        beads=draw(st.sampled_from((None, Fact("beads", ".beads")))),
        brownfield=draw(st.sampled_from((None, Fact("git history", ".git")))),
    )


def _union(a: Facts, b: Facts) -> Facts:
    return Facts(
        os=a.os,
        stack_packs={**a.stack_packs, **b.stack_packs},
        languages={**a.languages, **b.languages},
        remote_url=a.remote_url or b.remote_url,
        beads=a.beads or b.beads,
        brownfield=a.brownfield or b.brownfield,
    )


@given(_facts(), _facts())
def test_no_project_is_suggested_a_gated_or_opt_in_entry_and_more_facts_only_add(
    facts: Facts, more: Facts
) -> None:
    """Over every mix of detected facts: nothing security-sensitive or deprecated is
    suggested, nor `fetch` (opt-in); every sensitive entry a trigger names is listed as left
    out with that trigger; and a project with more facts keeps every suggestion (triggers
    and packs only OR)."""
    selection = select(MCP_CATALOG, facts)
    for match in selection.selected:
        entry = ENTRIES_BY_ID[match.id]
        assert not (entry.security_sensitive or entry.deprecated), match
        assert match.id != "fetch"
    gated = {gate.id: gate for gate in selection.left_out}
    for entry in MCP_CATALOG:
        if entry.security_sensitive and first_match(entry.triggers, facts):
            assert gated[entry.id].because == "security-sensitive"
            assert gated[entry.id].trigger is not None
    wider = select(MCP_CATALOG, _union(facts, more))
    assert set(selection.ids()) <= set(wider.ids())


def test_suggest_names_only_the_gated_entries_that_would_match() -> None:
    """A bare project: no "Left out" line per sensitive entry of the catalog, one line for
    them all (issue 54: 45 lines before); a postgres project names postgres-mcp."""
    from aidokit.catalog.views import selection_text

    bare = selection_text(select(MCP_CATALOG, Facts(os="linux")), len(MCP_CATALOG))
    assert "Left out" not in bare and len(bare.splitlines()) < 8
    assert "more security-sensitive or deprecated entries match nothing here" in bare
    packs = {"postgres": Fact("postgres", "docker-compose.yml")}
    text = selection_text(select(MCP_CATALOG, Facts(os="linux", stack_packs=packs)), 1)
    assert "  postgres-mcp: security-sensitive" in text and "would match" in text
