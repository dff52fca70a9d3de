"""The plan as data (SPEC §1 step 3): per-file changes, each with an Action.

Computing a plan never prints (STYLE.md): the renderers in show/ say it in words
(plan_text.py, plan_json.py; a Reason's English is show/reasons.py). A plan is also
what `aido plan --out` saves, so it holds everything apply needs: file digests, map
paths and the entries to write.

Frozen dataclasses rather than pydantic models: building pydantic classes
costs start-up time on every `aido plan`; pydantic checks a saved plan only
when `aido apply FILE` reads one (`saved_plan.py`, through `decode.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Annotated, Any, NamedTuple

from aidokit.adapters.approval import ApprovalGate
from aidokit.adapters.base import ITEMS, Format, Scope
from aidokit.catalog.models import ByName, Strict
from aidokit.reconcile.policy.violation import PolicyViolation

PLAN_FORMAT_VERSION = 1


class Action(Enum):
    """What happens to one entry; the value is its symbol in the text plan."""

    NOOP = " "
    CREATE = "+"
    UPDATE = "~"  # the desired spec changed
    HEAL = "^"  # the file drifted from what aido wrote; restore it
    DELETE = "-"  # an owned entry is no longer desired
    CONFLICT = "!"  # a same-named entry aido does not own; left alone

    @property
    def word(self) -> str:
        """The action's name as users read it."""
        return self.name.lower().replace("noop", "no-op")


class Reason(StrEnum):
    """Why a change happens, as data: the renderers say it in English (show/reasons.py).

    `Change.detail` holds the particulars a reason names, never a sentence of the plan's
    own: why the entry is desired (a trigger's match, a baseline, `[mcp] add`), the
    version move, a file, a rule, an adapter, an agent. A saved plan holds the value.
    """

    DESIRED = "desired"  # particulars: why the entry is desired
    UPGRADE = "upgrade"  # the version move
    NO_LONGER_DESIRED = "no-longer-desired"
    SKIPPED = "skipped"  # the file whose `skip` names it
    OUTSIDE_POLICY = "outside-policy"  # the rule and its layer
    DEPRECATED = "deprecated"  # the entry that replaces it, if any
    REMOVED = "removed"  # the command (`aido destroy`)
    NOT_TARGETED = "not-targeted"  # the adapter, no longer targeted
    OTHER_FILE = "other-file"  # the adapter, which now uses another file
    NOT_INSTALLED = "not-installed"  # the adapter, not installed here
    AGENTS_ONLY = "agents-only"  # the agent files that hold it now ([mcp.roles])
    NO_AGENT = "no-agent"  # the adapter, none of whose agents plays its roles
    DRIFTED = "drifted"
    REMOVED_BY_HAND = "removed-by-hand"
    NOT_AN_OBJECT = "not-an-object"
    NOT_OWNED = "not-owned"
    REPLACED = "replaced"  # its command or URL, since aido wrote it
    SET_BY_HAND = "set-by-hand"
    ROLE_SCOPING = "role-scoping"
    BUDGET = "budget"  # the agent, for a per-agent budget
    OFF_SWITCH = "off-switch"  # the harness's switch for a server `enabled = false` turns off
    ROLE_SCOPING_GONE = "role-scoping-gone"
    BUDGET_GONE = "budget-gone"
    POLICY_GONE = "policy-gone"
    NATIVE_POLICY = "native-policy"  # the policy layers that ask for it
    ADOPTED = "adopted"  # with --force
    RENAMED = "renamed"  # the new name: its catalog id
    SWITCHED_OFF = "switched-off"  # what switches a team server off for one person
    # `enabled = false` where the harness has no off switch: the adapter, which then
    # holds no entry for it (the entry leaves its file as a switch-off, not a delete).
    SWITCHED_OFF_HERE = "switched-off-here"


# Why each owned entry that goes is no longer desired, by id: a Reason and its particulars.
Gone = dict[str, tuple[Reason, str]]


class DiffKind(StrEnum):
    """How one field differs."""

    CHANGED = "changed"
    ADDED = "added"
    REMOVED = "removed"


@dataclass(frozen=True)
class FieldDiff(Strict):
    """One field-level difference, e.g. `args[1]: "a" -> "b"`."""

    path: str
    kind: DiffKind
    before: Any = None
    after: Any = None


