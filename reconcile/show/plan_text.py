"""Render a Plan as terraform-like text (colour only when asked)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from aidokit.adapters.base import Format
from aidokit.catalog.errors import printable
from aidokit.reconcile.plan.model import (
    WRITES,
    Action,
    Change,
    FileChange,
    Plan,
    Reason,
    kept_words,
    owner,
)
from aidokit.reconcile.read.world import BARE_FOLDER

_COLOURS = {
    Action.CREATE: "32",
    Action.UPDATE: "33",
    Action.HEAL: "33",
    Action.DELETE: "31",
    Action.CONFLICT: "35",
}


def render_plan(
    plan: Plan,
    *,
    colour: bool = False,
    title: str = "",
    verbose: bool = False,
    errors_last: bool = True,
    width: int | None = None,
    quiet: bool = False,
) -> str:
    """The whole plan as text, ending with the summary line, then the notices (each kind
    once, the others folded, terraform-style), then (with `errors_last`) each file's error
    again; prose wrapped to `width` when given, fields and diffs never.

    A converged plan (SPEC §8) is "No changes." and one line per kind of notice
    (`notices`); `verbose` (`-v`) shows every notice in full, as a plan with changes does;
    `quiet` (`-q`) leaves only the changes, the summary line and the errors. A change's
    `roles:` line shows where roles decide something (`FileChange.scoped`) or with `verbose`.
    """
    paint = _painter(colour)
    out: list[str] = [title] if title else []
    summary = plan.summary
    if not (verbose or summary.pending or summary.error):
        if not plan.files:
            out.append(untargeted(plan))
            plan = replace(
                plan,
                notes=tuple(n for n in plan.notes if n not in (_no_user_layer(plan), BARE_FOLDER)),
            )
        out += _lock(plan)
        if plan.files:  # a plan of nothing is not "No changes" (issue 38 point 6)
            out.append("No changes. Every targeted file matches the desired state.")
        out += [f"Note: {printable(n)}" for n in plan.notes if PERSONAL_WORDS in n]
        rest = replace(plan, notes=tuple(n for n in plan.notes if PERSONAL_WORDS not in n))
        out += [] if quiet else notices(rest)
        return wrap(out, width)
    for file in plan.files:
        out += _file(file, paint, verbose=verbose, quiet=quiet)
    out += outside_policy(plan, paint)
    if not plan.files:
        out.append(untargeted(plan))
        plan = replace(
            plan, notes=tuple(n for n in plan.notes if n not in (_no_user_layer(plan), BARE_FOLDER))
        )
    out += _lock(plan)
    out.append("")
    if summary.pending or summary.error:
        out.append(summary.line())
    elif plan.files:
        out.append("No changes. Every targeted file matches the desired state.")
    out += [] if quiet else collected(plan, paint, verbose=verbose)
    if errors_last and summary.error:
        out += ["", *errors(plan, paint)]
    return wrap(out, width)


def outside_policy(plan: Plan, paint: Any) -> list[str]:
    """The servers in targeted files that policy refuses and aido does not own (SPEC §6):
    each names its file, the rule and the layer the rule came from, and the way out."""
    found = [v for v in plan.policy_violations if v.found == "hand-written"]
    if not found:
        return []
    lines = ["", "# outside policy (aido leaves these entries alone)"]
    for v in found:
        line = (
            f"! {v.name} in {v.path} ({v.adapter}): {v.rule} in {v.layer} ({v.kind} policy); "
            f"remove it from the file, or ask whoever keeps {v.layer} to change the rule"
        )
        lines.append(paint(_COLOURS[Action.CONFLICT], printable(line)))
    return lines


def untargeted(plan: Plan) -> str:
    """Why no harness file is planned, and what to do: start the user layer (user scope
    without one plans nothing, issue 38 §10), else name the harnesses in aido.toml."""
    note = _no_user_layer(plan)
    if note is not None:
        return printable(note[0].upper() + note[1:] + ".")
    if plan.scope == "local":  # issue 49 §2: each harness's own line says why
        return (
            "No targeted harness has a per-person file for this project: nothing of yours "
            "is written."
        )
    skipped = [m.group(1, 2) for n in plan.notes if (m := _NOT_INSTALLED.fullmatch(n))]
    if skipped:  # the harnesses named (--adapter, `adapters`) are not on this machine
        names = " and ".join(f"{name} is not installed ({why})" for name, why in skipped)
        return printable(
            f"No harness config file is targeted: {names}, so aido skips it; install the "
            "harness (or create that folder) and run aido again."
        )
    if BARE_FOLDER in plan.notes:
        return (
            "No harness config file is targeted: this folder has no aido.toml and is in no "
            "git repository, so it is no project. cd into your project, or start one here "
            "with `aido init`."
        )
    if plan.lock is None and plan.scope == "project":  # no aido.toml, and nothing detected
        return (
            "No harness config file is targeted: none was detected here. Run `aido init` to "
            "choose the harnesses, or pass --adapter NAME (`aido adapters` lists them)."
        )
    return (
        "No harness config file is targeted, so there is nothing to plan. Name the harnesses "
        "with `adapters` in aido.toml, or pass --adapter NAME (`aido adapters` lists them)."
    )


# read/world.py's note for a harness named but not installed here.
_NOT_INSTALLED = re.compile(r"(\S+) is not installed \((.+)\); skipped")


def _no_user_layer(plan: Plan) -> str | None:
    return next((n for n in plan.notes if "user scope plans nothing until" in n), None)


def errors(plan: Plan, paint: Any) -> list[str]:
    """Each file's error again after the summary line, terraform-style: the last lines
    read are what blocks the apply."""
    return [paint("31", f"Error: {_named(file.error, file)}") for file in plan.files if file.error]


def _named(error: str, file: FileChange) -> str:
    """`error`, led by the file's path unless it names the file already."""
    if file.path in error or file.abs_path in error:
        return error
    return f"{file.path} ({owner(file.adapter, file.agent)}): {error}"


