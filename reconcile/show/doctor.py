"""`aido doctor` (SPEC §7): small checks over facts gathered once, each returning findings."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from aidokit.adapters import spec_for
from aidokit.adapters.agents import AgentFileScoping
from aidokit.adapters.approval import NO_RECORDS, AgentApproval, ApprovalRecords, NeedsApproval
from aidokit.adapters.assumed_format import AssumesFormat
from aidokit.adapters.base import Adapter, DoctorChecks, Location, Scope, display
from aidokit.adapters.common import identity_of
from aidokit.catalog.models import MCPDef, StdioSpec, deprecation
from aidokit.reconcile.core.errors import AidoError
from aidokit.reconcile.documents import read_document
from aidokit.reconcile.plan import engine
from aidokit.reconcile.plan.policy.found import findings
from aidokit.reconcile.plan.policy.native import admin_note
from aidokit.reconcile.read.agents import discover_agents, unmapped_agents
from aidokit.reconcile.read.desired import Wanted, resolve_for
from aidokit.reconcile.read.machine import (
    INSTALL,
    VERSION_RE,
    cli_version,
    on_path,
)
from aidokit.reconcile.read.ownership import Record, entry_digest, launch_set
from aidokit.reconcile.read.world import Inputs, TargetFile, World


class Severity(StrEnum):
    """How bad a finding is: errors make `aido doctor` exit 1."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Finding:
    """One thing doctor found."""

    severity: Severity
    check: str
    subject: str
    message: str


@dataclass(frozen=True)
class FileFacts:
    """One targeted config file: its server map (or why it cannot be read) and its records."""

    adapter: Adapter
    location: Location
    shown: str
    servers: dict[str, Any] | None  # None when the file is missing or unreadable
    error: str | None
    records: tuple[Record, ...]


@dataclass(frozen=True)
class Checkup:
    """Everything the checks look at, gathered before any check runs."""

    inputs: Inputs
    wanted: tuple[Wanted, ...]
    catalog: tuple[MCPDef, ...]
    environ: Mapping[str, str]
    files: tuple[FileFacts, ...] = ()
    state_errors: tuple[str, ...] = ()
    other_records: tuple[Record, ...] = ()  # project-state records of unknown adapters
    ignored_records: tuple[str, ...] = ()  # project-state records naming no project file
    # The plan's notes on roles and agents, per file (shown, note): a converged plan only
    # counts them, so doctor says them in full (issue 32 §5).
    role_notes: tuple[tuple[str, str], ...] = ()
    trust: ApprovalRecords = NO_RECORDS  # the harness records the trust gates look at
    version_of: Callable[[str], str | None] = field(default=lambda name: cli_version(name))


def checkup_of(world: World, **hooks: Any) -> Checkup:
    """What the checks look at: a view of the world the plan is computed from."""
    files = tuple(_file_facts(target) for target in world.files)
    return Checkup(
        world.inputs, world.wanted, world.catalog, world.inputs.host.environ, files,
        world.state_errors, world.other_records, world.ignored_records, _role_notes(world),
        world.trust, **hooks,
    )  # fmt: skip


def _role_notes(world: World) -> tuple[tuple[str, str], ...]:
    """The notes of the plan saying which agents see a server (`no <harness> agent plays
    the roles of ...`); none when the plan cannot be made (doctor reports why elsewhere)."""
    try:
        plan = engine.build_plan(world)
    except AidoError:
        return ()
    # Only where the harness has agents: without any, every server is the main session's.
    notes = (
        (file.path, note) for file in plan.files if world.agents.get(file.adapter)
        for note in file.notes
    )  # fmt: skip
    return tuple(dict.fromkeys((p, n) for p, n in notes if "agent plays the roles" in n))


def _file_facts(target: TargetFile) -> FileFacts:
    location = target.location
    shown = target.record_path if location.scope is Scope.PROJECT else str(location.path)
    servers = dict(target.servers()) if target.exists else None
    return FileFacts(target.adapter, location, shown, servers, target.error, target.records)