@dataclass(frozen=True)
class Change(Strict):
    """One entry's action inside one file."""

    action: Annotated[Action, ByName()]  # saved by name: `CREATE`, not `+`
    name: str  # entry name in the server map
    id: str | None  # catalog id (None for entries aido does not know)
    detail: str = ""  # the particulars `why` names (Reason), e.g. the trigger that matched
    before: Any = None  # current value in the file
    after: Any = None  # value aido will write
    diff: tuple[FieldDiff, ...] = ()
    hint: str | None = None
    roles: tuple[str, ...] = ()
    why: Reason = Reason.DESIRED
    sensitive: bool = False  # needs a typed confirmation before it is written (SPEC §7)
    map_path: tuple[str, ...] = ()  # a companion's map (role scoping); () = the server map
    source: str = "catalog"  # where the entry comes from: "catalog", "custom" or "imported"
    # Keys of the entry that are not aido's (the harness's or the user's, SPEC §6): not
    # drift, kept byte for byte when aido's fields are written.
    kept: tuple[str, ...] = ()
    # The harness's keys aido.toml sets in the entry (the context budget): aido's while it
    # does (SPEC §6), the harness's again once it stops.
    claimed: tuple[str, ...] = ()
    # What the model loads from the server there (docs/context-budget.md): "4 of 21 tools",
    # "every tool but browser_install", "switched off"; "" when aido.toml asks nothing.
    tools: str = ""
    tools_loaded: int | None = None  # where the server's tools are known (the last probe)
    tools_total: int | None = None

    def harness(self, keys: frozenset[str]) -> frozenset[str]:
        """The harness's keys (`Adapter.caps.harness_keys`) less those aido.toml claims here."""
        return keys - frozenset(self.claimed)

    @property
    def label(self) -> str:
        """How users see the entry: its name, `map.path.name` for a companion, or
        `array.path[item]` for an array item."""
        if self.map_path[-1:] == (ITEMS,):
            return f"{'.'.join(self.map_path[:-1])}[{self.name}]"
        return ".".join((*self.map_path, self.name))

    @property
    def tuned(self) -> tuple[str, ...]:
        """The kept keys someone set: not those holding the default aido wrote with the
        entry (a Goose `enabled: true`), which tell nothing."""
        before, after = self.before, self.after
        if not isinstance(before, dict) or not isinstance(after, dict):
            return self.kept
        return tuple(k for k in self.kept if k not in after or before.get(k) != after[k])

    @property
    def writes_value(self) -> bool:
        """Whether applying it puts a value into the file (deleting puts none)."""
        return self.action in (Action.CREATE, Action.UPDATE, Action.HEAL)

    @property
    def needs_confirmation(self) -> bool:
        """The one confirmation rule (SPEC §7): a sensitive value is written."""
        return self.sensitive and self.writes_value


@dataclass(frozen=True)
class FileChange(Strict):
    """Everything that happens to one config file."""

    adapter: str
    scope: Scope
    path: str  # as shown to users (project-relative when inside the project)
    abs_path: str
    fmt: Format
    map_path: tuple[str, ...]
    state_path: str  # the state file recording this file's entries
    record_path: str  # the file's normalised path inside that state
    digest: str  # hash of the file when planned; apply refuses if it differs
    changes: tuple[Change, ...] = ()
    error: str | None = None
    notes: tuple[str, ...] = ()
    # What the harness still requires before it uses this file (adapters/base.py).
    trust: ApprovalGate | None = None
    # The file no longer exists: apply drops these records (labels) of entries it held.
    forget: tuple[str, ...] = ()
    agent: str | None = None  # the agent whose definition this file is (docs/roles.md)
    # The adapter's name for this companion file (`CompanionFiles.companion_files`); None: not one.
    companion: str | None = None
    # Roles decide where this file's entries go: the harness scopes servers to agents and the
    # project has agents or `[roles]` (the text plan then shows each entry's `roles:` line).
    scoped: bool = False

    @property
    def actionable(self) -> tuple[Change, ...]:
        """Changes that write to the file."""
        return tuple(c for c in self.changes if c.action in WRITES)


def owner(adapter: str, agent: str | None) -> str:
    """Who reads a file: `gemini-cli`, or `gemini-cli agent qa` for an agent's own file."""
    return adapter if agent is None else f"{adapter} agent {agent}"


def kept_words(kept: tuple[str, ...]) -> str:
    """`2 keys kept from the harness or the user: trust, timeout` (SPEC §6); "" for none."""
    if not kept:
        return ""
    keys = "key" if len(kept) == 1 else "keys"
    return f"{len(kept)} {keys} kept from the harness or the user: {', '.join(kept)}"


WRITES = frozenset({Action.CREATE, Action.UPDATE, Action.HEAL, Action.DELETE})