Notice = tuple[str, str, str]  # (label, kind, text): "Warning"/"Note", what it is about


def collected(plan: Plan, paint: Any, *, verbose: bool = False) -> list[str]:
    """Every notice of the plan, once, after the summary line (terraform-style): trust
    warnings, then notes; of each kind the first in full and "(and N more similar
    notes)", or every one with `verbose` (`-v`)."""
    groups: dict[tuple[str, str], list[str]] = {}
    for label, kind, text in _notices_of(plan):
        texts = groups.setdefault((label, kind), [])
        if text not in texts:
            texts.append(text)
    lines: list[str] = []
    for (label, _), texts in sorted(groups.items(), key=lambda g: g[0][0] != "Warning"):
        for text in texts if verbose else texts[:1]:
            line = f"{label}: {text}"
            lines.append(paint("33", line) if label == "Warning" else printable(line))
        more = len(texts) - 1
        if more and not verbose:
            kind = label.lower() + ("" if more == 1 else "s")
            lines.append(f"  (and {more} more similar {kind}; -v shows {_them(more)})")
    return ["", *lines] if lines else []


def _notices_of(plan: Plan) -> list[Notice]:
    """The plan's notes, then each file's trust and notes, each led by its file's name."""
    names = _names(plan)
    found: list[Notice] = [("Note", similar(note, names), note) for note in plan.notes]
    for file in plan.files:
        if file.trust:
            # Each harness grants trust its own way: only its own files' warnings fold.
            found.append(("Warning", f"trust {file.adapter}", _named(file.trust.sentence(), file)))
        found += [("Note", similar(note, names), _named(note, file)) for note in file.notes]
    return found


def _names(plan: Plan) -> set[str]:
    """The harness and server names a notice may name: left out when notices are compared."""
    names = {file.adapter for file in plan.files}
    names |= {name for file in plan.files for c in file.changes for name in (c.id, c.name) if name}
    return names


def similar(note: str, names: set[str]) -> str:
    """What makes two notices similar: their first eight words once names, paths and
    quoted values are left out (`detected cursor: found .cursor/` ~ `detected codex:
    found .codex/`; "no kiro agent plays the roles of context7 ..., so every kiro agent"
    ~ the same for claude-code, but not "..., so aido leaves it out")."""
    words = []
    for word in note.split():
        bare = word.strip("'\"`(),;:.")
        if bare.isalpha() and bare not in names:
            words.append(bare.lower())
    return " ".join(words[:8])


# Where a person's choice is not written (plan/personal.py): said in full, never folded.
PERSONAL_WORDS = "has no per-person "

