"""The closed trigger grammar (SPEC §3): each string parsed once into a typed predicate.

Triggers are OR-composed; there is no AND, no negation and no eval. Every
trigger parses to one `Predicate` value whose `form` names its test; its
`evaluate(facts)` returns the reason it matched (naming the fact and its
source) or None.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Literal, NamedTuple

from aidokit.catalog.errors import CatalogError
from aidokit.catalog.facts import Fact, Facts
from aidokit.catalog.log import get_logger
from aidokit.catalog.remotes import forge_of, remote_host
from aidokit.catalog.stacks import KNOWN_LANGUAGES, PACKS_BY_ID

CONFORMANCE_LEVELS: tuple[str, ...] = ("minimal", "standard", "strict")

_log = get_logger(__name__)

# Which test a predicate runs; its `arg` is that test's operand.
Form = Literal[
    "always",  # `always`: every project
    "never",  # `never`: only installed when the user names the entry
    "beads",  # `beadsEnabled`: the project uses beads
    "brownfield",  # `brownfield`: the project already has history or code
    "kind",  # `stack.hasFrontend` / `stack.hasBackend`: some pack of kind `arg`
    "pack",  # `stack.has(<pack>)`: pack `arg` was detected or configured
    "language",  # `stack.language(<lang>)`: the project uses language `arg`
    "remote",  # `detect.<forge>Remote`: origin's host belongs to forge `arg`
    "os",  # `os.<name>`: aido runs on OS `arg`
    "conformance",  # `conformance.<level>`: the project asks for level `arg`
    "unknown",  # outside the grammar: fails closed with a warning; `arg` says why (SPEC §3)
]


class Predicate(NamedTuple):
    """A parsed trigger: the test it runs (`form`, first, so two forms never compare
    equal), the trigger's own text and the test's operand."""

    form: Form
    text: str
    arg: str = ""

    def evaluate(self, facts: Facts) -> str | None:
        """Return why the trigger matches `facts` (naming the fact and its source), or None."""
        return _TESTS[self.form](self, facts)


def _because(text: str, fact: Fact | None) -> str | None:
    return f"{text} ({fact.value}, from {fact.source})" if fact else None


def _from(text: str, fact: Fact | None) -> str | None:
    return f"{text} (from {fact.source})" if fact else None


def _kind(p: Predicate, facts: Facts) -> str | None:
    for pack_id in sorted(facts.stack_packs):
        pack = PACKS_BY_ID.get(pack_id)
        if pack is not None and pack.kind == p.arg:
            return f"{p.text} ({pack_id}, from {facts.stack_packs[pack_id].source})"
    return None


def _remote(p: Predicate, facts: Facts) -> str | None:
    remote = facts.remote_url
    if remote is None:
        return None
    host = remote_host(remote.value)
    if forge_of(host, facts.forge_hosts) != p.arg:
        return None
    return f"{p.text} ({host}, from {remote.source})"


def _conformance(p: Predicate, facts: Facts) -> str | None:
    fact = facts.conformance
    return _from(p.text, fact) if fact is not None and fact.value == p.arg else None


def _unknown(p: Predicate, facts: Facts) -> str | None:
    _log.warning("unknown trigger ignored", trigger=p.text, problem=p.arg)
    return None


_TESTS: dict[str, Callable[[Predicate, Facts], str | None]] = {
    "always": lambda p, facts: "always",
    "never": lambda p, facts: None,
    "beads": lambda p, facts: _because(p.text, facts.beads),
    "brownfield": lambda p, facts: _because(p.text, facts.brownfield),
    "kind": _kind,
    "pack": lambda p, facts: _from(p.text, facts.stack_packs.get(p.arg)),
    "language": lambda p, facts: _from(p.text, facts.languages.get(p.arg)),
    "remote": _remote,
    "os": lambda p, facts: f"{p.text} (running on {facts.os})" if facts.os == p.arg else None,
    "conformance": _conformance,
    "unknown": _unknown,
}

_FIXED: dict[str, Predicate] = {
    "always": Predicate("always", "always"),
    "never": Predicate("never", "never"),
    "beadsEnabled": Predicate("beads", "beadsEnabled"),
    "brownfield": Predicate("brownfield", "brownfield"),
    "stack.hasFrontend": Predicate("kind", "stack.hasFrontend", "frontend"),
    "stack.hasBackend": Predicate("kind", "stack.hasBackend", "backend"),
    "detect.githubRemote": Predicate("remote", "detect.githubRemote", "github"),
    "detect.gitlabRemote": Predicate("remote", "detect.gitlabRemote", "gitlab"),
    "detect.bitbucketRemote": Predicate("remote", "detect.bitbucketRemote", "bitbucket"),
    "os.darwin": Predicate("os", "os.darwin", "darwin"),
    "os.linux": Predicate("os", "os.linux", "linux"),
    "os.win32": Predicate("os", "os.win32", "win32"),
}

FORMS: tuple[str, ...] = (
    *_FIXED,
    "stack.has(<pack>)",
    "stack.language(<lang>)",
    "conformance.<level>",
)


def _call_argument(text: str, name: str) -> str | None:
    prefix = name + "("
    if text.startswith(prefix) and text.endswith(")"):
        return text[len(prefix) : -1]
    return None


@lru_cache(maxsize=512)
def parse_trigger(text: str) -> Predicate:
    """Parse one trigger string; raise CatalogError if it is not in the grammar."""
    fixed = _FIXED.get(text)
    if fixed is not None:
        return fixed
    pack = _call_argument(text, "stack.has")
    if pack is not None:
        if pack not in PACKS_BY_ID:
            raise CatalogError(
                f"trigger {text!r} names unknown stack pack {pack!r}; "
                f"use one of: {', '.join(sorted(PACKS_BY_ID))}."
            )
        return Predicate("pack", text, pack)
    language = _call_argument(text, "stack.language")
    if language is not None:
        if language not in KNOWN_LANGUAGES:
            raise CatalogError(
                f"trigger {text!r} names unknown language {language!r}; "
                f"use one of: {', '.join(sorted(KNOWN_LANGUAGES))}."
            )
        return Predicate("language", text, language)
    if text.startswith("conformance."):
        level = text.removeprefix("conformance.")
        if level not in CONFORMANCE_LEVELS:
            raise CatalogError(
                f"trigger {text!r} names unknown conformance level {level!r}; "
                f"use one of: {', '.join(CONFORMANCE_LEVELS)}."
            )
        return Predicate("conformance", text, level)
    raise CatalogError(
        f"trigger {text!r} is not in the trigger grammar; use one of: {', '.join(FORMS)}."
    )


@lru_cache(maxsize=512)
def compile_trigger(text: str) -> Predicate:
    """Parse a trigger for run time: an unknown one becomes a fail-closed predicate."""
    try:
        return parse_trigger(text)
    except CatalogError as exc:
        return Predicate("unknown", text, str(exc))


def first_match(triggers: tuple[str, ...], facts: Facts) -> tuple[str, str] | None:
    """Return (trigger, reason) for the first trigger that matches, or None (OR semantics)."""
    for text in triggers:
        reason = compile_trigger(text).evaluate(facts)
        if reason is not None:
            return text, reason
    return None
