"""The plan's step "diff" (reconcile/plan/diff.py) alone, on small values: one file's
desired entries against what it holds and aido's records, and what each kind of file
says besides."""

from __future__ import annotations

import json
from pathlib import Path

from aidokit.adapters import ADAPTERS
from aidokit.adapters.approval import NO_RECORDS
from aidokit.adapters.base import Format, Host, Location, Scope
from aidokit.adapters.common import identity_of
from aidokit.catalog.entries import ENTRIES_BY_ID
from aidokit.reconcile.documents import Document
from aidokit.reconcile.plan.diff import (
    DiffContext,
    deprecation_reasons,
    diff_agent,
    diff_companion,
    diff_file,
    diff_orphan,
    diff_shared,
    only_removals,
    outside_policy,
    role_scoping_note,
)
from aidokit.reconcile.plan.model import Action, Reason
from aidokit.reconcile.plan.render import CompanionFile
from aidokit.reconcile.plan.scoping import Placement
from aidokit.reconcile.policy.layers import PolicyLayer
from aidokit.reconcile.policy.rules import parse_rule
from aidokit.reconcile.read.desired import DesiredEntry, Wanted, resolve_for
from aidokit.reconcile.read.ownership import Record, entry_digest
from aidokit.reconcile.read.world import TargetFile, state_location

HOST = Host(project=Path("/nonexistent/p"), home=Path("/nonexistent/h"), os="linux", environ={})
CLAUDE, CURSOR, GEMINI = ADAPTERS["claude-code"], ADAPTERS["cursor"], ADAPTERS["gemini-cli"]
CONTEXT = DiffContext(HOST, NO_RECORDS, ())
(GIT,), _ = resolve_for(CLAUDE, [Wanted(ENTRIES_BY_ID["git"], "added", True, ())])


def _file(
    servers: dict[str, object] | None,
    records: tuple[Record, ...] = (),
    adapter: str = "claude-code",
) -> TargetFile:
    """An adapter's project file holding `servers` (None: no file yet)."""
    harness = ADAPTERS[adapter]
    location = harness.location(Scope.PROJECT, HOST)
    assert location is not None
    raw = None if servers is None else json.dumps({"mcpServers": servers}).encode()
    state_path, record_path = state_location(location, HOST)
    document = Document(location.path, location.fmt, raw)
    return TargetFile(
        harness, location, state_path, record_path, record_path, document, None, records
    )


def _record(name: str, entry: dict[str, object], id: str = "git") -> Record:
    return Record(
        adapter="claude-code",
        path=".mcp.json",
        name=name,
        id=id,
        digest=entry_digest(entry),
        identity=identity_of(CLAUDE, entry),
    )


def _actions(changes: object) -> list[tuple[Action, str]]:
    return [(c.action, c.name) for c in changes]  # type: ignore[attr-defined]


# diff_file ------------------------------------------------------------------------------


def test_diff_file_creates_keeps_and_conflicts() -> None:
    """Missing: create; recorded and equal: no-op; same name not aido's: conflict."""
    assert _actions(diff_file(_file(None), [GIT], HOST, {}, NO_RECORDS).changes) == [
        (Action.CREATE, "git")
    ]
    owned = _file({"git": GIT.entry}, (_record("git", GIT.entry),))
    converged = diff_file(owned, [GIT], HOST, {}, NO_RECORDS)
    assert _actions(converged.changes) == [(Action.NOOP, "git")] and not converged.actionable
    assert converged.digest == owned.document.digest  # type: ignore[union-attr]
    by_hand = diff_file(_file({"git": {"command": "git-mcp"}}), [GIT], HOST, {}, NO_RECORDS)
    assert _actions(by_hand.changes) == [(Action.CONFLICT, "git")]


def test_diff_file_deletes_an_owned_entry_no_longer_desired_saying_why() -> None:
    """`gone` gives the reason; without it, no longer desired."""
    owned = _file({"git": GIT.entry}, (_record("git", GIT.entry),))
    (skipped,) = diff_file(
        owned, [], HOST, {"git": (Reason.SKIPPED, "aido.toml")}, NO_RECORDS
    ).changes
    assert (skipped.action, skipped.why) == (Action.DELETE, Reason.SKIPPED)
    (dropped,) = diff_file(owned, [], HOST, {}, NO_RECORDS).changes
    assert dropped.why == Reason.NO_LONGER_DESIRED


def test_a_file_that_cannot_be_read_is_the_files_error() -> None:
    unreadable = _file(None)._replace(document=None, error="not JSON")
    assert diff_file(unreadable, [GIT], HOST, {}, NO_RECORDS).error == "not JSON"


def test_a_file_gone_since_aido_wrote_it_forgets_its_records() -> None:
    """Recorded but missing: planned afresh, its records dropped, the plan says so."""
    gone = _file(None, (_record("git", GIT.entry),))
    file = diff_file(gone, [GIT], HOST, {}, NO_RECORDS)
    assert file.forget == ("git",) and _actions(file.changes) == [(Action.CREATE, "git")]
    assert "no longer exists: aido forgets its 1 ownership record there (git)" in file.notes[-1]


