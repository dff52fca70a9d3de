"""One repository's drift check as Markdown for GitHub's job summary (`aido report --job-summary`).

A reviewer reads it on the pull request: the counts, a table of the changes
per file, the plan itself folded in a `<details>`, and only the advice that
holds in CI. Paths are relative to the repository (the runner's folders mean
nothing to the reader) and the project is named by its repository or folder.
The plan comes from the job's own `aido plan --json`, read as an artifact, so a
broken or missing document is the failure it describes, never a crash.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from aidokit.adapters.base import Format
from aidokit.catalog.errors import printable
from aidokit.reconcile.documents import syntax
from aidokit.reconcile.show.annotations import relative_text
from aidokit.reconcile.show.artifact import Change, JobError, PlanDoc, PlannedFile, Violation
from aidokit.reconcile.show.report import cell, literal

SYMBOL = {"create": "+", "update": "~", "heal": "^", "delete": "-", "conflict": "!"}
COLUMNS = (("add", ("create",)), ("change", ("update", "heal")), ("remove", ("delete",)))
MAX_NAMES = 6  # entries named in one table cell; a longer list says "+N more"


def render_job_summary(doc: PlanDoc | JobError | str, *, name: str, root: Path) -> str:
    """The job summary of one check: `doc` is the job's plan, error document or why neither."""
    title = cell(name)
    if isinstance(doc, str):
        return _join(f"### aido: the check failed in {title}", "", literal(doc))
    if isinstance(doc, JobError):
        message = literal(relative_text(doc.message, root))  # whole: it says how to fix it
        where = f" ({cell(_path(Path(doc.path), root))}" if doc.path else ""
        where += f", line {doc.line})" if doc.path and doc.line else (")" if doc.path else "")
        lines = [f"### aido: the check failed in {title}", "", f"**Error**{where}: {message}"]
        lines += _policy_entries("Refused by policy (a layer asks for it):", doc.policy_violations)
        return _join(*lines)
    return _plan(doc, title, root)


def _plan(doc: PlanDoc, title: str, root: Path) -> str:
    counts = doc.counts
    changes = sum(counts.get(key, 0) for key in ("add", "change", "remove"))
    project = Path(doc.project) if doc.project else root
    if not doc.files:
        return _join(
            f"### aido: the check failed in {title}",
            "",
            "No harness config file is targeted, so nothing was checked; set `adapters` "
            "in aido.toml.",
        )
    outside = [v for v in doc.policy_violations if v.found == "hand-written"]
    if not (changes or counts.get("conflict") or counts.get("error") or outside or counts["lock"]):
        files = len(doc.files)
        return _join(
            f"### aido: {title} is converged",
            "",
            f"Every MCP config file matches aido.toml ({files} file{'s' * (files != 1)} checked).",
        )
    head = "the check failed in" if counts.get("error") else "MCP config drifted in"
    if not (changes or counts.get("conflict") or counts.get("error") or outside):
        head = "aido.lock is behind aido.toml in"  # a pin dropped: no harness file moves
    counted = _counts(doc, len(outside))
    table = _table(doc, project, root)
    lines = [f"### aido: {head} {title}", "", counted, *(["", *table] if table[2:] else [])]
    lines += _errors(doc, project, root)
    lines += _outside_policy(outside, project, root)
    left = [v for v in doc.policy_violations if v.found == "left-out"]
    lines += _policy_entries("Left out by policy (suggested, not installed):", left)
    lines += ["", *_advice(doc, project, root)]
    lines += _details(doc, project, root, changes + counts.get("conflict", 0))
    return _join(*lines)


def _counts(doc: PlanDoc, outside: int = 0) -> str:
    """`**3** to add, **1** to change, ...`, the plan's closing line as Markdown (`outside`:
    the servers outside policy in the targeted files)."""
    c = doc.counts
    conflicts = "conflict" if c.get("conflict") == 1 else "conflicts"
    text = (
        f"**{c.get('add', 0)}** to add, **{c.get('change', 0)}** to change, "
        f"**{c.get('remove', 0)}** to remove, **{c.get('conflict', 0)}** {conflicts}"
    )
    if outside:
        text += f", **{outside}** outside policy"
    if c.get("lock") and not sum(c.get(key, 0) for key in ("add", "change", "remove")):
        text += ", aido.lock to update"  # a pin dropped: no harness file moves
    if c.get("error"):
        text += f", **{c['error']}** {'file' if c['error'] == 1 else 'files'} with errors"
    return text + "."


def _table(doc: PlanDoc, project: Path, root: Path) -> list[str]:
    lines = [
        "| file | harness | add | change | remove | conflict | entries |",
        "|---|---|--:|--:|--:|--:|---|",
    ]
    for file in doc.files:
        changes = [c for c in file.changes if c.action in SYMBOL]
        if not changes and not file.error:
            continue
        counts = [sum(c.action in actions for c in changes) for _, actions in COLUMNS]
        counts.append(sum(c.action == "conflict" for c in changes))
        names = [f"{SYMBOL[c.action]} {c.name}" for c in changes[:MAX_NAMES]]
        if len(changes) > MAX_NAMES:
            names.append(f"+{len(changes) - MAX_NAMES} more")
        entries = "error: see below" if file.error else ", ".join(names)
        path = _path(project / file.path, root)
        row = [cell(path), cell(file.adapter), *map(str, counts), cell(entries)]
        lines.append("| " + " | ".join(row) + " |")
    return lines


