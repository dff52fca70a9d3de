"""The trigger grammar: every form parses once, evaluates with a reason, fails closed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.catalog.facts import Fact, Facts
from aidokit.catalog.triggers import (
    FORMS,
    compile_trigger,
    first_match,
    parse_trigger,
)
from aidokit.reconcile.core.errors import CatalogError

EMPTY = Facts(os="linux")
REACT_GITHUB = Facts(
    os="darwin",
    stack_packs={"react": Fact("react", "package.json")},
    languages={"javascript": Fact("javascript", "package.json")},
    remote_url=Fact("git@github.com:acme/shop.git", ".git/config"),
    brownfield=Fact("git history", ".git/refs/heads/main"),
)
FASTAPI_GITLAB = Facts(
    os="win32",
    stack_packs={"fastapi": Fact("fastapi", "pyproject.toml")},
    languages={"python": Fact("python", "pyproject.toml")},
    remote_url=Fact("https://gitlab.com/acme/api.git", ".git/config"),
    beads=Fact("beads", ".beads/"),
    conformance=Fact("strict", "aido.toml conformance"),
)
BITBUCKET = Facts(os="linux", remote_url=Fact("ssh://git@bitbucket.org/a/b.git", ".git/config"))

# (trigger, facts, expected reason or None)
TABLE = [
    ("always", EMPTY, "always"),
    ("never", REACT_GITHUB, None),
    ("beadsEnabled", FASTAPI_GITLAB, "beadsEnabled (beads, from .beads/)"),
    ("beadsEnabled", REACT_GITHUB, None),
    ("brownfield", REACT_GITHUB, "brownfield (git history, from .git/refs/heads/main)"),
    ("brownfield", EMPTY, None),
    ("stack.hasFrontend", REACT_GITHUB, "stack.hasFrontend (react, from package.json)"),
    ("stack.hasFrontend", FASTAPI_GITLAB, None),
    ("stack.hasBackend", FASTAPI_GITLAB, "stack.hasBackend (fastapi, from pyproject.toml)"),
    ("stack.hasBackend", REACT_GITHUB, None),
    ("stack.has(react)", REACT_GITHUB, "stack.has(react) (from package.json)"),
    ("stack.has(vue)", REACT_GITHUB, None),
    ("stack.language(python)", FASTAPI_GITLAB, "stack.language(python) (from pyproject.toml)"),
    ("stack.language(go)", FASTAPI_GITLAB, None),
    ("detect.githubRemote", REACT_GITHUB, "detect.githubRemote (github.com, from .git/config)"),
    ("detect.githubRemote", FASTAPI_GITLAB, None),
    ("detect.githubRemote", EMPTY, None),
    ("detect.gitlabRemote", FASTAPI_GITLAB, "detect.gitlabRemote (gitlab.com, from .git/config)"),
    ("detect.gitlabRemote", REACT_GITHUB, None),
    (
        "detect.bitbucketRemote",
        BITBUCKET,
        "detect.bitbucketRemote (bitbucket.org, from .git/config)",
    ),
    ("detect.bitbucketRemote", REACT_GITHUB, None),
    ("os.darwin", REACT_GITHUB, "os.darwin (running on darwin)"),
    ("os.darwin", EMPTY, None),
    ("os.linux", EMPTY, "os.linux (running on linux)"),
    ("os.linux", FASTAPI_GITLAB, None),
    ("os.win32", FASTAPI_GITLAB, "os.win32 (running on win32)"),
    ("os.win32", EMPTY, None),
    ("conformance.strict", FASTAPI_GITLAB, "conformance.strict (from aido.toml conformance)"),
    ("conformance.standard", FASTAPI_GITLAB, None),
    ("conformance.standard", EMPTY, None),
]


@pytest.mark.parametrize(("trigger", "facts", "reason"), TABLE)
def test_trigger_table(trigger: str, facts: Facts, reason: str | None) -> None:
    """Each trigger form matches exactly its facts and explains the match."""
    assert parse_trigger(trigger).evaluate(facts) == reason


def test_table_covers_all_fifteen_forms() -> None:
    """The table exercises every grammar form of SPEC §3, matching and not."""
    assert len(FORMS) == 15
    shapes = {t.split("(")[0] + ("()" if "(" in t else "") for t, _, _ in TABLE}
    shapes = {"conformance.<level>" if s.startswith("conformance.") else s for s in shapes}
    expected = {f.replace("<pack>", "").replace("<lang>", "") for f in FORMS}
    assert shapes == expected


@pytest.mark.parametrize(
    "text",
    [
        "sometimes",
        "Always",
        "stack.has(cobol-on-cogs)",
        "stack.has()",
        "stack.language(klingon)",
        "conformance.bogus",
        "conformance.",
        "os.beos",
        "detect.githubRemote or always",
        "__import__('os')",
        "stack.has(react",
        " always",
    ],
)
def test_unknown_triggers_raise(text: str) -> None:
    """Strings outside the grammar (or with unknown arguments) are validation errors."""
    with pytest.raises(CatalogError, match="trigger"):
        parse_trigger(text)


def test_parse_is_cached() -> None:
    """A trigger string is parsed once; later calls return the same predicate."""
    assert parse_trigger("stack.has(react)") is parse_trigger("stack.has(react)")
    assert compile_trigger("os.linux") is compile_trigger("os.linux")


def test_unknown_trigger_fails_closed_with_warning(capsys: pytest.CaptureFixture[str]) -> None:
    """At run time an unknown trigger evaluates to no match and logs a warning."""
    predicate = compile_trigger("stack.hasQuantum")
    assert predicate.form == "unknown"
    assert predicate.evaluate(REACT_GITHUB) is None
    assert "unknown trigger" in capsys.readouterr().err


def test_first_match_is_or_in_order() -> None:
    """Triggers are OR-composed; the first matching one gives the reason."""
    found = first_match(("never", "detect.githubRemote", "always"), REACT_GITHUB)
    assert found == ("detect.githubRemote", "detect.githubRemote (github.com, from .git/config)")
    assert first_match(("never", "bogus"), REACT_GITHUB) is None


def test_predicates_of_different_forms_or_texts_differ() -> None:
    """One predicate type for the grammar: no two triggers parse to equal predicates."""
    texts = [t for t, _, _ in TABLE] + ["sometimes", "stack.hasQuantum"]
    parsed = {text: compile_trigger(text) for text in texts}
    assert len(set(parsed.values())) == len(parsed)
    assert compile_trigger("never") != compile_trigger("always")
    assert all(p.text == text for text, p in parsed.items())


@given(st.text(max_size=30) | st.sampled_from([t for t, _, _ in TABLE]))
def test_any_string_compiles_to_a_predicate_of_its_own_text(text: str) -> None:
    """Any string compiles (fails closed if outside the grammar); a match starts with it."""
    predicate = compile_trigger(text)
    assert predicate.text == text
    for facts in (EMPTY, REACT_GITHUB, FASTAPI_GITLAB, BITBUCKET):
        reason = predicate.evaluate(facts)
        assert reason is None or reason.startswith(text)