# what each kind of file says ----------------------------------------------------------------


def test_diff_orphan_deletes_what_aido_owns_saying_the_file_is_no_longer_targeted() -> None:
    orphan = _file({"git": GIT.entry}, (_record("git", GIT.entry),))._replace(
        orphaned="not-targeted"
    )
    (change,) = diff_orphan(orphan, CONTEXT).changes
    assert (change.action, change.why, change.detail) == (
        Action.DELETE,
        Reason.NOT_TARGETED,
        "claude-code",
    )


def test_diff_shared_adds_scoping_notes_and_the_earlier_steps_notes_once() -> None:
    """The shared file takes what scoping placed, its notes, and the native policy's
    notes (each once)."""
    placed = Placement([GIT])
    placed.notes = ["a scoping note"]
    file = diff_shared(
        _file(None),
        placed,
        {},
        CONTEXT,
        notes=("policy note", "a scoping note"),
        selected={},
    )
    assert _actions(file.changes) == [(Action.CREATE, "git")]
    assert file.notes[-2:] == ("a scoping note", "policy note") and not file.scoped


def test_diff_agent_never_creates_an_agent_file() -> None:
    """Entries placed for an agent whose file is gone: nothing planned, the file is agent's."""
    placed = Placement()
    placed.agents = {"qa": [GIT]}
    path = HOST.project / ".gemini/agents/qa.md"
    location = Location("gemini-cli", Scope.PROJECT, path, Format.MARKDOWN, ("mcp_servers",))
    state_path, record_path = state_location(location, HOST)
    missing = TargetFile(
        GEMINI,
        location,
        state_path,
        record_path,
        ".gemini/agents/qa.md",
        Document(location.path, location.fmt, None),
        None,
        (),
        agent="qa",
    )
    file = diff_agent(missing, placed, {}, CONTEXT)
    assert file.changes == () and file.agent == "qa" and file.scoped


def test_diff_companion_says_the_native_policys_notes() -> None:
    side = CompanionFile(_file(None)._replace(companion="settings"), [], ("cannot say X",))
    file = diff_companion(side, CONTEXT)
    assert file.companion == "settings" and file.notes == ("cannot say X",)


def test_only_removals_keeps_the_deletions_of_the_named_ids() -> None:
    owned = _file({"git": GIT.entry, "x": {"command": "x"}}, (_record("git", GIT.entry),))
    file = diff_file(owned, [], HOST, {}, NO_RECORDS)
    assert _actions(only_removals(file, ["git"]).changes) == [(Action.DELETE, "git")]
    assert only_removals(file, ["other"]).changes == ()


def test_a_deprecated_entry_going_says_what_replaces_it() -> None:
    """An owned entry of a deprecated catalog entry goes "deprecated, use X"."""
    puppeteer = ENTRIES_BY_ID["puppeteer"]
    owned = _file(
        {"puppeteer": {"command": "npx"}},
        (_record("puppeteer", {"command": "npx"}, id="puppeteer"),),
    )
    file = deprecation_reasons(diff_file(owned, [], HOST, {}, NO_RECORDS), [puppeteer])
    (change,) = file.changes
    assert change.why == Reason.DEPRECATED and change.detail == (puppeteer.replaced_by or "")


def test_role_scoping_note_says_how_roles_are_enforced_where_the_harness_cannot_scope() -> None:
    """Cursor writes an entry with roles but cannot scope: one note; scoping: none."""
    scoped = DesiredEntry("git", "git", GIT.entry, "r", ("tester",), False)
    file = diff_file(_file(None, adapter="cursor"), [scoped], HOST, {}, NO_RECORDS)
    (note,) = role_scoping_note(file, CURSOR, scoping=False).notes[-1:]
    assert note.startswith("role scoping not supported by cursor")
    assert role_scoping_note(file, CURSOR, scoping=True) == file


def test_outside_policy_lists_hand_written_entries_a_layer_refuses() -> None:
    """An entry aido did not write that a deny rule names is listed, left alone; aido's
    own entries and a project without policy list nothing."""
    layer = PolicyLayer("/etc/aido/policy.toml", "managed", None, (parse_rule("memory"),),
                        True, False)  # fmt: skip
    memory = {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}
    files = [_file({"memory": memory, "git": GIT.entry}, (_record("git", GIT.entry),))]
    (found,) = outside_policy(files, (layer,), HOST, [ENTRIES_BY_ID["memory"]])
    assert (found.name, found.found, found.rule) == ("memory", "hand-written", "deny rule 'memory'")
    assert outside_policy(files, (), HOST, []) == ()
    owned = [_file({"memory": memory}, (_record("memory", memory, id="memory"),))]
    assert outside_policy(owned, (layer,), HOST, []) == ()