_ROLE_WORDS = ("agent plays the roles", "role scoping", "can limit a server to some agents")


def notices(plan: Plan) -> list[str]:
    """One line per kind of notice in `plan`: files waiting for a harness's trust, notes on
    roles and agents, other notes; each says where the full text is."""
    trust = [file for file in plan.files if file.trust]
    notes = list(dict.fromkeys([*plan.notes, *(n for f in plan.files for n in f.notes)]))
    roles = [note for note in notes if any(word in note for word in _ROLE_WORDS)]
    other = len(notes) - len(roles)
    lines = []
    if trust:
        files = "file waits" if len(trust) == 1 else "files wait"
        lines.append(f"{len(trust)} {files} for the harness's trust: aido doctor shows how.")
    if roles:
        roles_line = f"{_count(len(roles), 'note')} on roles and agents"
        lines.append(f"{roles_line}: aido plan -v shows {_them(len(roles))}.")
    if other:
        lines.append(f"{_count(other, 'other note')}: aido plan -v shows {_them(other)}.")
    return lines


def _them(number: int) -> str:
    return "it" if number == 1 else "them"


def _count(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if number == 1 else "s")


def _lock(plan: Plan) -> list[str]:
    """How apply moves an existing `aido.lock` (creating the first one is routine)."""
    lock = plan.lock
    if lock is None or not lock.exists or not lock.changes:
        return []
    head = "# aido.lock" if plan.scope != "local" else "# your pins for this project"
    return ["", head, *(f"  {line}" for line in lock.changes)]


def _file(file: FileChange, paint: Any, *, verbose: bool = False, quiet: bool = False) -> list[str]:
    """The file's header, its error and its changes (its notices come after the summary)."""
    visible = [c for c in file.changes if c.action is not Action.NOOP]
    if not visible and not file.error:
        return []
    lines = ["", paint("1", f"# {file.path} ({owner(file.adapter, file.agent)}, {file.scope})")]
    if file.error:
        lines.append(paint("31", f"  error: {file.error}"))
    roles = verbose or (file.scoped and not quiet)
    for change in visible:
        lines += _change(change, file.fmt, paint, roles=roles, hints=not quiet)
    return lines


def _change(
    change: Change, fmt: Format, paint: Any, *, roles: bool = True, hints: bool = True
) -> list[str]:
    from aidokit.reconcile.documents.syntax import field, value  # noqa: PLC0415 (off a converged plan's path)
    from aidokit.reconcile.show.reasons import said  # noqa: PLC0415 (only for a change shown)

    symbol = change.action.value
    head = f"  {symbol} {change.label}"
    if change.sensitive and change.action is not Action.DELETE:
        head += " [sensitive]"  # needs a typed confirmation (SPEC §7)
    detail = said(change)
    if change.action is not Action.CREATE and change.why is not Reason.SWITCHED_OFF_HERE:
        detail = f"{change.action.word}: {detail}"  # a switch-off says so itself
    if change.action is Action.HEAL:
        detail += "; apply overwrites the hand edit, `aido undo` brings it back"
    if change.tuned and change.action in (Action.UPDATE, Action.HEAL):
        detail += f"; {kept_words(change.tuned)}"
    tail = printable(f"  ({detail})") if detail else ""
    lines = [paint(_COLOURS.get(change.action, "0"), head) + tail]
    if change.action is Action.CREATE and isinstance(change.after, dict):
        lines += [Verbatim(f"      {printable(field(fmt, k, v))}") for k, v in change.after.items()]
    elif change.action is Action.CREATE:
        lines.append(Verbatim(f"      {printable(value(fmt, change.after))}"))
    lines += _diff_lines(change, fmt, paint)
    if roles and change.roles and change.action in (Action.CREATE, Action.UPDATE):
        lines.append(printable(f"      roles: {', '.join(change.roles)}"))
    if change.tools and change.action is not Action.DELETE:  # docs/context-budget.md
        lines.append(printable(f"      loads: {change.tools}"))
    if change.sensitive and change.action in WRITES and change.action is not Action.DELETE:
        entry_id = printable(change.id or change.name)
        lines.append(
            f"      security-sensitive: written only after you confirm it (aido confirm {entry_id})"
        )
    if hints and change.hint:
        lines.append(printable(f"      hint: {change.hint}"))
    return lines


