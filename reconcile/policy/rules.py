"""One policy rule: `ID`, `npm:NAME`, `pypi:NAME`, `docker:IMAGE` or `host:HOST`, `*` a wildcard.

Names compare as their registry compares them (catalog/sources.py): a PyPI
name normalised by PEP 503, a docker image with its registry domain and
Docker Hub's `library/`, a host in lower case without a trailing dot. `*`
matches any run of characters, `/` and `.` included: `npm:@evil/*` is every
package of the scope, `host:*.example.net` every subdomain (not the bare
domain: list `host:example.net` too).
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from aidokit.catalog.errors import excerpt
from aidokit.catalog.sources import docker_source

KINDS = ("id", "npm", "pypi", "docker", "host")
_ID = re.compile(r"^[a-z0-9*][a-z0-9*-]{0,62}$")
_NPM = re.compile(r"^(?:@[a-z0-9*~-][a-z0-9*._~-]*/)?[a-z0-9*~-][a-z0-9*._~-]*$")
_PYPI = re.compile(r"^[a-z0-9*]([a-z0-9*._-]*[a-z0-9*])?$")
_DOCKER = re.compile(r"^[a-z0-9*][a-z0-9*._:/@-]*$")
_HOST = re.compile(
    r"^(?:[a-z0-9*](?:[a-z0-9*-]*[a-z0-9*])?)(?:\.[a-z0-9*](?:[a-z0-9*-]*[a-z0-9*])?)*$"
)
_GRAMMAR = {"id": _ID, "npm": _NPM, "pypi": _PYPI, "docker": _DOCKER, "host": _HOST}


class Subject(NamedTuple):
    """Something a rule can name: an entry's id, its package or a host it reaches."""

    kind: str  # one of KINDS
    value: str  # normalised like a rule's pattern

    def __str__(self) -> str:
        return self.value if self.kind == "id" else f"{self.kind}:{self.value}"


class Rule(NamedTuple):
    """A parsed rule: its kind and its normalised pattern."""

    text: str  # as written, for messages
    kind: str
    pattern: str

    def matches(self, subject: Subject) -> bool:
        """Whether `subject` is named by this rule."""
        return subject.kind == self.kind and bool(_regex(self.pattern).match(subject.value))


@cache
def _regex(pattern: str) -> re.Pattern[str]:
    """A rule's pattern as a regex, `*` any run of characters (compiled once per pattern)."""
    return re.compile(".*".join(map(re.escape, pattern.split("*"))) + r"\Z")


def parse_rule(text: str) -> Rule:
    """`text` as a rule; ValueError saying the grammar when it is none."""
    kind, colon, rest = text.partition(":")
    if not colon or kind not in KINDS:
        kind, rest = "id", text
    pattern = normalise(kind, rest.strip().lower() if kind != "id" else rest)
    if not pattern or not _GRAMMAR[kind].match(pattern):
        raise ValueError(
            f"{excerpt(text)} is not a policy rule; write a catalog id ('github'), "
            "'npm:@scope/name', 'pypi:name', 'docker:image' or 'host:mcp.example.com' "
            "('*' matches any characters)"
        )
    return Rule(text, kind, pattern)


def check_rule(text: str) -> str:
    """The pydantic check of a rule in `[policy]`: the text, unchanged, when it parses."""
    parse_rule(text)
    return text


def normalise(kind: str, value: str) -> str:
    """`value` (a rule's pattern or a subject) as its registry compares it."""
    if kind == "pypi":
        return re.sub(r"[-_.]+", "-", value.lower())
    if kind == "host":
        return value.lower().rstrip(".")
    if kind == "docker":
        return _docker(value.lower())
    return value.lower() if kind == "npm" else value


def _docker(value: str) -> str:
    """A docker image pattern with its domain and Docker Hub's `library/`, as the grammar reads."""
    if "*" not in value:
        source = docker_source(value)
        return source.name if source is not None else value
    parts = value.split("/")
    if len(parts) == 1 or not ("." in parts[0] or ":" in parts[0] or parts[0] == "localhost"):
        parts = ["docker.io", *(["library"] if len(parts) == 1 else []), *parts]
    return "/".join(parts)
