"""`[policy] write_native`: the policy written into each harness's own enforcement (docs/policy.md).

Only at user scope, and only from the layers that may set it (the managed file and
the user layer, reconcile/read/choices/layers.py). Each adapter says how its harness spells
the rules (`WritesPolicy.native_policy`) as items of one of its companion files
(`CompanionFiles.companion_files`); aido owns exactly those items, recorded under the id
`policy` (planner.POLICY_ID), and the plan says what the harness cannot express.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aidokit.adapters.base import Adapter, Scope
from aidokit.adapters.policy import PolicyRules, ShowsAdminPolicy, WritesPolicy
from aidokit.reconcile.plan.model import Reason
from aidokit.reconcile.plan.planner import POLICY_ID
from aidokit.reconcile.policy.layers import PolicyLayer
from aidokit.reconcile.read.desired import DesiredEntry
from aidokit.reconcile.read.world import Inputs


def native_rules(layers: tuple[PolicyLayer, ...]) -> PolicyRules | None:
    """The rules of the layers that set `write_native`, for the adapters (None: no such
    layer). Deny rules add up; an allow list is passed on only when one such layer has
    one (two would intersect, which no harness list says)."""
    chosen = [layer for layer in layers if layer.write_native]
    if not chosen:
        return None
    allows = [layer.allow for layer in chosen if layer.allow is not None]
    allow = tuple(rule.text for rule in allows[0]) if len(allows) == 1 else None
    deny = tuple(dict.fromkeys(rule.text for layer in chosen for rule in layer.deny))
    return PolicyRules(
        allow=allow,
        deny=deny,
        allow_custom=all(layer.allow_custom for layer in chosen),
        layers=tuple(layer.label for layer in chosen),
    )


def native_entry(
    adapter: Adapter, inputs: Inputs, key: str | None
) -> tuple[DesiredEntry | None, tuple[str, ...]]:
    """The policy's items for companion file `key` of `adapter` (None: the file of its
    servers, as Gemini CLI keeps `mcp.excluded` beside `mcpServers`), as one desired entry
    whose companions they are, and the notes for that file."""
    if inputs.scope is not Scope.USER:
        return None, ()
    rules = native_rules(inputs.policy)
    if rules is None or not isinstance(adapter, WritesPolicy):
        return None, ()
    native = adapter.native_policy(rules, inputs.scope)
    if native is None:
        return None, ()
    items = tuple(item for item in native.items if item.file == key)
    notes = tuple(dict.fromkeys(native.notes))
    allows = [layer for layer in inputs.policy if layer.write_native and layer.allow is not None]
    if len(allows) > 1:
        notes += (
            f"[policy] allow lists in {' and '.join(a.label for a in allows)} intersect, "
            f"which {adapter.name}'s own list cannot say: aido writes their deny rules only",
        )
    entry = DesiredEntry(
        name=POLICY_ID,
        id=POLICY_ID,
        entry={},
        why=Reason.NATIVE_POLICY,
        detail=", ".join(rules.layers),
        roles=(),
        sensitive=False,
        budget_companions=items,
        companions_only=True,
    )
    return (entry if items else None), notes


def admin_note(
    adapter: Adapter, layers: tuple[PolicyLayer, ...], entries: Mapping[str, Mapping[str, Any]]
) -> str | None:
    """What an administrator puts into `adapter`'s own enforcement file, which aido never
    writes (`ShowsAdminPolicy.admin_policy`), for the layers that set `write_native` (None:
    none)."""
    rules = native_rules(layers)
    if rules is None or not isinstance(adapter, ShowsAdminPolicy):
        return None
    text = adapter.admin_policy(rules, entries)
    return f"[policy] write_native: {text}" if text else None