def deprecated_entries(c: Checkup) -> list[Finding]:
    """Deprecated entries that are desired or still owned, naming the replacement."""
    by_id = {entry.id: entry for entry in c.catalog}
    ids = {w.server.id for w in c.wanted} | {r.id for f in c.files for r in f.records}
    found = []
    for entry_id in sorted(ids):
        entry = by_id.get(entry_id)
        if entry is None or not entry.deprecated:
            continue
        fix = (
            f"replace it with '{entry.replaced_by}' in aido.toml [mcp] add"
            if entry.replaced_by
            else "remove it from aido.toml"
        )
        message = f"'{entry_id}': {deprecation(entry)}; {fix}"
        found.append(Finding(Severity.WARNING, "deprecated", entry_id, message))
    return found


def missing_secrets(c: Checkup) -> list[Finding]:
    """Required secret env vars of desired entries that are not set (names only)."""
    found = []
    for item in c.wanted:
        for var in item.server.env:
            if var.secret and var.required and not c.environ.get(var.name):
                found.append(
                    Finding(
                        Severity.WARNING,
                        "secrets",
                        item.server.id,
                        f"'{item.server.id}' needs the secret {var.name}, which is not set in "
                        "this environment; set it where the harness starts",
                    )
                )
    return found


def old_clis(c: Checkup) -> list[Finding]:
    """Installed harness CLIs older than a desired entry's `min_cli_version`."""
    found = []
    versions: dict[str, str | None] = {}
    for adapter in c.inputs.adapters:
        binary = adapter.evidence.cli
        for item in c.wanted:
            spec = spec_for(item.server, adapter)
            if binary is None or spec is None or spec.min_cli_version is None:
                continue
            if binary not in versions:
                versions[binary] = c.version_of(binary)
            have = versions[binary]
            if have is not None and _version(have) < _version(spec.min_cli_version):
                found.append(
                    Finding(
                        Severity.ERROR,
                        "cli-version",
                        f"{adapter.name}/{item.server.id}",
                        f"{binary} {have} is older than {spec.min_cli_version}, which "
                        f"'{item.server.id}' needs; upgrade {binary}",
                    )
                )
    return found


def assumed_formats(c: Checkup) -> list[Finding]:
    """Which format aido assumed for a harness whose format changed between its releases,
    by the CLI version found here (issue 33: Kilo's project file and `{env:…}`)."""
    found = []
    for file in c.files:
        adapter = file.adapter
        if not isinstance(adapter, AssumesFormat):
            continue
        assumed = adapter.assumed_format(file.location.scope, c.inputs.host)
        if assumed is not None:
            message = f"{file.adapter.name}: {assumed.said}"
            found.append(Finding(Severity.WARNING, "cli-format", file.shown, message))
    return found


def missing_launchers(c: Checkup) -> list[Finding]:
    """Desired entries whose launcher (`npx`, `uvx`, `docker`, `node`) is not on PATH."""
    needs: dict[str, set[str]] = {}
    for item in c.wanted:
        for adapter in c.inputs.adapters:
            spec = spec_for(item.server, adapter)
            if isinstance(spec, StdioSpec) and spec.command in INSTALL:
                needs.setdefault(spec.command, set()).add(item.server.id)
    return [
        Finding(
            Severity.WARNING,
            "launcher",
            launcher,
            f"{', '.join(repr(i) for i in sorted(ids))} {'runs' if len(ids) == 1 else 'run'} "
            f"{launcher}, which is not on PATH, so the harness cannot start "
            f"{'it' if len(ids) == 1 else 'them'}; {INSTALL[launcher]}",
        )
        for launcher, ids in sorted(needs.items())
        if not on_path(launcher, c.environ)
    ]


def unreadable_files(c: Checkup) -> list[Finding]:
    """Config files (and state) aido cannot parse: it will not touch them."""
    found = [Finding(Severity.ERROR, "parse", f.shown, f.error) for f in c.files if f.error]
    found += [Finding(Severity.ERROR, "state", "state", error) for error in c.state_errors]
    return found


