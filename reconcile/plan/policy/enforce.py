"""The plan's side of policy: each wanted entry judged as one adapter would run it.

An entry the project asks for by name (`[mcp] add`, `[custom.*]`, an override
that replaces what runs) and a policy refuses stops the plan (exit 1: nothing
is written), naming the rule and its file. An entry only suggested by the
project's facts is left out with a note instead: nobody asked for it, and an
owned copy in a file goes like any entry no longer desired.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from aidokit.adapters import spec_for
from aidokit.adapters.base import Adapter
from aidokit.reconcile.core.errors import PolicyError
from aidokit.reconcile.plan.model import Gone, Reason
from aidokit.reconcile.policy.layers import PolicyLayer
from aidokit.reconcile.policy.verdict import Refusal, judge
from aidokit.reconcile.policy.violation import PolicyViolation
from aidokit.reconcile.read.choices.config import ProjectConfig
from aidokit.reconcile.read.desired import Wanted


def is_custom(item: Wanted, config: ProjectConfig) -> bool:
    """Whether `item` runs what the catalog does not: a custom or imported server, or one
    whose override replaces its command or URL (SPEC §4)."""
    override = config.override.get(item.server.id)
    return item.source != "catalog" or (override is not None and override.replaces)


def refusal_of(
    item: Wanted, adapter: Adapter, layers: Sequence[PolicyLayer], config: ProjectConfig
) -> Refusal | None:
    """Why `layers` refuse `item` on `adapter`, or None (also when it has no spec there)."""
    spec = spec_for(item.server, adapter)
    if spec is None:
        return None
    return judge(item.server.id, spec, layers, custom=is_custom(item, config))


def admitted(
    wanted: Sequence[Wanted],
    adapter: Adapter,
    layers: Sequence[PolicyLayer],
    config: ProjectConfig,
) -> tuple[list[Wanted], list[str], Gone, list[PolicyViolation]]:
    """The entries `layers` admit on `adapter`, notes for those left out, why each went,
    and each left out as data (`found` "left-out": the job summary names them by id).

    Raises PolicyError for an entry the project named itself.
    """
    if not layers:
        return list(wanted), [], {}, []
    kept: list[Wanted] = []
    notes: list[str] = []
    gone: Gone = {}
    refused: list[PolicyViolation] = []
    for item in wanted:
        refusal = refusal_of(item, adapter, layers, config)
        if refusal is None:
            kept.append(item)
        elif item.explicit:
            error = PolicyError(
                f"{refusal.sentence()}; remove '{item.server.id}' ({item.detail}), or ask "
                f"whoever keeps {refusal.layer.label} to change it"
            )
            # Under --json, `error.details` carries it as data (`aido report`, the Action).
            asked = refusal.violation(adapter.name, "asked", None)
            error.details = {"policy_violations": [dataclasses.asdict(asked)]}
            raise error
        else:
            notes.append(f"{item.server.id}: left out of {adapter.name}: {refusal.sentence()}")
            gone[item.server.id] = (
                Reason.OUTSIDE_POLICY,
                f"{refusal.rule} in {refusal.layer.label}",
            )
            refused.append(refusal.violation(adapter.name, "left-out", None))
    return kept, notes, gone, refused
