"""Read everything a plan depends on, once, into one frozen value (STYLE.md, "Read the world once").

`gather` picks the inputs (config, scope, adapters); `read_world` is the only
place below the CLI that reads the disk before apply:
facts, the catalog, and for every targeted file its bytes, digest, parsed maps
and settled ownership records. `engine.build_plan`, `status` and `doctor` are
views of the `World` it returns.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from aidokit.adapters import ADAPTERS, resolved
from aidokit.adapters.agents import AgentFiles, AgentFileScoping, NamedAgents, NamedAgentScoping
from aidokit.adapters.approval import (
    NO_RECORDS,
    AgentApproval,
    ApprovalRecords,
    NeedsApproval,
    parse_record,
)
from aidokit.adapters.base import Adapter, CompanionFiles, FileNotes, Host, Location, Scope, display
from aidokit.adapters.budget import AgentBudgets
from aidokit.catalog import entries
from aidokit.catalog import errors as log
from aidokit.catalog.errors import get_logger
from aidokit.catalog.facts import Facts
from aidokit.catalog.models import MCPDef
from aidokit.reconcile import __version__
from aidokit.reconcile.core import paths as core_paths
from aidokit.reconcile.core.atomic import ABSENT
from aidokit.reconcile.core.errors import AidoError, ConfigError, JsoncInStrictJsonError
from aidokit.reconcile.core.paths import user_state_dir
from aidokit.reconcile.core.safe_read import read_file
from aidokit.reconcile.documents import read_document
from aidokit.reconcile.policy.layers import PolicyLayer
from aidokit.reconcile.read.agents import (
    AGENT_PATTERN_RE,
    agent_name,
    agents_playing,
    markdown_agents,
)
from aidokit.reconcile.read.choices.config import LOCAL_CONFIG_NAME, LoadedConfig
from aidokit.reconcile.read.choices.layers import layer_notes, load_layers, policy_layers
from aidokit.reconcile.read.choices.lockfile import Lock, lock_path, read_lock
from aidokit.reconcile.read.desired import Wanted, wanted_servers
from aidokit.reconcile.read.facts import current_os, detect_facts
from aidokit.reconcile.read.ownership import (
    Lookup,
    Record,
    State,
    load_state,
    project_state_path,
    settle,
)
from aidokit.reconcile.read.personal import NOWHERE, active_profile, personal_choices, with_lock
from aidokit.reconcile.read.project_state import admitted
from aidokit.reconcile.read.repo import git_ignores

if TYPE_CHECKING:
    from aidokit.reconcile.documents import Document
    from aidokit.reconcile.read.personal import Personal

_log = get_logger(__name__)


class Inputs(NamedTuple):
    """What a plan is computed from."""

    host: Host
    loaded: LoadedConfig
    scope: Scope
    adapters: tuple[Adapter, ...]
    notes: tuple[str, ...]
    narrowed: bool = False  # `--adapter` named the adapters: leave the others' files alone
    # Every layer's `[policy]`: managed file, user layer, project layers (read/choices/layers.py).
    policy: tuple[PolicyLayer, ...] = ()
    # Local scope: the team's layers alone (what the person's choices differ from), and
    # the profile `aido use` made active (read/personal.py).
    team: LoadedConfig | None = None
    profile: str | None = None


def gather(project: Path, *, scope: str, only: Sequence[str] | None) -> Inputs:
    """Read the config layers of `scope` (SPEC §4), pick adapters, and describe the host."""
    host = Host.current(project)
    where = Scope(scope)
    if where is not Scope.USER:
        refuse_home(host, "pass --scope user for your own files")
    loaded = load_layers(host, where, __version__)
    configured = loaded.config.adapters
    for name in [*(configured or ()), *(only or ())]:
        if name not in ADAPTERS:
            from aidokit.catalog.spelling import maybe  # noqa: PLC0415 (on the error path only)

            source = "" if name in (only or ()) else f" in {loaded.origin.get('adapters')}"
            raise ConfigError(
                f"unknown adapter '{name}'{source}{maybe(name, ADAPTERS)}; known "
                f"adapters: {', '.join(sorted(ADAPTERS))}"
            )
    notes = layer_notes(loaded, host, where)
    team, profile = None, None
    if where is Scope.LOCAL:
        team = load_layers(host, Scope.PROJECT, __version__)
        profile, said = _profile(host, loaded)
        notes += said
    # The user's policy holds in every project (SPEC §4), so its layer is read here too.
    user = load_layers(host, Scope.USER, __version__) if where is not Scope.USER else None
    policy, policy_notes = policy_layers(host, where, loaded, user)
    notes += policy_notes
    if where is Scope.USER and not loaded.present:
        # issue 38 §10: user scope's desired state is the user layer alone; with none there
        # is nothing to install (and nothing aido wrote there is taken away), only a start.
        notes = [
            f"no {display(loaded.path, host)}: user scope plans nothing until you start one "
            "with `aido init --scope user`"
        ]
        return Inputs(host, loaded, where, (), tuple(notes), narrowed=True, policy=policy)
    if only:
        names = list(only)
    elif configured is None:
        names = []
        for name, adapter in ADAPTERS.items():
            why = adapter.detect(host, where)
            if why:
                names.append(name)
                notes.append(f"detected {name}: {why}")
        config_name = display(loaded.path, host)
        source = f"no {config_name}" if not loaded.present else f"{config_name} sets no adapters"
        stack = "" if where is Scope.USER else " and detected stack"
        notes.insert(0, f"{source}: using detected harnesses{stack}")
        if not names and where is not Scope.USER and not loaded.present and _bare(host):
            notes.append(BARE_FOLDER)
    else:
        names = list(configured)
    # The same adapter named twice is planned once (and so written once).
    adapters = tuple(ADAPTERS[n] for n in dict.fromkeys(names))
    if where is Scope.PROJECT and (host.project / LOCAL_CONFIG_NAME).is_file():
        notes += _where_local_lands(adapters, host)
    return Inputs(
        host, loaded, where, adapters, tuple(notes), narrowed=bool(only), policy=policy,
        team=team, profile=profile,
    )  # fmt: skip


# The note of a folder that holds nothing of a project (`show/plan_text.untargeted` says
# what to do about it).
BARE_FOLDER = "no aido.toml here or above, and no git repository: this folder is no project"


def _bare(host: Host) -> bool:
    """Whether the project folder is in no git repository (up to the home folder)."""
    home = os.path.realpath(host.home)
    for folder in (host.project, *host.project.parents):
        if os.path.realpath(folder) == home:
            return True
        if (folder / ".git").exists():
            return False
    return True


def refuse_home(host: Host, instead: str) -> None:
    """Refuse a project scope run in the home folder itself (issue 54 §6): there
    ~/.codex/config.toml and the like are the user's files, not a project's."""
    if os.path.realpath(host.project) == os.path.realpath(host.home):
        raise ConfigError(
            f"{host.project} is your home folder, not a project: the harness files there "
            f"are your user scope; cd into your project, or {instead}"
        )


def ignored_project_file(adapter: Adapter, host: Host) -> Location | None:
    """A person's place for `adapter` where the harness has none of its own: its project
    file, when git ignores it (SPEC §4: a file the repository would not track is not the
    team's). The local scope's records of it live in the person's state."""
    if Scope.PROJECT not in adapter.scopes:
        return None
    project = adapter.location(Scope.PROJECT, host)
    if project is None or not git_ignores(host.project, project.path):
        return None
    return project._replace(scope=Scope.LOCAL)


def _where_local_lands(adapters: Sequence[Adapter], host: Host) -> list[str]:
    """Where `aido.local.toml`'s choices land, one line per harness (issue 49 §2): never in
    the team's files this plan writes."""
    lines = [
        f"{LOCAL_CONFIG_NAME} changes only your own files, never the team's: "
        "`aido apply --scope local` writes them"
    ]
    for adapter in adapters:
        if Scope.LOCAL in adapter.scopes:
            lines.append(
                f"{adapter.name}: your {LOCAL_CONFIG_NAME} choices go to its per-person place "
                "for this project (its local scope), with `aido apply --scope local`"
            )
        elif (ignored := ignored_project_file(adapter, host)) is not None:
            lines.append(
                f"{adapter.name}: your {LOCAL_CONFIG_NAME} additions go to "
                f"{ignored.path.relative_to(host.project).as_posix()} (git ignores it, so it "
                "is yours), with `aido apply --scope local`"
            )
        else:
            lines.append(NOWHERE.format(adapter=adapter.name))
    return lines


def _profile(host: Host, loaded: LoadedConfig) -> tuple[str | None, list[str]]:
    """The active profile of this project (`aido use`), when the layers still define it."""
    name = active_profile(user_state_dir(host.environ), host.project)
    if name is None or name in loaded.config.profiles:
        return name, []
    return None, [
        f"profile '{name}' is active but no layer defines [profiles.{name}] any more, so "
        "every server is on; `aido use --none` forgets it"
    ]


class TargetFile(NamedTuple):
    """One targeted harness file as read: its document (or why it can't be read) and records."""

    adapter: Adapter
    location: Location
    state_path: Path
    record_path: str  # the file's key in its state file
    shown: str  # how the file is named to the user
    document: Document | None  # None when the file cannot be read or parsed
    error: str | None
    records: tuple[Record, ...]  # this file's ownership records, pending ones settled
    # Set for a file this run no longer targets (SPEC §6 orphans): why its entries go, as
    # the plan's Reason by value: "not-targeted", "other-file" or "not-installed".
    orphaned: str | None = None
    agent: str | None = None  # the agent whose definition this is; None: the shared file
    # The adapter's name for this companion file (`CompanionFiles.companion_files`): it holds no
    # servers, only the items of the entries' companions that name it.
    companion: str | None = None
    notes: tuple[str, ...] = ()  # the adapter's notes on the file as a whole (file_notes)

    @property
    def exists(self) -> bool:
        """Whether the file is on disk (and readable)."""
        return self.document is not None and self.document.original is not None

    def servers(self) -> Mapping[str, Any]:
        """The file's current server map (empty when missing or unreadable, or a companion
        file, which holds none)."""
        return {} if self.companion is not None else self.lookup(())

    def lookup(self, map_path: tuple[str, ...]) -> Mapping[str, Any]:
        """A map of the document; `()` is the server map."""
        if self.document is None:
            return {}
        return self.document.get_map(map_path or self.location.map_path) or {}


@dataclass(frozen=True)
class World:
    """What a plan is computed from, read once."""

    inputs: Inputs
    entries: tuple[MCPDef, ...]  # the catalog as `catalog/entries.py` holds it
    facts: Facts
    wanted: tuple[Wanted, ...]
    notes: tuple[str, ...]  # from choosing the servers
    files: tuple[TargetFile, ...]  # in the order of `inputs.adapters`
    lock: Lock | None = None  # `aido.lock` beside a present `aido.toml`
    state_errors: tuple[str, ...] = ()  # state files that could not be read
    other_records: tuple[Record, ...] = ()  # records of adapters aido no longer has
    orphans: tuple[TargetFile, ...] = ()  # files with aido's records that are not targeted
    not_installed: tuple[str, ...] = ()  # adapters skipped: their user-level folder is missing
    # adapter -> the names of its agents found in this scope (docs/roles.md), read or not
    agents: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The adapters' companion files (`CompanionFiles.companion_files`) in this scope, read.
    companions: tuple[TargetFile, ...] = ()
    lock_digest: str = ABSENT  # of the bytes `lock` was read from (the plan's compare-and-swap)
    trust: ApprovalRecords = NO_RECORDS  # the harness records the trust gates look at
    # Each entry id's tools as the last `aido doctor --probe` listed them (its cache, per
    # server version), for the context budget: read when aido.toml has an [override.*].
    tool_lists: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # Notices of project-state records aido ignores: they name no project file of their
    # adapter (read/project_state.py); also among `notes`, and findings of `aido doctor`.
    ignored_records: tuple[str, ...] = ()
    personal: Personal | None = None  # local scope: the person's additions and switches

    @cached_property
    def catalog(self) -> tuple[MCPDef, ...]:
        """The catalog, each install map keyed by the adapters that support the entry.

        Resolved when first asked (doctor): a plan resolves only the entries it
        wants (`read_world`).
        """
        return resolved(self.entries)

    def file_of(self, adapter: str) -> TargetFile | None:
        """The shared file of `adapter`, or None when it has no file in this scope."""
        return next((f for f in self.files if f.adapter.name == adapter and f.agent is None), None)

    def agent_files_of(self, adapter: str) -> tuple[TargetFile, ...]:
        """The agent files of `adapter` this run reads (the agents of its entries' roles)."""
        return tuple(f for f in self.files if f.adapter.name == adapter and f.agent is not None)

    def companions_of(self, adapter: str) -> tuple[TargetFile, ...]:
        """The companion files of `adapter` this run reads."""
        return tuple(f for f in self.companions if f.adapter.name == adapter)

    def target(self, adapter: str, abs_path: str) -> TargetFile | None:
        """The file (targeted, companion or orphaned) of `adapter` at `abs_path`."""
        every = (*self.files, *self.companions, *self.orphans)
        found = (f for f in every if f.adapter.name == adapter)
        return next((f for f in found if str(f.location.path) == abs_path), None)

    def owned_ids(self) -> set[str]:
        """Catalog ids of every entry aido has recorded in the targeted files."""
        every = (*self.files, *self.companions, *self.orphans)
        return {record.id for file in every for record in file.records}


def read_world(inputs: Inputs) -> World:
    """Read facts, the catalog, every targeted file and its state records, and orphans."""
    config = inputs.loaded.config
    facts = desired_facts(inputs)
    catalog = entries.MCP_CATALOG  # read at call time: one place to swap it in tests
    wanted, notes = wanted_servers(catalog, facts, config, origin=inputs.loaded.origin)
    personal = None
    if inputs.team is not None:  # local scope: the person's difference only (SPEC §4)
        team_facts = desired_facts(inputs._replace(loaded=inputs.team))  # the team's forges
        team, _ = wanted_servers(catalog, team_facts, inputs.team.config, origin=inputs.team.origin)
        personal = personal_choices(wanted, team, config, inputs.team.config, inputs.profile)

        personal = with_lock(personal, user_state_dir(inputs.host.environ), inputs.host.project)
        wanted = personal.wanted
    wanted = _resolved(wanted)
    lock, lock_digest = (
        read_lock(lock_path(inputs.host.project)) if project_lock(inputs) else (None, ABSENT)
    )
    if log.enabled("debug"):  # `-v` only: the fields cost nothing on a normal run
        _log.debug("config", path=str(inputs.loaded.path), present=inputs.loaded.present)
        for item in wanted:
            _log.debug("desired", id=item.server.id, reason=item.detail, explicit=item.explicit)
    states: dict[Path, State] = {}
    ignored: list[str] = []  # notices of project-state records that name no project file
    state_errors: list[str] = []
    files: list[TargetFile] = []
    missing: list[str] = []
    agents: dict[str, tuple[str, ...]] = {}
    companions: list[TargetFile] = []
    for adapter in inputs.adapters:
        location = adapter.location(inputs.scope, inputs.host)
        if location is None and inputs.scope is Scope.LOCAL:
            location = ignored_project_file(adapter, inputs.host)
        if location is None:
            continue
        if not installed(location):
            missing.append(adapter.name)
            folder = display(location.path.parent, inputs.host)
            notes.append(f"{adapter.name} is not installed ({folder} does not exist); skipped")
            continue
        state_path = state_location(location, inputs.host)[0]
        try:
            state = _state(state_path, states, inputs.host, ignored)
        except AidoError as exc:
            state_errors.append(str(exc))
            continue
        files.append(_read_file(adapter, location, state, inputs.host))
        sides = (
            adapter.companion_files(inputs.scope, inputs.host)
            if isinstance(adapter, CompanionFiles)
            else {}
        )
        for key, side in sides.items():
            read = _read_companion(adapter, key, side, states, inputs.host, ignored)
            if isinstance(read, str):
                state_errors.append(read)
            else:
                companions.append(read)
        if isinstance(adapter, AgentFileScoping):
            index = discover(adapter.agent_files, adapter.name, inputs.scope, inputs.host)
            agents[adapter.name] = tuple(index)
            chosen = _agents_to_read(adapter, inputs, wanted, index, state)
            files += [_read_agent(adapter, n, p, state, inputs) for n, p in chosen]
        elif isinstance(adapter, NamedAgentScoping):
            agents[adapter.name] = _named_agents(adapter.named_agents, files[-1], inputs)
    if log.enabled("debug"):
        for target in files:
            _log_read(target)
    orphans = _orphans(inputs, [*files, *companions], states, ignored) if not state_errors else []
    files = [t._replace(notes=_file_notes(t, inputs.host)) for t in files]
    orphans = [t._replace(notes=_file_notes(t, inputs.host)) for t in orphans]
    trust = trust_records([*files, *orphans], inputs.host)
    others = {r.key: r for s in states.values() for r in s.records if r.adapter not in ADAPTERS}
    return World(
        inputs, tuple(catalog), facts, tuple(wanted), (*notes, *ignored), tuple(files), lock,
        tuple(dict.fromkeys(state_errors)), tuple(others.values()), tuple(orphans),
        tuple(missing), agents, tuple(companions), lock_digest, trust,
        _tool_lists(inputs) if config.override else {}, tuple(ignored), personal,
    )  # fmt: skip


def _tool_lists(inputs: Inputs) -> dict[str, tuple[str, ...]]:
    """The tools each entry id listed at its last probe (the context budget's names)."""
    from aidokit.reconcile.read.tool_lists import tool_lists  # noqa: PLC0415 (off a converged plan's path)

    return tool_lists(inputs.host.environ, inputs.host.project)


def _state(path: Path, states: dict[Path, State], host: Host, notes: list[str]) -> State:
    """The state file at `path`, read once per run; the project's holds only the records
    that name its adapters' project files (read/project_state.py: the rest are noted)."""
    if path not in states:
        state = load_state(path)
        if path == project_state_path(host.project):
            state, ignored = admitted(state, host)
            notes.extend(ignored)
        states[path] = state
    return states[path]


def _read_companion(
    adapter: Adapter,
    key: str,
    location: Location,
    states: dict[Path, State],
    host: Host,
    notes: list[str],
) -> TargetFile | str:
    """Companion file `key` of `adapter`, read like any harness file (a str: its state's
    error). Its folder may be missing (Claude Code's ~/.claude/ before its first run) while
    the adapter's own file is there: a budget that goes into it is written all the same,
    never a server that loads every tool; apply creates the folder then."""
    state_path = state_location(location, host)[0]
    try:
        state = _state(state_path, states, host, notes)
    except AidoError as exc:
        return str(exc)
    return _read_file(adapter, location, state, host)._replace(companion=key)


def trust_records(files: Sequence[TargetFile], host: Host) -> ApprovalRecords:
    """The records every targeted file's trust gate names (adapters/base.py), each read
    once under the safe-read rules (a record that cannot be read counts as missing), and
    the digest of each targeted file's bytes."""
    paths: dict[Path, None] = {}
    for target in files:
        paths.update(dict.fromkeys(_gate_files(target.adapter, target.location, host, target)))
    digests = {t.location.path: t.document.digest for t in files if t.document is not None}
    return read_records(paths, digests)


def _file_notes(target: TargetFile, host: Host) -> tuple[str, ...]:
    """What the harness says about `target`'s file as a whole (`FileNotes`)."""
    adapter = target.adapter
    return adapter.file_notes(target.location, host) if isinstance(adapter, FileNotes) else ()


def read_trust(adapter: Adapter, location: Location, host: Host) -> ApprovalRecords:
    """The records `adapter`'s trust gate names for the shared file at `location`, read."""
    if not isinstance(adapter, NeedsApproval):
        return NO_RECORDS
    return read_records(adapter.approval_files(location, host), {})


def _gate_files(
    adapter: Adapter, location: Location, host: Host, target: TargetFile
) -> tuple[Path, ...]:
    """The harness records the approval gates of `target` look at."""
    files = adapter.approval_files(location, host) if isinstance(adapter, NeedsApproval) else ()
    if target.agent and isinstance(adapter, AgentApproval):
        files += adapter.agent_approval_files(location, host)
    return files


def read_records(
    paths: Sequence[Path] | Mapping[Path, None], digests: Mapping[Path, str]
) -> ApprovalRecords:
    """Each of `paths` read (regular files under the size cap; anything else counts as
    missing) and parsed, with which of them exist."""
    parsed: dict[Path, Any] = {}
    present: set[Path] = set()
    for path in paths:
        raw = None
        if os.path.lexists(path):
            present.add(path)
            try:
                raw = read_file(path) if os.path.isfile(path) else None
            except AidoError:
                raw = None
        parsed[path] = parse_record(path, raw)
    return ApprovalRecords(parsed, frozenset(present), digests)


def _resolved(wanted: list[Wanted]) -> list[Wanted]:
    """`wanted` with each catalog entry's install map keyed by the adapters that support it.

    Only the wanted entries: resolving all of the catalog costs a plan time
    (adapters/__init__.py, docs/benchmarks.md). Custom entries are keyed so when
    they are built.
    """
    catalog = [item.server for item in wanted if item.source == "catalog"]
    by_id = {entry.id: entry for entry in resolved(catalog)}
    return [item._replace(server=by_id.get(item.server.id, item.server)) for item in wanted]


def discover(descriptor: AgentFiles, adapter: str, scope: Scope, host: Host) -> dict[str, Path]:
    """The agents in `descriptor`'s folder for `scope` (files only): the name the harness
    calls each by -> its file, sorted by name; two files claiming one name are refused."""
    folder = descriptor.folder(scope, host)
    if folder is None or not folder.is_dir():
        return {}
    index: dict[str, Path] = {}
    for path in sorted(folder.iterdir()):
        stem = descriptor.name_of(path, scope, host)
        if stem is None or not (path.is_symlink() or path.is_file()):
            continue
        name = agent_name(descriptor, path, stem) if path.is_file() else stem
        if name in index:
            raise ConfigError(_same_name(adapter, name, (index[name], path), host))
        index[name] = path
    return dict(sorted(index.items()))


def _named_agents(named: NamedAgents, target: TargetFile, inputs: Inputs) -> tuple[str, ...]:
    """The agents a harness that scopes by companions knows (OpenCode): built in, defined in
    its config file, and its Markdown agents; sorted, plain names only."""
    defined = target.lookup(named.map_path) if target.document is not None else {}
    folder = named.folder(inputs.scope, inputs.host, target.location)
    names = {*named.built_in, *markdown_agents(folder, named.folders)}
    names.update(name for name in defined if AGENT_PATTERN_RE.fullmatch(name))
    return tuple(sorted(names))


def _same_name(adapter: str, name: str, paths: tuple[Path, Path], host: Host) -> str:
    """The error for two agent files of `adapter` that both call themselves `name`."""
    first, second = (display(path, host) for path in paths)
    return (
        f"{first} and {second} both define {adapter} agent '{name}'; rename one of them "
        f"(its frontmatter name, or its file when it has none) so each agent has one file"
    )


def _agents_to_read(
    adapter: Adapter,
    inputs: Inputs,
    wanted: Sequence[Wanted],
    index: Mapping[str, Path],
    state: State,
) -> list[tuple[str, Path]]:
    """The agents whose files the plan needs: those playing an entry's roles, named by a
    per-agent budget the harness writes in the agent's file (Claude Code), or holding
    aido's records (a file since removed included, so its records are forgotten)."""
    if not isinstance(adapter, AgentFileScoping):
        raise RuntimeError("aido bug: expected an adapter with agent files")
    table = role_table(inputs)
    found = tuple(index)
    names = {n for item in wanted for n in agents_playing(item.roles, table, found)}
    config = inputs.loaded.config
    if isinstance(adapter, AgentBudgets) and config.override:  # a per-agent budget denied in
        # the agent's own file
        from aidokit.reconcile.read.choices.overrides import with_overrides  # noqa: PLC0415 (off a converged plan's path)

        budgeted = with_overrides(list(wanted), config, inputs.loaded.origin)
        names |= {
            agent
            for item in budgeted
            for agent, budget in item.agent_budgets.items()
            if agent in index and adapter.agent_budget(item.server.id, agent, budget) is not None
        }
    chosen = {index[name]: name for name in names}
    by_path = {path: name for name, path in index.items()}
    for record in state.records:
        if record.adapter == adapter.name:
            path = Path(record.path)
            path = path if path.is_absolute() else inputs.host.project / path
            stem = adapter.agent_files.name_of(path, inputs.scope, inputs.host)
            if stem is not None:
                chosen.setdefault(path, by_path.get(path, stem))
    return sorted((name, path) for path, name in chosen.items())


def _read_agent(
    adapter: Adapter, name: str, path: Path, state: State, inputs: Inputs
) -> TargetFile:
    """Agent `name`'s file `path` of `adapter`, read like any harness file (the same
    rules of where project scope may read and write)."""
    if not isinstance(adapter, AgentFileScoping):
        raise RuntimeError("aido bug: expected an adapter with agent files")
    stem = adapter.agent_files.name_of(path, inputs.scope, inputs.host)
    if stem is None:
        raise RuntimeError("aido bug: expected stem is not None")
    location = adapter.agent_files.location(adapter.name, inputs.scope, inputs.host, stem)
    if location is None:
        raise RuntimeError("aido bug: expected location is not None")
    return _read_file(adapter, location, state, inputs.host)._replace(agent=name)


def role_table(inputs: Inputs) -> dict[str, tuple[str, ...]]:
    """`[roles]` of the merged layers: role -> the names of the agents that play it."""
    return {str(role): names for role, names in inputs.loaded.config.roles.items()}


def desired_facts(inputs: Inputs) -> Facts:
    """The facts triggers see: the project's, or for user scope only the OS (SPEC §4)."""
    if inputs.scope is Scope.USER:
        return Facts(os=current_os())
    config = inputs.loaded.config
    return detect_facts(
        inputs.host.project,
        conformance=config.conformance,
        stack_packs=config.stack_packs,
        forges=config.forges,
    )


def project_lock(inputs: Inputs) -> bool:
    """Whether `aido.lock` is read: beside a project config, never for user scope. Only
    project scope writes it (`writes_lock`); local scope reads the team's pins."""
    return inputs.loaded.present and inputs.scope is not Scope.USER


def writes_lock(inputs: Inputs) -> bool:
    """Whether the plan derives `aido.lock`: project scope only (SPEC §4: a person's
    choices never change it)."""
    return inputs.loaded.present and inputs.scope is Scope.PROJECT


def in_project(location: Location, host: Host) -> bool:
    """Whether a file of another scope lives inside the project (a person's own file there,
    such as Claude Code's `.claude/settings.local.json`)."""
    return location.scope is not Scope.PROJECT and location.path.is_relative_to(host.project)


def installed(location: Location) -> bool:
    """SPEC §6 preflight: a user-level file whose folder is missing means "not installed"."""
    return location.scope is Scope.PROJECT or location.path.parent.is_dir()


def _orphans(
    inputs: Inputs, targeted: Sequence[TargetFile], states: dict[Path, State], notes: list[str]
) -> list[TargetFile]:
    """Files aido recorded entries in that this run does not target (SPEC §6).

    Local scope shares the user state with every other project, so it is left
    out; so are adapters that `--adapter` did not name.
    """
    host = inputs.host
    if inputs.scope is Scope.LOCAL:
        return []
    if inputs.scope is Scope.PROJECT:
        state_path = project_state_path(host.project)
    else:
        state_path = user_state_dir(host.environ) / "state.json"
    state = _state(state_path, states, host, notes)
    planned = {(f.adapter.name, f.record_path) for f in targeted}
    orphans = []
    for name, record_path in sorted({(r.adapter, r.path) for r in state.records} - planned):
        adapter = ADAPTERS.get(name)
        if adapter is None or (inputs.narrowed and adapter not in inputs.adapters):
            continue
        here = adapter.location(inputs.scope, host)
        if here is None or "#" in record_path:
            continue
        path = host.project / record_path if inputs.scope is Scope.PROJECT else Path(record_path)
        sides = (
            adapter.companion_files(inputs.scope, host)
            if isinstance(adapter, CompanionFiles)
            else {}
        )
        side = next((k for k, loc in sides.items() if loc.path == path), None)
        if side is not None:
            file = _read_file(adapter, sides[side], state, host)
            orphans.append(file._replace(orphaned="not-targeted", companion=side))
            continue
        agent = None
        if isinstance(adapter, AgentFileScoping):
            agent = adapter.agent_files.name_of(path, inputs.scope, host)
            if agent is not None:
                here = adapter.agent_files.location(name, inputs.scope, host, agent) or here
        why = "not-targeted"
        if adapter in inputs.adapters:
            why = "other-file" if installed(here) else "not-installed"
        file = _read_file(adapter, here._replace(path=path), state, host)
        orphans.append(file._replace(orphaned=why, agent=agent))
    return orphans


def _read_file(adapter: Adapter, location: Location, state: State, host: Host) -> TargetFile:
    state_path, record_path = state_location(location, host)
    records = state.for_file(adapter.name, record_path)
    if location.scope is Scope.PROJECT or in_project(location, host):
        # A person's file inside the project (.claude/settings.local.json) is judged like
        # the team's: the repository never leads aido's write out through a link (SPEC §7).
        shown = core_paths.display_with_target(location.path, host)
        problem = core_paths.judge(location.path, host).problem
        if problem:  # SPEC §7: never through a link out of the project
            return TargetFile(
                adapter, location, state_path, record_path, shown, None, problem, tuple(records)
            )
    else:
        shown = display(location.path, host)
    try:
        document = read_document(location.path, location.fmt)
        document.get_map(location.map_path)  # a wrong-typed server map is this file's error
        settled = settle(records, _reader(document, location.map_path))
    except JsoncInStrictJsonError as exc:  # said in the terms of the harness (issue 38 §2)
        problem = exc.harness_words(adapter.title)
        return TargetFile(
            adapter, location, state_path, record_path, shown, None, problem, tuple(records)
        )
    except AidoError as exc:
        return TargetFile(
            adapter, location, state_path, record_path, shown, None, str(exc), tuple(records)
        )
    return TargetFile(
        adapter, location, state_path, record_path, shown, document, None, tuple(settled)
    )


def _log_read(target: TargetFile) -> None:
    """Say at `-v` which file was read and what aido found in it."""
    if target.document is None:
        _log.debug("read", adapter=target.adapter.name, path=str(target.location.path),
                   error=target.error)  # fmt: skip
        return
    _log.debug(
        "read", adapter=target.adapter.name, path=str(target.location.path),
        exists=target.exists, digest=target.document.digest[:12],
        entries=len(target.servers()), owned=len(target.records),
    )  # fmt: skip


def _reader(document: Document, servers: tuple[str, ...]) -> Lookup:
    def lookup(map_path: tuple[str, ...]) -> Mapping[str, Any]:
        return document.get_map(map_path or servers) or {}

    return lookup


def state_location(location: Location, host: Host) -> tuple[Path, str]:
    """The state file recording `location`'s entries and the file's key inside it."""
    if location.scope is Scope.PROJECT:
        return project_state_path(host.project), core_paths.record_key(location.path, host)
    key = str(location.path)
    if location.scope is Scope.LOCAL:
        # User and local scope can share one file (Claude Code's ~/.claude.json):
        # the map path keeps their records apart.
        key += "#" + "/".join(location.map_path)
    return user_state_dir(host.environ) / "state.json", key