class Summary(NamedTuple):
    """Counts for the closing line and the JSON summary."""

    add: int = 0
    change: int = 0
    remove: int = 0
    conflict: int = 0
    error: int = 0
    forget: int = 0  # ownership records of files that no longer exist
    # Servers in targeted files that policy refuses and aido does not own (SPEC §6): drift
    # that aido leaves alone, pending like a conflict.
    policy: int = 0
    # The lines of an existing `aido.lock` that apply changes: a change of its own even
    # when no harness file moves (a pin dropped after `forget` or `remove`).
    lock: int = 0

    @property
    def has_changes(self) -> bool:
        """Whether applying would write anything (files, state or aido.lock)."""
        return bool(self.add or self.change or self.remove or self.forget or self.lock)

    @property
    def lock_only(self) -> bool:
        """Whether aido.lock is all that apply writes (a pin dropped, no file moving)."""
        return bool(self.lock) and not (self.add or self.change or self.remove or self.forget)

    @property
    def pending(self) -> bool:
        """Drift of any kind: what `plan --detailed-exitcode` exits 2 on (SPEC §8)."""
        return self.has_changes or bool(self.conflict or self.policy)

    def line(self) -> str:
        """The one closing sentence, as terraform prints it."""
        conflicts = "conflict" if self.conflict == 1 else "conflicts"
        text = (
            f"Plan: {self.add} to add, {self.change} to change, {self.remove} to remove. "
            f"{self.conflict} {conflicts}."
        )
        if self.forget:
            records = "record" if self.forget == 1 else "records"
            text += f" {self.forget} ownership {records} of missing files to forget."
        if self.policy:
            servers = "server" if self.policy == 1 else "servers"
            text += f" {self.policy} {servers} outside policy."
        if self.lock_only:  # with file changes, the lock moves with them (`# aido.lock`)
            text += " aido.lock to update."
        if self.error:
            text += f" {self.error} {'file' if self.error == 1 else 'files'} with errors."
        return text

    def done_line(self, kind: str = "apply") -> str:
        """What an apply (or destroy) did, in the past tense, as terraform says it:
        `Apply complete! 13 added, 0 changed, 0 removed.`"""
        if kind == "destroy":
            text = f"Destroy complete! {self.remove} removed."
        else:
            text = (
                f"Apply complete! {self.add} added, {self.change} changed, {self.remove} removed."
            )
        if self.forget:
            records = "record" if self.forget == 1 else "records"
            text += f" {self.forget} ownership {records} of missing files forgotten."
        if self.lock_only:
            text += " aido.lock updated."
        if self.conflict:
            conflicts = "1 conflict" if self.conflict == 1 else f"{self.conflict} conflicts"
            text += f" {conflicts} left as found: `aido plan` names the ways out."
        return text


@dataclass(frozen=True)
class LockChange(Strict):
    """What apply writes to `aido.lock` (reconcile/read/choices/lockfile.py)."""

    path: str  # absolute path of the lock
    digest: str  # of the lock when planned (ABSENT when there is none)
    text: str  # the lock apply writes
    changes: tuple[str, ...] = ()  # one line per entry that changes
    exists: bool = True  # False: apply creates the lock

    @property
    def changed(self) -> bool:
        """Whether apply would write the lock."""
        return bool(self.changes) or not self.exists


@dataclass(frozen=True)
class BaselineUse(Strict):
    """A baseline the plan's layers extend (docs/baselines.md), as `aido.lock` pins it."""

    source: str  # as `extends` names it
    commit: str | None  # None: a local-path baseline, pinned by its digest alone
    digest: str


@dataclass(frozen=True)
class Plan(Strict):
    """The whole plan: deterministic for the same inputs."""

    project: str
    scope: Scope
    files: tuple[FileChange, ...] = ()
    notes: tuple[str, ...] = ()
    format_version: int = PLAN_FORMAT_VERSION
    lock: LockChange | None = None  # None: no aido.toml, so no lock is kept
    # Entries outside policy found in files aido does not own (the plan leaves them alone).
    policy_violations: tuple[PolicyViolation, ...] = ()
    baselines: tuple[BaselineUse, ...] = ()  # the baselines read, by source (the fleet view)

    @property
    def summary(self) -> Summary:
        """Counts of every action over all files."""
        counts = dict.fromkeys(("add", "change", "remove", "conflict"), 0)
        bucket = {
            Action.CREATE: "add",
            Action.UPDATE: "change",
            Action.HEAL: "change",
            Action.DELETE: "remove",
            Action.CONFLICT: "conflict",
        }
        for file in self.files:
            for change in file.changes:
                if change.action in bucket:
                    counts[bucket[change.action]] += 1
        errors = sum(1 for f in self.files if f.error)
        forget = sum(len(f.forget) for f in self.files)
        policy = sum(1 for v in self.policy_violations if v.found == "hand-written")
        # Moving the lock is a change; writing the first one is routine (it comes with the
        # first entries, or the next apply writes it).
        lock = len(self.lock.changes) if self.lock is not None and self.lock.exists else 0
        return Summary(error=errors, forget=forget, policy=policy, lock=lock, **counts)
