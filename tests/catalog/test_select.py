"""suggest() and select(): gates first, then the first matching trigger with its reason."""

from __future__ import annotations

from aidokit.catalog.entries import MCP_CATALOG
from aidokit.catalog.facts import Fact, Facts
from aidokit.catalog.models import MCPDef, StdioSpec
from aidokit.catalog.select import LeftOut, Match, select, suggest
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
