"""One CI artifact, a repository's `aido plan --json`, read back as typed data.

Artifacts come from other repositories' jobs, and a pull request can make a
job leave anything under the name `plan.json`: any bytes, any JSON shape,
nesting a hundred thousand levels deep, a FIFO, a link to `/dev/zero`. Each
is read by the safe reader (a regular file, opened non-blocking, size cap,
bounded nesting) and then field by field into the few values `aido report`
uses. Anything else is the sentence why, so that repository is failed, never
the report (SPEC §7: outside input is data).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aidokit.catalog.errors import excerpt
from aidokit.reconcile.core.errors import AidoError
from aidokit.reconcile.core.safe_read import parse_nested, read_file
from aidokit.reconcile.plan.model import PLAN_FORMAT_VERSION

COUNTS = ("add", "change", "remove", "conflict", "error")


@dataclass(frozen=True)
class FieldDiff:
    """One field-level difference of a change: `kind` is changed, added or removed."""

    kind: str
    path: str
    before: Any = None
    after: Any = None


@dataclass(frozen=True)
class Change:
    """One change of a planned file, as the report shows it."""

    action: str
    name: str
    id: str | None
    reason: str
    hint: str | None
    in_map: bool  # a change to a role's map (`map_path`), not to a server entry
    after: Any = None  # the value aido would write (JSON, redacted by the plan)
    diff: tuple[FieldDiff, ...] = ()


@dataclass(frozen=True)
class PlannedFile:
    """One targeted file of a plan."""

    adapter: str
    path: str
    error: str | None
    changes: tuple[Change, ...]
    unchanged: tuple[tuple[str | None, str], ...]  # (id, name) of entries already as desired


@dataclass(frozen=True)
class Violation:
    """An entry outside policy (docs/policy.md), as the plan or the error document gives it."""

    name: str
    adapter: str
    rule: str
    layer: str  # the file the rule came from
    kind: str  # "managed" | "user" | "project"
    found: str  # "asked" (the plan refused it) | "hand-written" (in a file, not aido's)
    path: str | None


@dataclass(frozen=True)
class Baseline:
    """A baseline the repository extends: its pin, and how far behind its ref it is when
    the job measured it (ci/aido-check.sh runs `aido outdated --baseline --json`)."""

    source: str
    commit: str | None  # the pinned commit; None for a local-path baseline
    latest: str | None = None  # the ref's commit on the remote; None: not measured
    behind: int | None = None  # None: not measured, or the pin is not on the ref's history


@dataclass(frozen=True)
class PlanDoc:
    """The parts of a plan document the fleet view and the annotations read."""

    project: str
    counts: Mapping[str, int]
    files: tuple[PlannedFile, ...]
    policy_violations: tuple[Violation, ...] = ()  # hand-written entries outside policy
    baselines: tuple[Baseline, ...] = ()


@dataclass(frozen=True)
class JobError:
    """The error document a job printed under `--json` when aido failed there."""

    message: str
    code: str = "error"
    policy_violations: tuple[Violation, ...] = ()  # `code` "policy": what the plan refused
    path: str | None = None  # the file the error is in, when aido knows (details.path)
    line: int | None = None  # and its line (details.line)
    baselines: tuple[Baseline, ...] = ()  # what the job measured before the plan failed


class _Wrong(Exception):
    """A field of the wrong shape; the message says which and what it is."""


class _ArtifactError(AidoError):
    """The artifact is not a regular file, too large, nested too deep, or not JSON."""


_REQUIRED: Any = object()
_KINDS = {
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "true or false",
    list: "a list",
    dict: "an object",
    type(None): "null",
}


def read_artifact(path: Path) -> PlanDoc | JobError | str:
    """The plan or error document in the artifact at `path`, or why it is neither (one line)."""
    try:
        raw = read_file(path, error=_ArtifactError)
        if raw is None:
            return f"{path.name} is gone; the job left no plan"
        text = raw.decode("utf-8")
        doc = parse_nested(path, lambda: json.loads(text), error=_ArtifactError)
    except _ArtifactError as exc:
        return str(exc).replace(str(path), path.name)
    except ValueError as exc:  # UnicodeDecodeError, JSONDecodeError
        return f"{path.name} is not a JSON plan ({type(exc).__name__}); the job failed before it"
    try:
        return plan_doc(doc)
    except _Wrong as exc:
        return f"not an `aido plan --json` output: {exc}"


def plan_doc(doc: object) -> PlanDoc | JobError | str:
    """Parsed JSON read as a plan or an error document; raises _Wrong naming a wrong field."""
    if not isinstance(doc, dict):
        raise _Wrong(f"the document is {_kind(doc)}, not an object")
    version = _get(doc, "format_version", (int,), "")
    if isinstance(doc.get("error"), dict):
        return _job_error(doc["error"], _baselines(doc))
    if version > PLAN_FORMAT_VERSION:
        return "a plan format this aido cannot read; upgrade"
    summary = _get(doc, "summary", (dict,), "", {})
    return PlanDoc(
        project=_get(doc, "project", (str,), "", ""),
        # `lock`: the lines of aido.lock apply changes (a change even with no file moving).
        counts={key: _count(summary, key) for key in (*COUNTS, "lock")},
        files=tuple(
            _file(item, f"files[{n}].") for n, item in enumerate(_get(doc, "files", (list,), ""))
        ),
        policy_violations=_violations(doc, ""),
        baselines=_baselines(doc),
    )


def _baselines(doc: dict[str, Any]) -> tuple[Baseline, ...]:
    items = _get(doc, "baselines", (list,), "", [])
    return tuple(_baseline(item, f"baselines[{n}].") for n, item in enumerate(items))


def _baseline(item: object, where: str) -> Baseline:
    found = _object(item, where)
    behind = _get(found, "behind", (int, type(None)), where, None)
    if behind is not None and behind < 0:
        raise _Wrong(f"{where}behind is {behind}, not a count")
    return Baseline(
        source=_get(found, "source", (str,), where),
        commit=_get(found, "commit", (str, type(None)), where, None),
        latest=_get(found, "latest", (str, type(None)), where, None),
        behind=behind,
    )


def _job_error(error: dict[str, Any], baselines: tuple[Baseline, ...] = ()) -> JobError:
    details = _get(error, "details", (dict, type(None)), "error.", None) or {}
    line = _get(details, "line", (int, type(None)), "error.details.", None)
    return JobError(
        _get(error, "message", (str,), "error."),
        code=_get(error, "code", (str,), "error.", "error"),
        policy_violations=_violations(details, "error.details."),
        path=_get(details, "path", (str, type(None)), "error.details.", None),
        line=line if line is None or line > 0 else None,
        baselines=baselines,
    )


def _violations(doc: dict[str, Any], where: str) -> tuple[Violation, ...]:
    items = _get(doc, "policy_violations", (list,), where, [])
    return tuple(_violation(v, f"{where}policy_violations[{n}].") for n, v in enumerate(items))


def _violation(item: object, where: str) -> Violation:
    found = _object(item, where)
    text = {
        key: _get(found, key, (str,), where)
        for key in ("name", "adapter", "rule", "layer", "kind", "found")
    }
    return Violation(**text, path=_get(found, "path", (str, type(None)), where, None))


def _count(summary: dict[str, Any], key: str) -> int:
    value: int = _get(summary, key, (int,), "summary.", 0)
    if value < 0:
        raise _Wrong(f"summary.{key} is {value}, not a count")
    return value


def _file(item: object, where: str) -> PlannedFile:
    file = _object(item, where)
    changes = _get(file, "changes", (list,), where, [])
    unchanged = _get(file, "unchanged", (list,), where, [])
    return PlannedFile(
        adapter=_get(file, "adapter", (str,), where),
        path=_get(file, "path", (str,), where),
        error=_get(file, "error", (str, type(None)), where, None),
        changes=tuple(_change(c, f"{where}changes[{n}].") for n, c in enumerate(changes)),
        unchanged=tuple(_unchanged(u, f"{where}unchanged[{n}].") for n, u in enumerate(unchanged)),
    )


def _change(item: object, where: str) -> Change:
    change = _object(item, where)
    return Change(
        action=_get(change, "action", (str,), where),
        name=_get(change, "name", (str,), where),
        id=_get(change, "id", (str, type(None)), where, None),
        reason=_get(change, "reason", (str,), where, ""),
        hint=_get(change, "hint", (str, type(None)), where, None),
        in_map=bool(_get(change, "map_path", (list,), where, [])),
        after=change.get("after"),
        diff=tuple(
            _diff(row, f"{where}diff[{n}].")
            for n, row in enumerate(_get(change, "diff", (list,), where, []))
        ),
    )


def _diff(item: object, where: str) -> FieldDiff:
    row = _object(item, where)
    return FieldDiff(
        kind=_get(row, "kind", (str,), where),
        path=_get(row, "path", (str,), where),
        before=row.get("before"),
        after=row.get("after"),
    )


def _unchanged(item: object, where: str) -> tuple[str | None, str]:
    entry = _object(item, where)
    return _get(entry, "id", (str, type(None)), where, None), _get(entry, "name", (str,), where)


def _object(item: object, where: str) -> dict[str, Any]:
    if not isinstance(item, dict):
        raise _Wrong(f"{where.rstrip('.')} is {_kind(item)}, not an object")
    return item


def _get(
    doc: dict[str, Any], key: str, kinds: tuple[type, ...], where: str, default: Any = _REQUIRED
) -> Any:
    """`doc[key]` when its JSON type is one of `kinds` (true is not an integer here)."""
    if key not in doc:
        if default is _REQUIRED:
            raise _Wrong(f"{where}{key} is missing")
        return default
    value = doc[key]
    if type(value) not in kinds:
        expected = " or ".join(_KINDS[kind] for kind in kinds)
        raise _Wrong(f"{where}{key} is {_kind(value)}, not {expected}")
    return value


def _kind(value: object) -> str:
    if isinstance(value, str):
        return f"the string {excerpt(value, 40)}"
    return _KINDS.get(type(value), "a number")
