"""The closed trigger grammar (SPEC §3), and selecting the catalog's entries by it.

Each trigger string is parsed once into a typed predicate.

Triggers are OR-composed; there is no AND, no negation and no eval. Every
trigger parses to one `Predicate` value whose `form` names its test; its
`evaluate(facts)` returns the reason it matched (naming the fact and its
source) or None.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Literal, NamedTuple

from aidokit.catalog.errors import CatalogError, get_logger
from aidokit.catalog.facts import KNOWN_LANGUAGES, PACKS_BY_ID, Fact, Facts, forge_of, remote_host
from aidokit.catalog.models import MCPDef

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


# ======================================================================================
# Which catalog entries a project's facts select, and why (SPEC §3, `suggest`).
# ======================================================================================

LeftOutBecause = Literal["security-sensitive", "deprecated"]


class Match(NamedTuple):
    """An entry selected by a trigger, with the fact behind it."""

    id: str
    trigger: str
    reason: str


class LeftOut(NamedTuple):
    """An entry never suggested, and whether a trigger would otherwise have matched."""

    id: str
    because: LeftOutBecause
    replaced_by: str | None = None
    trigger: str | None = None
    reason: str | None = None


class Selection(NamedTuple):
    """What `select` decided: matched entries and the gated ones, in catalog order."""

    selected: tuple[Match, ...]
    left_out: tuple[LeftOut, ...]

    def ids(self) -> tuple[str, ...]:
        """Ids of the selected entries."""
        return tuple(match.id for match in self.selected)


def suggest(entry: MCPDef, facts: Facts) -> Match | None:
    """Return the first matching trigger of `entry`, or None if gated or unmatched."""
    # Sensitive is checked first: it is a hard gate (SPEC §3, §7).
    if entry.security_sensitive or entry.deprecated:
        return None
    found = first_match(entry.triggers, facts) or recommended(entry.id, facts)
    if found is None:
        return None
    return Match(entry.id, *found)


def recommended(entry_id: str, facts: Facts) -> tuple[str, str] | None:
    """The first detected stack pack whose `recommends` names `entry_id`: a
    (trigger, reason) pair like a trigger match, `stack.has(<pack>)`."""
    for pack_id, fact in sorted(facts.stack_packs.items()):
        pack = PACKS_BY_ID.get(pack_id)
        if pack is not None and entry_id in pack.recommends:
            return f"stack.has({pack_id})", f"stack pack {pack_id} recommends it ({fact.source})"
    return None


def _left_out(entry: MCPDef, facts: Facts) -> LeftOut | None:
    because: LeftOutBecause
    if entry.security_sensitive:
        because = "security-sensitive"
    elif entry.deprecated:
        because = "deprecated"
    else:
        return None
    found = first_match(entry.triggers, facts)
    trigger, reason = found if found else (None, None)
    return LeftOut(entry.id, because, entry.replaced_by, trigger, reason)


def select(catalog: Iterable[MCPDef], facts: Facts) -> Selection:
    """Evaluate every entry against `facts`."""
    selected: list[Match] = []
    left_out: list[LeftOut] = []
    for entry in catalog:
        gated = _left_out(entry, facts)
        if gated is not None:
            left_out.append(gated)
            continue
        match = suggest(entry, facts)
        if match is not None:
            selected.append(match)
    return Selection(tuple(selected), tuple(left_out))