def state_records(c: Checkup) -> list[Finding]:
    """Records whose file or entry is gone, or whose entry now runs something else."""
    found = [
        _record_finding(r, r.path, f"adapter '{r.adapter}' is unknown to this aido")
        for r in c.other_records
    ]
    found += [Finding(Severity.WARNING, "state", "state", notice) for notice in c.ignored_records]
    for file in c.files:
        if file.error:
            continue
        for record in file.records:
            if file.servers is None:
                found.append(_record_finding(record, file.shown, "the file no longer exists"))
            elif record.name not in file.servers:
                found.append(_record_finding(record, file.shown, "the entry is no longer there"))
            elif _identity(file, file.servers[record.name]) != record.identity:
                found.append(
                    _record_finding(
                        record,
                        file.shown,
                        "its command or URL changed since aido wrote it, so aido no longer "
                        f"owns it (aido adopt {record.name} --adapter {record.adapter})",
                    )
                )
    return found


def _record_finding(record: Record, shown: str, why: str) -> Finding:
    return Finding(
        Severity.WARNING,
        "state",
        f"{shown}:{record.name}",
        f"state records '{record.name}' in {shown} ({record.adapter}) but {why}; "
        "aido apply or aido destroy tidies it",
    )


def _identity(file: FileFacts, value: Any) -> str | None:
    return identity_of(file.adapter, value) if isinstance(value, dict) else None


def drifted_entries(c: Checkup) -> list[Finding]:
    """Owned entries whose content differs from what aido wrote."""
    found = []
    for file in c.files:
        for record in file.records:
            value = (file.servers or {}).get(record.name)
            if not isinstance(value, dict) or _identity(file, value) != record.identity:
                continue  # gone or no longer owned: state_records reports it
            launch = launch_set(value, file.adapter.caps.launch_keys)
            added = record.fields is not None and not launch <= frozenset(record.fields)
            if added or entry_digest(value, record.fields) != record.digest:
                found.append(
                    Finding(
                        Severity.WARNING,
                        "drift",
                        f"{file.shown}:{record.name}",
                        f"'{record.name}' in {file.shown} changed since aido wrote it; "
                        "aido apply restores it",
                    )
                )
    return found


def harness_checks(c: Checkup) -> list[Finding]:
    """The checks of the targeted harnesses' own (`DoctorChecks`), e.g. a running Claude
    Code that rewrites ~/.claude.json on its own."""
    adapters = {f.adapter.name: f.adapter for f in c.files}.values()
    return [
        Finding(Severity.WARNING, note.check, note.subject, note.message)
        for adapter in adapters
        if isinstance(adapter, DoctorChecks)
        for note in adapter.doctor_notes(c.inputs.scope, c.inputs.host)
    ]


def trust_gates(c: Checkup) -> list[Finding]:
    """Files with aido's servers that the harness ignores until the user trusts or approves them."""
    found = []
    for file in c.files:
        names = tuple(sorted(r.name for r in file.records if not r.map_path))
        adapter, location, host = file.adapter, file.location, c.inputs.host
        if not names:
            continue
        gate = None
        if isinstance(adapter, NeedsApproval):
            gate = adapter.approval(location, host, names, c.trust)
        if (
            gate is None
            and isinstance(adapter, AgentApproval)
            and isinstance(adapter, AgentFileScoping)
            and adapter.agent_files.name_of(location.path, location.scope, host)
        ):
            gate = adapter.agent_approval(location, host, False, c.trust)  # an agent's own gate
        if gate is not None:
            found.append(Finding(Severity.WARNING, "trust", file.shown, gate.sentence()))
    return found


