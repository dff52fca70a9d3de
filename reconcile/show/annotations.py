"""GitHub workflow-command annotations for a plan: `::error file=...,line=...::...`.

GitHub shows each one on the drifted file's line in the pull request, so the
line is the entry's own line when the file holds it (found by its name as a
key); an entry in a file that does not exist yet (or one the file lacks)
points at aido.toml, on the line that names its id (`add = [...]`, its
`[custom.ID]` or `[override.ID]` table) when one does; a file's error at the
line (and column) its message names; else line 1.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from aidokit.catalog.errors import printable, shortened
from aidokit.reconcile.core.safe_read import UnsafeFileError, read_file
from aidokit.reconcile.show.artifact import JobError, PlanDoc

VERB = {
    "create": "would be added",
    "update": "would be updated",
    "heal": "drifted from what aido wrote and would be restored",
    "delete": "would be removed",
    "conflict": "conflicts with an entry aido does not own",
}
# What fixes a change when the plan gives no hint: apply fixes every drift but a conflict.
FIX = {"conflict": "`aido plan` names each way out (aido never overwrites it)"}
LIMIT = 50  # GitHub shows at most 50 annotations per job; more would only be noise
MESSAGE = 500  # characters of an annotation's text: GitHub shows a line, not a page


def _escape(text: str, *, prop: bool = False) -> str:
    """Escape a workflow command's data (or property value) as GitHub requires."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def command(
    message: str, *, file: str | None = None, line: int = 1, title: str, col: int | None = None
) -> str:
    """One `::error ...::message` line."""
    props = [f"file={_escape(file, prop=True)}", f"line={line}"] if file else []
    if file and col:
        props.append(f"col={col}")
    props.append(f"title={_escape(title, prop=True)}")
    # Names and sentences come from the plan document: controls shown escaped (SPEC §7).
    return printable(f"::error {','.join(props)}::{_escape(shortened(message, MESSAGE))}")


def line_of(path: Path, name: str) -> int:
    """The first line where `name` appears as a key or table name; 1 when it does not."""
    return find_line(path, name) or 1


def find_line(path: Path, name: str) -> int | None:
    """The first line where `name` appears as a key, table name or quoted item; None when
    it does not (or the file cannot be read)."""
    if len(name) > MESSAGE:  # no entry's name is that long: not worth a pattern that size
        return None
    key = re.compile(r"""(^|[\s"'\[.{,])""" + re.escape(name) + r"""(["'\]]|\s*[:=])""")
    try:  # the path comes from the plan document: it may name a FIFO or /dev/zero
        raw = read_file(path)
    except (UnsafeFileError, ValueError, OSError):  # ValueError: a NUL in the path
        return None
    text = (raw or b"").decode("utf-8", errors="replace")
    for number, line in enumerate(text.splitlines(), start=1):
        if key.search(line):
            return number
    return None


# `path:3:29: ...`, `line 3, column 29`, `at line 3`: where a parser's message says it stopped.
_AT = re.compile(r":(\d+):(\d+)(?::|\b)|\bline (\d+)(?:,? col(?:umn)? (\d+))?")


def error_position(error: str) -> tuple[int, int | None]:
    """The line (and column) an error message names; (1, None) when it names none."""
    found = _AT.search(error)
    if not found:
        return 1, None
    line, col = (found.group(1), found.group(2)) if found.group(1) else found.group(3, 4)
    return int(line), int(col) if col else None


def _entry_place(where: Path, project: Path, change_id: str | None, name: str) -> tuple[Path, int]:
    """The entry's line in its file; else the line of aido.toml that names its id; else
    line 1 of the file."""
    if where.name != "aido.toml" and (found := find_line(where, name)):
        return where, found
    toml = project / "aido.toml"
    named = find_line(toml, change_id or name)
    return (toml, named) if named else (where, 1)


def _where(project: Path, path: str, root: Path) -> Path:
    absolute = Path(path) if Path(path).is_absolute() else project / path
    try:
        return absolute if absolute.exists() else project / "aido.toml"
    except (OSError, ValueError):  # a NUL in the path, a name too long: no such file
        return project / "aido.toml"


def relative_text(text: str, root: Path) -> str:
    """`text` with the runner's absolute paths under `root` written relative to it."""
    base = str(root).rstrip("/\\")
    if not base:
        return text
    inside = re.compile(re.escape(base) + r"(?:[/\\]|(?![\w.-]))")
    return inside.sub(lambda m: "" if m.group(0) != base else ".", text)


def _relative(path: Path, root: Path) -> str:
    try:
        return Path(os.path.relpath(path, root)).as_posix()
    except ValueError:  # another drive on Windows
        return path.as_posix()


def github_annotations(doc: PlanDoc | JobError, *, root: Path) -> list[str]:
    """Annotations for one `aido plan --json` (or error) document, paths relative to root."""
    if isinstance(doc, JobError):
        if not doc.path:
            return [command(relative_text(doc.message, root), title="aido error")]
        shown = _relative(Path(doc.path), root)
        text = relative_text(doc.message, root)
        return [command(text, file=shown, line=doc.line or 1, title="aido error")]
    project = Path(doc.project or root)
    lines = []
    for file in doc.files:
        where = _where(project, file.path, root)
        if file.error:
            text = relative_text(file.error, root)
            line, col = error_position(file.error)
            shown = _relative(where, root)
            lines.append(command(text, file=shown, line=line, col=col, title="aido error"))
        for change in file.changes:
            fix = change.hint or FIX.get(change.action, "run `aido apply` and commit the result")
            verb = VERB.get(change.action, change.action)
            text = f"{change.name} {verb} ({change.reason}); {fix}"
            place, at = _entry_place(where, project, change.id, change.name)
            shown = _relative(place, root)
            lines.append(command(text, file=shown, line=at, title="aido drift"))
    for found in doc.policy_violations:  # hand-written entries outside policy: doctor errors
        text = (
            f"{found.name} ({found.adapter}) is outside policy: {found.rule} in {found.layer}; "
            f"remove it from the file, or ask whoever keeps {found.layer} to change it"
        )
        if found.path is None:
            lines.append(command(text, title="aido policy"))
            continue
        where = _where(project, found.path, root)
        at = line_of(where, found.name) if where.name != "aido.toml" else 1
        lines.append(command(text, file=_relative(where, root), line=at, title="aido policy"))
    return lines[:LIMIT]
