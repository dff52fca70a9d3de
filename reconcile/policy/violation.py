"""What a plan says of an entry outside policy (docs/policy.md), as data (`Plan.policy_violations`,
the `policy_violations` of `aido plan --json` and of a refusal's error under `--json`)."""

from __future__ import annotations

from dataclasses import dataclass

from aidokit.catalog.models import Strict


@dataclass(frozen=True)
class PolicyViolation(Strict):
    """An entry outside policy (docs/policy.md): one a layer asks for, which the plan
    refuses, or one found in a harness file that aido does not own."""

    name: str  # the entry's id or its name in the file
    adapter: str
    rule: str  # `deny rule 'npm:@evil/*'`, `allow_custom = false`, `the allow list`
    layer: str  # the file the rule came from, as the plan names it
    kind: str  # "managed" | "user" | "project"
    # "asked" (a layer names it) | "hand-written" (in a file, not aido's) | "left-out" (a
    # suggestion the plan leaves out)
    found: str
    path: str | None = None  # the harness file that holds it (hand-written)
