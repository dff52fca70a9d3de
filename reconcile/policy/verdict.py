"""What a policy says about one entry as one harness would run it (SPEC §4, issue 36).

An entry is named by its subjects: its id, every registry package its launcher
installs (catalog/sources.py reads npx, npm exec, uvx, uv, pipx and docker by
their own grammars: `-p`/`--package`, `npm:` aliases, `--from`, `--with`, a
launcher by any path) and every host it reaches (a remote URL, or an http(s)
URL among a command's arguments, as `mcp-remote URL` takes), read as the
harnesses read it (policy/hosts.py): a URL whose host aido cannot read so
is refused by any layer with `host:` rules. Layers combine so no layer can widen
another (docs/policy.md): any `deny` rule that names a subject refuses; an
`allow` list must name the entry's id, host, or every package it installs, in
every layer that has one; `allow_custom = false` in any layer refuses every custom entry. A custom
entry's id is its author's choice, so an `allow` rule by id never admits one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from aidokit.catalog.errors import excerpt
from aidokit.catalog.models import RemoteSpec, StdioSpec
from aidokit.catalog.sources import installed_packages
from aidokit.reconcile.policy.hosts import Unreadable, host_of
from aidokit.reconcile.policy.layers import PolicyLayer
from aidokit.reconcile.policy.rules import Rule, Subject, normalise
from aidokit.reconcile.policy.violation import PolicyViolation

# An http(s) URL in an argument or env value; `https:host` too (WHATWG reads it as a URL).
_URL = re.compile(r"https?:[^\s\"'<>]+", re.IGNORECASE)
PACKAGES = frozenset({"npm", "pypi", "docker"})


class Refusal(NamedTuple):
    """Why a policy refuses an entry: the rule, the layer it came from, what it matched."""

    entry: str
    rule: str  # `deny rule 'npm:@evil/*'`, `allow_custom = false`, `allow list`
    layer: PolicyLayer
    matched: str  # the subject the rule named, or what the entry is

    def sentence(self) -> str:
        """One sentence naming the entry, the rule and where the rule came from."""
        return (
            f"policy refuses '{self.entry}': {self.rule} in {self.layer.label} ({self.layer.kind} "
            f"policy) {self.matched}"
        )

    def violation(self, adapter: str, found: str, path: str | None) -> PolicyViolation:
        """This refusal as plan data (`found`: "asked" or "hand-written")."""
        return PolicyViolation(
            name=self.entry,
            adapter=adapter,
            rule=self.rule,
            layer=self.layer.label,
            kind=self.layer.kind,
            found=found,
            path=path,
        )


def subjects(entry_id: str, spec: StdioSpec | RemoteSpec) -> tuple[Subject, ...]:
    """What the entry is: its id, the packages it installs or the host of its URL."""
    found = [Subject("id", entry_id)]
    if isinstance(spec, StdioSpec):
        found += [
            Subject(s.registry, normalise(s.registry, s.name)) for s in installed_packages(spec)
        ]
    host = host_of(spec.url) if isinstance(spec, RemoteSpec) else None
    if isinstance(host, str) and host:
        found.append(Subject("host", normalise("host", host)))
    return tuple(found)


def reached(spec: StdioSpec | RemoteSpec) -> tuple[Subject, ...]:
    """Hosts a command's arguments or env name (`mcp-remote URL`): a deny rule sees them too,
    an allow rule does not (allowing a host never admits the package that calls it)."""
    hosts = (host for url in _urls(spec) if isinstance(host := host_of(url), str) and host)
    return tuple(Subject("host", normalise("host", host)) for host in hosts)


def unreadable(spec: StdioSpec | RemoteSpec) -> Unreadable | None:
    """The first URL of `spec` whose host aido cannot read as every harness does."""
    urls = (spec.url,) if isinstance(spec, RemoteSpec) else _urls(spec)
    return next((h for url in urls if isinstance(h := host_of(url), Unreadable)), None)


def _urls(spec: StdioSpec | RemoteSpec) -> tuple[str, ...]:
    if isinstance(spec, RemoteSpec):
        return ()
    texts = (*spec.args, *spec.env.values())
    return tuple(m.group(0) for text in texts for m in _URL.finditer(text))


def judge(
    entry_id: str,
    spec: StdioSpec | RemoteSpec,
    layers: Sequence[PolicyLayer],
    *,
    custom: bool,
) -> Refusal | None:
    """The first reason `layers` refuse the entry, or None when every layer admits it."""
    named = subjects(entry_id, spec)
    every = tuple(dict.fromkeys((*named, *reached(spec))))
    for layer in layers:
        for rule in layer.deny:
            hit = next((s for s in every if rule.matches(s)), None)
            if hit is not None:
                return Refusal(entry_id, f"deny rule '{rule.text}'", layer, f"names {hit}")
    lost = unreadable(spec)
    for layer in layers:
        if lost is not None and _names_hosts(layer):
            return Refusal(entry_id, "its host rules", layer, (
                f"cannot judge {excerpt(lost.url)}: {lost.why}, which harnesses read as "
                "different hosts; write the URL's host in plain ASCII (xn-- for an "
                "international name)"
            ))  # fmt: skip
    for layer in layers:
        if custom and not layer.allow_custom:
            return Refusal(entry_id, "allow_custom = false", layer, "and this is a custom server")
    admitted = named[1:] if custom else named
    for layer in layers:
        if layer.allow is None:
            continue
        if not _allows(layer.allow, admitted):
            what = ", ".join(map(str, admitted)) or "nothing"
            why = "; an allow rule by id does not admit a custom server" if custom else ""
            return Refusal(entry_id, "the allow list", layer, f"names none of {what}{why}")
    return None


def _names_hosts(layer: PolicyLayer) -> bool:
    """Whether `layer` has a `host:` rule (in its deny rules or its allow list)."""
    return any(rule.kind == "host" for rule in (*layer.deny, *(layer.allow or ())))


def _allows(allow: Sequence[Rule], admitted: Sequence[Subject]) -> bool:
    """Whether an allow list admits an entry: it names its id or host, or every package it
    installs (one allowed package beside another does not admit the other)."""

    def named(subject: Subject) -> bool:
        return any(rule.matches(subject) for rule in allow)

    packages = [s for s in admitted if s.kind in PACKAGES]
    others = [s for s in admitted if s.kind not in PACKAGES]
    return any(map(named, others)) or (bool(packages) and all(map(named, packages)))
