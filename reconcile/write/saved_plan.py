"""Saved plans (`aido plan --out FILE`, `aido apply FILE`): write and strictly re-read a Plan.

A saved plan names each file by its address: the adapter, the scope, and the agent file
(its name in the adapter's agent folder) or the companion file (the adapter's name for
it), never by a path. Reading it back derives every path from the address, the way the
plan derives them, so a saved plan cannot point aido at a file the adapter would not
write, and nothing has to re-check a claimed path. The one path kept is the file's key
in its state (`record_path`), a fact of planning time: where a project link led. A plan
whose key is not the one derived now is refused.
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import replace
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aidokit.adapters import ADAPTERS
from aidokit.adapters.agents import AgentFileScoping
from aidokit.adapters.base import CompanionFiles, Host, Scope, display
from aidokit.catalog.errors import excerpt
from aidokit.reconcile.core import paths
from aidokit.reconcile.core.atomic import ABSENT
from aidokit.reconcile.core.errors import ConfigError, SecurityError
from aidokit.reconcile.core.safe_read import parse_nested, read_file
from aidokit.reconcile.gate.plan_key import absent_token, plan_key
from aidokit.reconcile.gate.redaction import redact_plan
from aidokit.reconcile.plan.model import PLAN_FORMAT_VERSION, FileChange, Plan
from aidokit.reconcile.read.agents import agent_name
from aidokit.reconcile.read.decode import decode
from aidokit.reconcile.read.world import state_location

if TYPE_CHECKING:
    from aidokit.adapters.base import Location

# The saved form's own version (`aido plan --json` keeps PLAN_FORMAT_VERSION): 2 names
# each file by its address; 1 saved its paths, which apply had to check.
SAVED_FORMAT_VERSION = 2
# What a file's address gives back: never saved, derived again when a plan is read. Its
# `record_path` is saved: it names the file a project link led to when the plan was made,
# and a plan read after the link changed is refused.
DERIVED = ("path", "abs_path", "fmt", "map_path", "state_path", "agent")


def dump_plan(plan: Plan) -> str:
    """The plan as JSON text, enough for apply to write exactly it."""

    def default(value: object) -> object:
        if isinstance(value, Enum):
            return value.name
        raise TypeError(f"cannot save {type(value).__name__}")

    key = plan_key(os.environ)
    files = tuple(
        replace(file, digest=absent_token(key, file.abs_path)) if file.digest == ABSENT else file
        for file in plan.files
    )
    data = dataclasses.asdict(redact_plan(replace(plan, files=files)))  # only what aido writes
    host = Host.current(Path(plan.project))
    pairs = zip(plan.files, data["files"], strict=True)
    data["files"] = [_address(file, saved, host) for file, saved in pairs]
    data["format_version"] = SAVED_FORMAT_VERSION
    return json.dumps(data, indent=2, sort_keys=True, default=default) + "\n"


def _address(file: FileChange, saved: dict[str, Any], host: Host) -> dict[str, Any]:
    """`saved` (the file as data) with its paths replaced by its address."""
    adapter = ADAPTERS[file.adapter]
    stem = None
    if file.agent is not None and isinstance(adapter, AgentFileScoping):
        stem = Path(file.abs_path).name.removesuffix(adapter.agent_files.suffix)
    found = _located(file.adapter, file.scope, file.companion, stem, host)
    if found is None or str(found[0].path) != file.abs_path:
        raise ConfigError(
            f"the plan holds {file.path}, which {file.adapter} no longer uses, and a saved plan"
            " names files by adapter and scope only; run aido apply without a saved plan"
        )
    kept = {k: v for k, v in saved.items() if k not in DERIVED}
    return {**kept, "agent_file": stem}


def load_plan(path: Path, project: Path) -> Plan:
    """Read a saved plan for `project` (this command line's); anything but a plan from this
    aido is an error, and every path comes from the files' addresses.

    Its other claims are not trusted yet: `provenance.check_saved` re-derives them. It is
    input from anywhere, so pydantic checks it every time (no memo).
    """
    hint = f"{path} is not a plan saved by this aido; run aido plan --out {path} again"
    raw = read_file(path, error=ConfigError)
    if raw is None:
        raise ConfigError(f"saved plan {path} does not exist; run aido plan --out {path}")
    try:
        data = parse_nested(path, lambda: json.loads(raw), error=ConfigError)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ConfigError(hint) from None
    version = data.get("format_version") if isinstance(data, dict) else None
    if (
        isinstance(version, int)
        and not isinstance(version, bool)
        and version < SAVED_FORMAT_VERSION
    ):
        raise ConfigError(
            f"saved plan {path} was made by an older aido, which saved paths where this one saves"
            f" addresses; run aido plan --out {path} again"
        )
    if version != SAVED_FORMAT_VERSION or not isinstance(data.get("files"), list):
        raise ConfigError(hint)
    data["format_version"] = PLAN_FORMAT_VERSION

    host = Host.current(project)
    data["files"] = [_derived(file, path, host, hint) for file in data["files"]]
    text = json.dumps(data).encode("utf-8")
    return decode(Plan, text, data, fail=lambda _: ConfigError(hint), memo=False)


def _derived(file: object, source: Path, host: Host, hint: str) -> dict[str, Any]:
    """A saved file with the paths its address gives (the way the plan gives them)."""
    if not isinstance(file, dict) or any(key in file for key in DERIVED):
        raise ConfigError(hint)
    adapter, scope = file.get("adapter"), file.get("scope")
    stem, companion = file.pop("agent_file", None), file.get("companion")
    if not isinstance(adapter, str) or scope not in {s.value for s in Scope}:
        raise ConfigError(hint)
    if not all(v is None or isinstance(v, str) for v in (companion, stem)):
        raise ConfigError(hint)
    found = _located(adapter, Scope(scope), companion, stem, host)
    if found is None:
        raise SecurityError(
            f"saved plan {source} names a file {excerpt(adapter)} has no place for in {scope}"
            f" scope; run aido plan --out {source} here again"
        )
    location, agent = found
    state_path, record_path = state_location(location, host)
    if location.scope is Scope.PROJECT:
        shown = paths.display_with_target(location.path, host)
    else:
        shown = display(location.path, host)
    if file.get("record_path") != record_path:
        raise SecurityError(
            f"saved plan {source}: {excerpt(shown)} leads to another file than when the plan"
            f" was made; run aido plan --out {source} here again"
        )
    changes = file.get("changes")
    if isinstance(changes, list):
        file["changes"] = [_detail_named(change) for change in changes]
    return {
        **file,
        "path": shown,
        "abs_path": str(location.path),
        "fmt": location.fmt.value,
        "map_path": list(location.map_path),
        "state_path": str(state_path),
        "agent": agent,
    }


def _detail_named(change: object) -> object:
    """A change saved while `Change.detail` was named `reason` (the saved form is otherwise
    the same), read as one saved today."""
    if isinstance(change, dict) and "reason" in change and "detail" not in change:
        return {("detail" if key == "reason" else key): value for key, value in change.items()}
    return change


def _located(
    name: str, scope: Any, companion: str | None, stem: str | None, host: Host
) -> tuple[Location, str | None] | None:
    """The file at an address and the agent it defines: the adapter's shared file, one of
    its companion files, or the agent file `stem` in its agent folder (the agent's name,
    which may come from the file's frontmatter, plays no part in where the file is)."""
    adapter = ADAPTERS.get(name)
    if adapter is None or (companion is not None and stem is not None):
        return None
    if companion is not None:
        if not isinstance(adapter, CompanionFiles):
            return None
        side = adapter.companion_files(scope, host).get(companion)
        return None if side is None else (side, None)
    if stem is None:
        shared = adapter.location(scope, host)
        return None if shared is None else (shared, None)
    if not isinstance(adapter, AgentFileScoping):
        return None
    location = adapter.agent_files.location(adapter.name, scope, host, stem)
    if location is None:
        return None
    return location, agent_name(adapter.agent_files, location.path, stem)