def _errors(doc: PlanDoc, project: Path, root: Path) -> list[str]:
    broken = [f for f in doc.files if f.error]
    if not broken:
        return []
    lines = [""]
    for file in broken:
        path = cell(_path(project / file.path, root))
        # The whole sentence (not a table cell's share): it says where and how to fix it.
        whole = literal(relative_text(file.error or "", root))
        lines.append(f"- **Error** in {path}: {whole}")
    return lines


def _outside_policy(found: list[Violation], project: Path, root: Path) -> list[str]:
    """Servers in the targeted files that policy refuses: drift aido leaves alone (SPEC §6)."""
    if not found:
        return []
    lines = ["", "Outside policy (aido never removes these; delete them or change the rule):", ""]
    for v in found:
        where = cell(_path(project / v.path, root)) if v.path else "?"
        lines.append(
            f"- `{_code(v.name)}` in {where} ({cell(v.adapter)}): {cell(v.rule)} in "
            f"{cell(relative_text(v.layer, root))} ({cell(v.kind)} policy)"
        )
    return lines


def _policy_entries(heading: str, found: tuple[Violation, ...] | list[Violation]) -> list[str]:
    """The entries a policy refused or left out, by id and harness, with the rule and the
    layer it came from (a reviewer sees which, not that some were)."""
    if not found:
        return []
    lines = ["", heading, ""]
    for v in found:
        lines.append(
            f"- `{_code(v.name)}` ({cell(v.adapter)}): {cell(v.rule)} in {cell(v.layer)} "
            f"({cell(v.kind)} policy)"
        )
    return lines


def _advice(doc: PlanDoc, project: Path, root: Path) -> list[str]:
    """What fixes it: apply only for what apply fixes (never a conflict or a broken file)."""
    counts = doc.counts
    where = _path(project, root)
    place = "" if where == "." else f" --project {_code(where)}"
    lines = []
    if counts.get("error"):
        lines.append(
            "Fix: repair the file(s) marked error (aido never edits them), then run the check "
            "again."
        )
    elif sum(counts.get(key, 0) for key in ("add", "change", "remove", "lock")):
        lines.append(f"Fix: run `aido apply{place}` and commit the result.")
    if counts.get("conflict"):
        lines.append(
            "Conflicts are entries of the same name that aido does not own: it never "
            f"overwrites them; `aido plan{place}` names each way out."
        )
    return lines


def _details(doc: PlanDoc, project: Path, root: Path, total: int) -> list[str]:
    body = []
    for file in doc.files:
        body += _file_lines(file, project, root)
    if not body:
        return []
    text = printable("\n".join(body).strip("\n"), keep="\n")
    fence = "`" * max(3, 1 + max((len(r) for r in re.findall(r"`+", text)), default=0))
    conflicts = doc.counts.get("conflict", 0)
    heading = _counted(total - conflicts, "change") + ", " + _counted(conflicts, "conflict")
    return [
        "",
        f"<details><summary>The plan ({heading})</summary>",
        "",
        f"{fence}diff",
        text,
        fence,
        "",
        "</details>",
    ]


def _counted(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _syntax(path: str) -> Format:
    """The syntax of the file at `path`, by its name, for showing its entries as it holds them."""
    name = path.lower()
    if name.endswith(".toml"):
        return Format.TOML
    if name.endswith((".yaml", ".yml")):
        return Format.YAML
    if name.endswith(".md"):
        return Format.MARKDOWN
    return Format.JSON


def _file_lines(file: PlannedFile, project: Path, root: Path) -> list[str]:
    changes = [c for c in file.changes if c.action in SYMBOL]
    if not changes and not file.error:
        return []
    lines = ["", f"# {_path(project / file.path, root)} ({file.adapter})"]
    if file.error:
        lines.append(f"  error: {relative_text(file.error, root)}")
    for change in changes:
        lines += _change_lines(change, _syntax(file.path))
    return lines


def _change_lines(change: Change, fmt: Format = Format.JSON) -> list[str]:
    """One change as the text plan shows it, its fields in the file's own syntax (`fmt`);
    the symbol leads, so `diff` colours it."""
    reason = f"  ({change.reason})" if change.reason else ""
    lines = [f"{SYMBOL[change.action]} {change.name}{reason}"]
    if change.action == "create" and isinstance(change.after, dict):
        lines += [f"      {syntax.field(fmt, key, item)}" for key, item in change.after.items()]
    elif change.action == "create":
        lines.append(f"      {syntax.value(fmt, change.after)}")
    for row in change.diff:
        if row.kind == "changed":
            lines.append(f"      ~ {row.path}: {_show(row.before)} -> {_show(row.after)}")
        elif row.kind == "added":
            lines.append(f"      + {row.path}: {_show(row.after)}")
        else:
            lines.append(f"      - {row.path}: {_show(row.before)}")
    if change.hint:
        lines.append(f"      hint: {change.hint}")
    return lines


def _code(text: str) -> str:
    """`text` inside a Markdown code span: one line, no backtick to end it early."""
    return printable(text).replace("`", "'")


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _path(path: Path, root: Path) -> str:
    """`path` relative to the repository root, `/`-separated; itself when outside it."""
    try:
        relative = Path(os.path.relpath(path, root))
    except ValueError:  # another drive on Windows
        return path.as_posix()
    if relative.parts[:1] == ("..",):
        return path.as_posix()
    return relative.as_posix()


def _join(*lines: str) -> str:
    # Everything in it comes from files in the repository: controls escaped (SPEC §7).
    return printable("\n".join(lines), keep="\n") + "\n"
