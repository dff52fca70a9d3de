"""A short plan for hooks and CI logs: the files that drifted, the counts, the one fix.

`aido plan --summary` prints this instead of the full plan (the pre-commit
hook uses it); with `-v` the full plan follows.
"""

from __future__ import annotations

from aidokit.catalog.errors import printable
from aidokit.reconcile.plan.model import Action, FileChange, Plan
from aidokit.reconcile.show.plan_text import untargeted, wrap

MAX_NAMES = 6  # per file; a longer list says "+N more"


def render_summary(plan: Plan, *, width: int | None = None) -> str:
    """A few lines: one per file that would change or cannot be read, then the fix; prose
    wrapped to `width` when given."""
    summary = plan.summary
    if not plan.files:
        return wrap([f"aido: {untargeted(plan)}"], width)
    if not (summary.pending or summary.error):
        return f"aido: {len(plan.files)} MCP config file(s) match aido.toml.\n"
    files = [line for f in plan.files if (line := _file_line(f))]
    files += [
        printable(f"  {v.path} ({v.adapter}): ! {v.name} outside policy: {v.rule} in {v.layer}")
        for v in plan.policy_violations
        if v.found == "hand-written"
    ]
    if summary.lock_only and plan.lock is not None:  # a pin dropped, no harness file moves
        moves = ", ".join(plan.lock.changes) or "written anew"
        lines = [printable(f"aido: aido.lock is behind aido.toml: {moves}."), *files]
    else:
        lines = [f"aido: MCP config drifted from aido.toml in {len(files)} file(s).", *files]
    lines.append(summary.line())
    # Apply fixes changes, never a file it cannot read or an entry it does not own.
    if summary.error:
        lines.append("Fix: repair the file(s) marked error (aido never edits them), then re-run.")
    elif summary.has_changes:
        lines.append("Fix: run `aido apply` and commit the result (`aido plan` shows the details).")
    if summary.conflict:
        lines.append("Conflicts are never overwritten: `aido plan` names each way out.")
    if summary.policy:
        lines.append(
            "Servers outside policy are never removed by aido: delete them from the file, or "
            "change the rule in the layer named."
        )
    return wrap(lines, width)


def _file_line(file: FileChange) -> str:
    """`  .mcp.json (claude-code): + context7, ~ github`, or the file's error."""
    if file.error:
        return f"  {file.path} ({file.adapter}): error: {file.error}"
    changes = [c for c in file.changes if c.action is not Action.NOOP]
    if not changes:
        return ""
    names = [f"{c.action.value} {c.label}" for c in changes[:MAX_NAMES]]
    more = f", +{len(changes) - MAX_NAMES} more" if len(changes) > MAX_NAMES else ""
    return f"  {file.path} ({file.adapter}): {', '.join(names)}{more}"