def agent_roles(c: Checkup) -> list[Finding]:
    """Project agents that play no role yet, with the `[roles]` line that would map them;
    and the plan's notes on which agents see a server, in full."""
    found = [Finding(Severity.WARNING, "roles", path, note) for path, note in c.role_notes]
    if c.inputs.scope is not Scope.PROJECT:
        return found
    agents = discover_agents(c.inputs.host.project)
    table = {str(role): names for role, names in c.inputs.loaded.config.roles.items()}
    for name in unmapped_agents(agents, table):
        files = ", ".join(
            a.path.relative_to(c.inputs.host.project).as_posix() for a in agents if a.name == name
        )
        message = (
            f"agent '{name}' ({files}) plays no role, so no role-scoped server can reach it;"
            f' map it in aido.toml, e.g. [roles] tester-reviewer = ["{name}"] (docs/roles.md)'
        )
        found.append(Finding(Severity.WARNING, "roles", name, message))
    return found


def both_scopes(c: Checkup) -> list[Finding]:
    """Server names defined in a harness's project file and in its user file too (issue 32
    §6): both files named, and which one the harness uses where that is documented."""
    if c.inputs.scope is not Scope.PROJECT:
        return []
    found = []
    for file in c.files:
        if not file.servers or file.location.scope is not Scope.PROJECT:
            continue
        user = file.adapter.location(Scope.USER, c.inputs.host)
        if user is None or user.path == file.location.path or not user.path.is_file():
            continue
        try:
            servers = read_document(user.path, user.fmt).get_map(user.map_path) or {}
        except AidoError:
            continue  # an unreadable user file is reported by `aido doctor --scope user`
        shown = display(user.path, c.inputs.host)
        for name in sorted(set(file.servers) & set(servers)):
            uses = (
                f"{file.adapter.name} uses the project's"
                if file.adapter.caps.project_wins
                else f"which one {file.adapter.name} uses is not documented"
            )
            message = (
                f"'{name}' is defined in {file.shown} (project) and in {shown} (user); {uses}; "
                "remove one, or give them different names"
            )
            found.append(Finding(Severity.WARNING, "scopes", name, message))
    return found


def outside_policy(c: Checkup) -> list[Finding]:
    """Entries outside policy (SPEC §7, docs/policy.md): errors naming rule and file."""
    if not c.inputs.policy:
        return []

    files = [(f.adapter, f.servers or {}, f.records, f.shown) for f in c.files]
    found = findings(c.inputs, c.wanted, {entry.id: entry for entry in c.catalog}, files)
    return [Finding(Severity.ERROR, "policy", name, message) for name, message in found]


def admin_policy_files(c: Checkup) -> list[Finding]:
    """With `write_native`, what an administrator puts into the enforcement files aido never
    writes (VS Code's managed policy, Codex's requirements.toml; docs/policy.md)."""
    if not any(layer.write_native for layer in c.inputs.policy):
        return []
    found = []
    for adapter in c.inputs.adapters:
        try:
            rendered, _ = resolve_for(adapter, list(c.wanted), c.inputs.host.os, c.inputs.scope)
        except AidoError:
            rendered = []  # an entry it cannot render: the plan says so; name what it can
        note = admin_note(adapter, c.inputs.policy, {d.name: d.entry for d in rendered})
        if note is not None:
            found.append(Finding(Severity.WARNING, "policy", adapter.name, note))
    return found


CHECKS: tuple[Callable[[Checkup], list[Finding]], ...] = (
    unreadable_files,
    deprecated_entries,
    missing_secrets,
    missing_launchers,
    old_clis,
    assumed_formats,
    state_records,
    drifted_entries,
    harness_checks,
    trust_gates,
    agent_roles,
    both_scopes,
    outside_policy,
    admin_policy_files,
)


def run_checks(checkup: Checkup) -> list[Finding]:
    """Every check's findings, errors first."""
    found = [finding for check in CHECKS for finding in check(checkup)]
    return sorted(found, key=lambda f: (f.severity is not Severity.ERROR, f.check, f.subject))


def _version(text: str) -> tuple[int, ...]:
    match = VERSION_RE.search(text)
    return tuple(int(part) for part in match.group(1).split(".")) if match else ()
