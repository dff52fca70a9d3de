"""The closed trigger grammar (SPEC §3): each string parsed once into a typed predicate.

Triggers are OR-composed; there is no AND, no negation and no eval. Each
predicate's `evaluate(facts)` returns the reason it matched (naming the fact
and its source) or None.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from aidokit.catalog.errors import CatalogError
from aidokit.catalog.facts import Fact, Facts, OSName
from aidokit.catalog.log import get_logger
from aidokit.catalog.remotes import Forge, forge_of, remote_host
from aidokit.catalog.stacks import KNOWN_LANGUAGES, PACKS_BY_ID, PackKind

CONFORMANCE_LEVELS: tuple[str, ...] = ("minimal", "standard", "strict")

_log = get_logger(__name__)


class Predicate(Protocol):
    """A parsed trigger."""

    @property
    def text(self) -> str: ...

    def evaluate(self, facts: Facts) -> str | None:
        """Return why the trigger matches `facts`, or None."""
        ...


def _because(text: str, fact: Fact) -> str:
    return f"{text} ({fact.value}, from {fact.source})"


@dataclass(frozen=True)
class Always:
    """`always`: matches every project."""

    text: str = "always"

    def evaluate(self, facts: Facts) -> str | None:
        """Match unconditionally."""
        return "always"


@dataclass(frozen=True)
class Never:
    """`never`: only installed when the user names the entry."""

    text: str = "never"

    def evaluate(self, facts: Facts) -> str | None:
        """Never match."""
        return None


@dataclass(frozen=True)
class BeadsEnabled:
    """`beadsEnabled`: the project uses beads."""

    text: str = "beadsEnabled"

    def evaluate(self, facts: Facts) -> str | None:
        """Match when beads was detected."""
        return _because(self.text, facts.beads) if facts.beads else None


@dataclass(frozen=True)
class Brownfield:
    """`brownfield`: the project already has history or code."""

    text: str = "brownfield"

    def evaluate(self, facts: Facts) -> str | None:
        """Match an existing codebase."""
        return _because(self.text, facts.brownfield) if facts.brownfield else None


@dataclass(frozen=True)
class StackKind:
    """`stack.hasFrontend` / `stack.hasBackend`: some pack of that kind is present."""

    text: str
    kind: PackKind

    def evaluate(self, facts: Facts) -> str | None:
        """Match the first detected pack of this kind."""
        for pack_id in sorted(facts.stack_packs):
            pack = PACKS_BY_ID.get(pack_id)
            if pack is not None and pack.kind == self.kind:
                return f"{self.text} ({pack_id}, from {facts.stack_packs[pack_id].source})"
        return None


@dataclass(frozen=True)
class StackHas:
    """`stack.has(<pack>)`: that pack is present."""

    text: str
    pack: str

    def evaluate(self, facts: Facts) -> str | None:
        """Match when the pack was detected or configured."""
        fact = facts.stack_packs.get(self.pack)
        return f"{self.text} (from {fact.source})" if fact else None


@dataclass(frozen=True)
class StackLanguage:
    """`stack.language(<lang>)`: the project uses that language."""

    text: str
    language: str

    def evaluate(self, facts: Facts) -> str | None:
        """Match when the language was detected."""
        fact = facts.languages.get(self.language)
        return f"{self.text} (from {fact.source})" if fact else None


@dataclass(frozen=True)
class RemoteOn:
    """`detect.<forge>Remote`: origin's host belongs to that forge."""

    text: str
    forge: Forge

    def evaluate(self, facts: Facts) -> str | None:
        """Match when origin's parsed host is on the forge."""
        remote = facts.remote_url
        if remote is None:
            return None
        host = remote_host(remote.value)
        if forge_of(host, facts.forge_hosts) != self.forge:
            return None
        return f"{self.text} ({host}, from {remote.source})"


@dataclass(frozen=True)
class OSIs:
    """`os.<name>`: aido runs on that OS."""

    text: str
    os: OSName

    def evaluate(self, facts: Facts) -> str | None:
        """Match the current OS."""
        return f"{self.text} (running on {facts.os})" if facts.os == self.os else None


@dataclass(frozen=True)
class ConformanceIs:
    """`conformance.<level>`: the project asks for that conformance level."""

    text: str
    level: str

    def evaluate(self, facts: Facts) -> str | None:
        """Match the configured level."""
        fact = facts.conformance
        if fact is None or fact.value != self.level:
            return None
        return f"{self.text} (from {fact.source})"


@dataclass(frozen=True)
class Unknown:
    """A string outside the grammar: fails closed with a warning (SPEC §3)."""

    text: str
    problem: str

    def evaluate(self, facts: Facts) -> str | None:
        """Warn and never match."""
        _log.warning("unknown trigger ignored", trigger=self.text, problem=self.problem)
        return None


_FIXED: dict[str, Predicate] = {
    "always": Always(),
    "never": Never(),
    "beadsEnabled": BeadsEnabled(),
    "brownfield": Brownfield(),
    "stack.hasFrontend": StackKind("stack.hasFrontend", "frontend"),
    "stack.hasBackend": StackKind("stack.hasBackend", "backend"),
    "detect.githubRemote": RemoteOn("detect.githubRemote", "github"),
    "detect.gitlabRemote": RemoteOn("detect.gitlabRemote", "gitlab"),
    "detect.bitbucketRemote": RemoteOn("detect.bitbucketRemote", "bitbucket"),
    "os.darwin": OSIs("os.darwin", "darwin"),
    "os.linux": OSIs("os.linux", "linux"),
    "os.win32": OSIs("os.win32", "win32"),
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
        return StackHas(text, pack)
    language = _call_argument(text, "stack.language")
    if language is not None:
        if language not in KNOWN_LANGUAGES:
            raise CatalogError(
                f"trigger {text!r} names unknown language {language!r}; "
                f"use one of: {', '.join(sorted(KNOWN_LANGUAGES))}."
            )
        return StackLanguage(text, language)
    if text.startswith("conformance."):
        level = text.removeprefix("conformance.")
        if level not in CONFORMANCE_LEVELS:
            raise CatalogError(
                f"trigger {text!r} names unknown conformance level {level!r}; "
                f"use one of: {', '.join(CONFORMANCE_LEVELS)}."
            )
        return ConformanceIs(text, level)
    raise CatalogError(
        f"trigger {text!r} is not in the trigger grammar; use one of: {', '.join(FORMS)}."
    )


@lru_cache(maxsize=512)
def compile_trigger(text: str) -> Predicate:
    """Parse a trigger for run time: an unknown one becomes a fail-closed predicate."""
    try:
        return parse_trigger(text)
    except CatalogError as exc:
        return Unknown(text, str(exc))


def first_match(triggers: tuple[str, ...], facts: Facts) -> tuple[str, str] | None:
    """Return (trigger, reason) for the first trigger that matches, or None (OR semantics)."""
    for text in triggers:
        reason = compile_trigger(text).evaluate(facts)
        if reason is not None:
            return text, reason
    return None
