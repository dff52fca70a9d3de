"""What each Reason of a change (plan/model.py) says in English.

The plan holds why a change happens as a Reason and its particulars (`Change.detail`);
the text plan, `--json` (its `reason`) and `aido status` say it with these words.
"""

from __future__ import annotations

from aidokit.reconcile.plan.model import Change, Reason

# `{detail}` is the change's particulars, `{id}` its catalog id.
SAID: dict[Reason, str] = {
    Reason.DESIRED: "{detail}",
    Reason.UPGRADE: "upgrade: {detail}",
    Reason.NO_LONGER_DESIRED: "no longer desired",
    Reason.SKIPPED: "skipped in {detail}",
    Reason.OUTSIDE_POLICY: "outside policy ({detail})",
    Reason.DEPRECATED: "deprecated, use {detail}",
    Reason.REMOVED: "removed by {detail}",
    Reason.NOT_TARGETED: "{detail} is no longer targeted",
    Reason.OTHER_FILE: "{detail} now uses another file",
    Reason.NOT_INSTALLED: "{detail} is not installed",
    Reason.AGENTS_ONLY: "now only in the agent files of {detail}",
    Reason.NO_AGENT: "no {detail} agent plays its roles ([mcp.roles])",
    Reason.DRIFTED: "the file drifted from what aido wrote",
    Reason.REMOVED_BY_HAND: "removed from the file since aido wrote it",
    Reason.NOT_AN_OBJECT: "existing entry is not an object",
    Reason.NOT_OWNED: "an entry of that name exists that aido does not own",
    Reason.REPLACED: "its command or URL was replaced since aido wrote it",
    Reason.SET_BY_HAND: "set differently by hand",
    Reason.ROLE_SCOPING: "role scoping for {id}",
    Reason.BUDGET: "context budget for {id} in agent {detail}",
    Reason.OFF_SWITCH: "enabled = false for {id}",
    Reason.ROLE_SCOPING_GONE: "role scoping no longer desired",
    Reason.BUDGET_GONE: "context budget no longer desired",
    Reason.POLICY_GONE: "no longer in the policy",
    Reason.NATIVE_POLICY: "[policy] write_native in {detail}",
    Reason.ADOPTED: "adopted with --force",
    Reason.RENAMED: "renamed to {detail}, its catalog id",
    Reason.SWITCHED_OFF: "the team's {id} switched off for you: {detail}",
    Reason.SWITCHED_OFF_HERE: (
        "switched off (enabled = false): {detail} has no off switch, so it leaves the file"
    ),
}
# Said so when the change has no particulars.
PLAIN: dict[Reason, str] = {
    Reason.DEPRECATED: "deprecated",
    Reason.BUDGET: "context budget for {id}",
}


def said(change: Change) -> str:
    """The change's reason in English: "skipped in aido.toml", "the file drifted ..."."""
    words = SAID[change.why] if change.detail else PLAIN.get(change.why, SAID[change.why])
    return words.format(detail=change.detail, id=change.id)
