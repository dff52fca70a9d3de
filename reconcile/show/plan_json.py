"""Render a Plan as stable JSON (`aido plan --json`, documented in docs/cli.md)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from aidokit.reconcile.gate.redaction import redact_change
from aidokit.reconcile.plan.model import Action, Change, FileChange, Plan, Summary
from aidokit.reconcile.show.reasons import said


def render_plan_json(plan: Plan) -> str:
    """The plan as JSON: format_version, files (no-op changes left out), summary."""
    summary = plan.summary
    doc = {
        "format_version": plan.format_version,
        "project": plan.project,
        "scope": plan.scope,
        "notes": list(plan.notes),
        "files": [_file(f) for f in plan.files],
        "summary": _summary(summary),
        "lock": _lock(plan),
    }
    if plan.policy_violations:  # optional: entries outside policy that aido does not own
        doc["policy_violations"] = [dataclasses.asdict(v) for v in plan.policy_violations]
    if plan.baselines:  # optional: the baselines `extends` names, as aido.lock pins them
        doc["baselines"] = [dataclasses.asdict(b) for b in plan.baselines]
    return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=True) + "\n"


def _lock(plan: Plan) -> dict[str, Any] | None:
    """How apply moves `aido.lock`; null when there is no aido.toml (so no lock)."""
    if plan.lock is None or plan.scope == "local":  # local: the person's pins, not aido.lock
        return None
    return {
        "path": "aido.lock",
        "exists": plan.lock.exists,
        "changed": plan.lock.changed,
        "changes": list(plan.lock.changes),
    }


def _summary(summary: Summary) -> dict[str, Any]:
    counts = summary._asdict()
    if not summary.forget:
        del counts["forget"]  # optional: present only when state of missing files is dropped
    if not summary.policy:
        del counts["policy"]  # optional: present only when a targeted file holds such a server
    if not summary.lock:
        del counts["lock"]  # optional: present only when apply changes aido.lock
    return counts


def _file(file: FileChange) -> dict[str, Any]:
    return {
        "adapter": file.adapter,
        "scope": file.scope,
        "path": file.path,
        "agent": file.agent,
        "changes": [_change(c) for c in file.changes if c.action is not Action.NOOP],
        # Desired entries already as desired: `aido report` counts them as in use.
        "unchanged": [
            {"name": c.name, "id": c.id}
            for c in file.changes
            if c.action is Action.NOOP and not c.map_path
        ],
        "error": file.error,
        "notes": list(file.notes),
        "trust": dataclasses.asdict(file.trust) if file.trust else None,
    }


def _change(change: Change) -> dict[str, Any]:
    change = redact_change(change)  # SPEC §7: never a literal the user wrote in the file
    kept = {"kept": list(change.kept)} if change.kept else {}  # someone else's keys (SPEC §6)
    return {
        **kept,
        "action": change.action.word,
        "name": change.name,
        "id": change.id,
        "reason": said(change),
        "before": change.before,
        "after": change.after,
        "diff": [dataclasses.asdict(row) for row in change.diff],
        "hint": change.hint,
        "roles": list(change.roles),
        "sensitive": change.sensitive,
        "map_path": list(change.map_path),
        **_tools(change),
    }


def _tools(change: Change) -> dict[str, Any]:
    """What the model loads from the server (docs/context-budget.md), when aido.toml asks."""
    if not change.tools:
        return {}
    return {
        "tools": {
            "loads": change.tools,
            "tools_loaded": change.tools_loaded,
            "tools_total": change.tools_total,
        }
    }
