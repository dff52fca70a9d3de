"""The plan's steps for one adapter before scoping (reconcile/plan/render.py), each alone
on small values: admit by policy, render, native policy, split by file."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Companion, Format, Host, Location, Scope
from aidokit.catalog.entries import ENTRIES_BY_ID
from aidokit.reconcile.core.errors import PolicyError
from aidokit.reconcile.documents import Document
from aidokit.reconcile.plan.model import Reason
from aidokit.reconcile.plan.planner import POLICY_ID
from aidokit.reconcile.plan.render import admit, by_file, in_file, native_policy, no_file, render
from aidokit.reconcile.policy.layers import PolicyLayer
from aidokit.reconcile.policy.rules import parse_rule
from aidokit.reconcile.read.choices.config import LoadedConfig, ProjectConfig, validate_config
from aidokit.reconcile.read.desired import DesiredEntry, Wanted
from aidokit.reconcile.read.personal import Personal
from aidokit.reconcile.read.world import Inputs, TargetFile, state_location

HOST = Host(project=Path("/nonexistent/p"), home=Path("/nonexistent/h"), os="linux", environ={})
CLAUDE, GEMINI = ADAPTERS["claude-code"], ADAPTERS["gemini-cli"]
GIT = Wanted(ENTRIES_BY_ID["git"], "added in aido.toml", explicit=True, roles=())
MEMORY = Wanted(ENTRIES_BY_ID["memory"], "suggested", explicit=False, roles=())
CONFIG = ProjectConfig()


def _layer(*deny: str, write_native: bool = False) -> PolicyLayer:
    rules = tuple(parse_rule(text) for text in deny)
    return PolicyLayer("/etc/aido/policy.toml", "managed", None, rules, True, write_native)


def _inputs(scope: Scope = Scope.PROJECT, policy: tuple[PolicyLayer, ...] = ()) -> Inputs:
    loaded = LoadedConfig(CONFIG, HOST.project / "aido.toml", True)
    return Inputs(HOST, loaded, scope, (CLAUDE, GEMINI), (), policy=policy)


def _entry(name: str, *companions: Companion) -> DesiredEntry:
    return DesiredEntry(name, name, {"command": name}, "r", (), False, budget_companions=companions)


# no file --------------------------------------------------------------------------------


def test_an_adapter_without_a_file_here_is_said_unless_not_installed() -> None:
    """One line for a harness with no file in this scope; none for one not installed."""
    assert no_file(GEMINI, Scope.LOCAL, None, ()) == [
        "gemini-cli has no local scope; nothing to do there"
    ]
    assert no_file(GEMINI, Scope.USER, None, ("gemini-cli",)) == []
    person = Personal([GIT], (), None)
    assert "gemini-cli" in no_file(GEMINI, Scope.LOCAL, person, ())[0]


# admit by policy --------------------------------------------------------------------------


def test_without_a_policy_every_entry_is_admitted() -> None:
    assert admit([GIT, MEMORY], CLAUDE, (), CONFIG) == ([GIT, MEMORY], [], {}, [])


def test_a_refused_suggestion_is_left_out_and_its_owned_copy_goes() -> None:
    """A suggested entry the policy denies: a note naming the rule, and why it goes."""
    admitted = admit([GIT, MEMORY], CLAUDE, (_layer("memory"),), CONFIG)
    assert admitted.wanted == [GIT]
    (note,) = admitted.notes
    assert note.startswith("memory: left out of claude-code: policy refuses 'memory'")
    assert admitted.gone["memory"][0] is Reason.OUTSIDE_POLICY


def test_a_refused_entry_the_project_named_stops_the_plan() -> None:
    with pytest.raises(PolicyError, match="policy refuses 'git': deny rule 'pypi:mcp-server-git'"):
        admit([GIT], CLAUDE, (_layer("pypi:mcp-server-git"),), CONFIG)


# render -----------------------------------------------------------------------------------


def test_render_gives_each_server_as_the_harness_writes_it() -> None:
    """One entry per server; an entry meant for other harnesses only is left out, said."""
    only_codex = MEMORY._replace(adapters=("codex",))
    rendered = render(CLAUDE, [GIT, only_codex], _inputs(), None)
    assert [e.name for e in rendered.entries] == ["git"]
    assert rendered.entries[0].entry["command"] == "uvx"
    assert rendered.notes == [
        "memory: not written to claude-code: aido.toml writes it only to codex (its adapters list)"
    ]


def test_render_adds_a_switch_for_each_team_server_the_person_turns_off() -> None:
    """Local scope: a team server switched off is a companion-only entry (Claude Code's
    `disabledMcpjsonServers`); a harness without such a switch says so instead."""
    person = Personal([], ("memory",), None)
    (switch,) = render(CLAUDE, [], _inputs(Scope.LOCAL), person).entries
    assert switch.companions_only and switch.why == Reason.SWITCHED_OFF
    assert switch.budget_companions[0].value == "memory"
    said = render(GEMINI, [], _inputs(Scope.LOCAL), person)
    assert said.entries == [] and "no per-person switch" in said.notes[0]


# native policy ----------------------------------------------------------------------------


def test_native_policy_goes_beside_the_servers_where_the_harness_keeps_it() -> None:
    """Gemini CLI at user scope: the policy's items join the entries of its own file;
    at project scope, without write_native, or with `aido remove policy`: nothing."""
    layer = _layer("memory", write_native=True)
    entries = [_entry("git")]
    with_policy, _ = native_policy(GEMINI, entries, _inputs(Scope.USER, (layer,)), native=True)
    assert [e.name for e in with_policy] == ["git", POLICY_ID]
    assert with_policy[1].why == Reason.NATIVE_POLICY
    assert any(c.value == "memory" for c in with_policy[1].budget_companions)
    for inputs, native in (
        (_inputs(Scope.PROJECT, (layer,)), True),
        (_inputs(Scope.USER, (_layer("memory"),)), True),
        (_inputs(Scope.USER, (layer,)), False),
    ):
        assert native_policy(GEMINI, entries, inputs, native=native) == (entries, ())


def test_native_policy_leaves_a_harness_with_companion_files_to_by_file() -> None:
    """Claude Code keeps its policy in its settings file: nothing joins its own file."""
    layer = _layer("memory", write_native=True)
    entries = [_entry("git")]
    assert native_policy(CLAUDE, entries, _inputs(Scope.USER, (layer,)), native=True) == (
        entries,
        (),
    )


# split by file ----------------------------------------------------------------------------


def _settings(records: bool = False) -> TargetFile:
    path = HOST.project / ".claude/settings.json"
    location = Location("claude-code", Scope.PROJECT, path, Format.JSON, ())
    state_path, record_path = state_location(location, HOST)
    document = Document(location.path, location.fmt, None)
    return TargetFile(
        CLAUDE,
        location,
        state_path,
        record_path,
        record_path,
        document,
        None,
        (),
        companion="settings",
    )


def test_by_file_moves_each_companion_to_the_file_it_lives_in() -> None:
    """A companion naming the settings file goes there; the rest stay in the own file."""
    here = Companion(("x",), "a", 1)
    there = Companion(("permissions", "deny"), "b", 2, file="settings")
    entries = [_entry("git", here, there), _entry("memory")]
    own, sides = by_file(CLAUDE, entries, [_settings()], _inputs(), native=True)
    assert [in_file(e, None) for e in own] == [(here,), ()]
    assert [e.budget_companions for e in own] == [(here,), ()]
    (side,) = sides
    assert [(e.name, e.budget_companions) for e in side.entries] == [("git", (there,))]


def test_a_companion_file_with_nothing_of_aidos_is_left_out() -> None:
    """No item wanted, no record, no policy note: the file is not aido's business."""
    own, sides = by_file(CLAUDE, [_entry("git")], [_settings()], _inputs(), native=True)
    assert [e.name for e in own] == ["git"] and sides == []


def test_by_file_puts_the_native_policy_into_its_companion_file() -> None:
    """Claude Code at user scope: the policy's items go to its settings file."""
    layer = _layer("memory", write_native=True)
    inputs = _inputs(Scope.USER, (layer,))
    _, (side,) = by_file(CLAUDE, [], [_settings()], inputs, native=True)
    assert [e.name for e in side.entries] == [POLICY_ID]
    assert by_file(CLAUDE, [], [_settings()], inputs, native=False)[1] == []


def test_validate_config_is_enough_for_these_inputs() -> None:
    """The steps read only the values they are given: a config from a dict serves."""
    assert validate_config({"mcp": {"add": ["git"]}}).mcp.add == ("git",)
