"""What a policy says about one entry as one harness would run it (SPEC §4, issue 36).

An entry is named by its subjects: its id, the registry package its launcher
runs (catalog/sources.py reads npx, uvx and docker by their own grammars) and
every host it reaches (a remote URL, or an http(s) URL among a command's
arguments, as `mcp-remote URL` takes). Layers combine so no layer can widen
another (docs/policy.md): any `deny` rule that names a subject refuses; an
`allow` list must name one of the entry's subjects, in every layer that has
one; `allow_custom = false` in any layer refuses every custom entry. A custom
entry's id is its author's choice, so an `allow` rule by id never admits one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple
from urllib.parse import urlsplit

from aidokit.catalog.models import RemoteSpec, StdioSpec
from aidokit.catalog.sources import source_of
from aidokit.reconcile.plan.model import PolicyViolation
from aidokit.reconcile.read.choices.layers import PolicyLayer
from aidokit.reconcile.read.policy.rules import Subject, normalise

_URL = re.compile(r"https?://[^\s\"'<>]+", re.IGNORECASE)


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
    """What the entry is: its id, the package it runs or the host of its URL."""
    found = [Subject("id", entry_id)]
    source = source_of(spec)
    if source is not None:
        found.append(Subject(source.registry, normalise(source.registry, source.name)))
    host = _host(spec.url) if isinstance(spec, RemoteSpec) else None
    if host:
        found.append(Subject("host", host))
    return tuple(found)


def reached(spec: StdioSpec | RemoteSpec) -> tuple[Subject, ...]:
    """Hosts a command's arguments or env name (`mcp-remote URL`): a deny rule sees them too,
    an allow rule does not (allowing a host never admits the package that calls it)."""
    if isinstance(spec, RemoteSpec):
        return ()
    texts = (*spec.args, *spec.env.values())
    hosts = (_host(m.group(0)) for text in texts for m in _URL.finditer(text))
    return tuple(Subject("host", host) for host in hosts if host)


def _host(url: str) -> str | None:
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return None
    return normalise("host", host) if host else None


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
    for layer in layers:
        if custom and not layer.allow_custom:
            return Refusal(entry_id, "allow_custom = false", layer, "and this is a custom server")
    admitted = named[1:] if custom else named
    for layer in layers:
        if layer.allow is None:
            continue
        if not any(rule.matches(s) for rule in layer.allow for s in admitted):
            what = ", ".join(map(str, admitted)) or "nothing"
            why = "; an allow rule by id does not admit a custom server" if custom else ""
            return Refusal(entry_id, "the allow list", layer, f"names none of {what}{why}")
    return None