def render_diff(change: Change, fmt: Format) -> str:
    """What the file holds and what aido would write, field by field, one line each."""
    return "".join(line + "\n" for line in _diff_lines(change, fmt, _painter(False)))


def _diff_lines(change: Change, fmt: Format, paint: Any) -> list[str]:
    """`- field` (the file's, secrets redacted) and `+ field` (aido's) for each field that
    differs, in the file's own syntax (issue 38 point 5); a conflict's too."""
    from aidokit.reconcile.documents.syntax import field, value  # noqa: PLC0415 (off a converged plan's path)
    from aidokit.reconcile.gate.redaction import redact_change  # noqa: PLC0415 (only for a change shown)

    if not change.diff and change.action is not Action.CONFLICT:
        return []
    shown = redact_change(change)
    before, after = shown.before, shown.after
    if not (isinstance(before, dict) and isinstance(after, dict)):
        sides = [("-", before, "31"), ("+", after, "32")] if before is not None else []
        return [
            Verbatim(paint(code, f"      {sign} {value(fmt, side)}")) for sign, side, code in sides
        ]
    lines: list[str] = []
    for key in _differing(shown, before, after):
        if key in before:
            lines.append(Verbatim(paint("31", f"      - {field(fmt, key, before[key])}")))
        if key in after:
            lines.append(Verbatim(paint("32", f"      + {field(fmt, key, after[key])}")))
    return lines


def _differing(change: Change, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The entry's fields the diff rows touch (a conflict: every field that differs), in
    the file's order, then aido's."""
    touched = {_top(row.path) for row in change.diff}
    if not touched or "" in touched:  # a conflict, or a diff of the whole entry
        touched = {k for k in (*before, *after) if before.get(k, _NONE) != after.get(k, _NONE)}
    return [key for key in dict.fromkeys((*before, *after)) if key in touched]


_NONE = object()


def _top(path: str) -> str | int:
    from aidokit.reconcile.gate.redaction import path_parts  # noqa: PLC0415 (off a converged plan's path)

    parts = path_parts(path)
    return parts[0] if parts else ""


def _painter(colour: bool) -> Any:
    def paint(code: str, text: str) -> str:
        text = printable(text)  # before the colour: only aido's own escapes reach the terminal
        return f"\033[{code}m{text}\033[0m" if colour else text

    return paint


class Verbatim(str):
    """A line `wrap` leaves whole: a field or a diff line, as the file would hold it."""

    __slots__ = ()


_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def wrap(lines: list[str], width: int | None) -> str:
    """`lines` as text, each prose line wrapped to `width` columns between words (never
    inside one: a path or URL longer than the line stands alone), continuation lines two
    columns under their item; `Verbatim` lines and all lines when `width` is None whole."""
    if not width:
        return "\n".join(lines) + "\n"
    out: list[str] = []
    for line in lines:
        out += [line] if isinstance(line, Verbatim) else wrap_line(line, width)
    return "\n".join(out) + "\n"


def wrap_line(line: str, width: int) -> list[str]:
    """One line cut between words into lines of at most `width` visible columns (colour
    sequences take none), the later ones indented two more than the first."""
    plain = _ESCAPE.sub("", line)
    if len(plain) <= width:
        return [line]
    lead = len(plain) - len(plain.lstrip(" "))
    head, words = _split_lead(line, lead)
    indent = " " * (lead + 2)
    lines, current, used, fresh = [], head, lead, True
    for word in words:
        size = len(_ESCAPE.sub("", word))
        if not fresh and size and used + 1 + size > width:
            lines.append(current.rstrip(" "))  # a double space before the cut ends nothing
            current, used, fresh = indent, len(indent), True
        if fresh and not size:
            current += word  # a double space at a line's start is dropped, colours kept
            continue
        current += word if fresh else " " + word
        used += size if fresh else 1 + size
        fresh = False
    return [*lines, current]


def _split_lead(line: str, lead: int) -> tuple[str, list[str]]:
    """The line's colour sequences and `lead` spaces before its first word, and its words."""
    index, spaces = 0, 0
    while spaces < lead or _ESCAPE.match(line, index):
        found = _ESCAPE.match(line, index)
        if found:
            index = found.end()
            continue
        index, spaces = index + 1, spaces + 1
    return line[:index], line[index:].split(" ")
