"""The plan's steps over the whole project (reconcile/plan/wanted.py), each alone on small
values: select, pin, the lock's change, override, budget, unset references, take out."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from aidokit.adapters.base import Host
from aidokit.adapters.budget import Budget
from aidokit.catalog.entries import ENTRIES_BY_ID
from aidokit.catalog.models import StdioSpec
from aidokit.reconcile.core.atomic import ABSENT
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.plan.model import Reason
from aidokit.reconcile.plan.wanted import (
    Desired,
    budget,
    lock_after,
    override,
    pin_to_locks,
    select,
    take_out,
    unset_for_new,
    warn_unset,
)
from aidokit.reconcile.read.choices.config import validate_config
from aidokit.reconcile.read.choices.custom import custom_server
from aidokit.reconcile.read.choices.lockfile import Lock, Locked
from aidokit.reconcile.read.choices.tool_pins import ToolPin
from aidokit.reconcile.read.desired import Wanted
from aidokit.reconcile.read.personal import Personal

GIT = Wanted(ENTRIES_BY_ID["git"], "added in aido.toml", explicit=True, roles=())
CONTEXT7 = Wanted(ENTRIES_BY_ID["context7"], "always", explicit=False, roles=())
HOST = Host(project=Path("/nonexistent/p"), home=Path("/nonexistent/h"), os="linux", environ={})


def _pinned_git(version: str) -> Lock:
    """A lock pinning git's package at `version`."""
    spec = StdioSpec(command="uvx", args=(f"mcp-server-git=={version}",))
    return Lock({"git": Locked("git", "catalog", {}, spec)})


def _tool_pin(*tools: str) -> ToolPin:
    return ToolPin("sha256:0", "git", len(tools), {tool: {} for tool in tools})


def _git_args(desired: Desired) -> tuple[str, ...]:
    (git,) = [w for w in desired.wanted if w.server.id == "git"]
    spec = git.server.install["stdio"]
    assert isinstance(spec, StdioSpec)
    return spec.args


# select ---------------------------------------------------------------------------------


def test_select_carries_the_chosen_servers_and_says_why_a_skipped_one_goes() -> None:
    """Each skipped id goes as skipped, naming the layer file that skips it."""
    desired = select([GIT], ["a note"], ["memory", "fetch"], {"skip:memory": "aido.local.toml"})
    assert desired.wanted == (GIT,) and desired.notes == ("a note",)
    assert desired.gone == {
        "memory": (Reason.SKIPPED, "aido.local.toml"),
        "fetch": (Reason.SKIPPED, "aido.toml"),
    }


# pin ------------------------------------------------------------------------------------


def test_pin_renders_a_catalog_entry_from_its_lock() -> None:
    """The lock's spec replaces the catalog's; without a lock nothing moves."""
    desired = Desired((GIT, CONTEXT7))
    assert pin_to_locks(desired, None, None, ()) == desired
    pinned = pin_to_locks(desired, _pinned_git("2025.1.1"), None, ())
    assert _git_args(pinned) == ("mcp-server-git==2025.1.1",)
    assert pinned.wanted[1] == CONTEXT7


def test_pin_takes_the_persons_pins_then_the_teams() -> None:
    """At local scope a person's own pin renders their addition; the team's lock pins
    what the team has, over theirs."""
    mine = pin_to_locks(Desired((GIT,)), None, _pinned_git("2.0.0"), ())
    assert _git_args(mine) == ("mcp-server-git==2.0.0",)
    both = pin_to_locks(Desired((GIT,)), _pinned_git("1.0.0"), _pinned_git("2.0.0"), ())
    assert _git_args(both) == ("mcp-server-git==1.0.0",)


def test_pin_leaves_an_upgraded_entry_at_the_catalogs_spec() -> None:
    """`aido upgrade git`: the catalog's spec, the version change as its reason."""
    (git,) = pin_to_locks(Desired((GIT,)), _pinned_git("1.0.0"), None, ["git"]).wanted
    assert git.server == GIT.server and git.why == Reason.UPGRADE
    assert "mcp-server-git==1.0.0 ->" in git.detail


# the lock's change ------------------------------------------------------------------------


def test_the_lock_changes_only_where_this_scope_keeps_one() -> None:
    """No team path and no person's pins file: no lock; a team path: a line per new pin."""
    none = lock_after(
        Desired((GIT,)),
        team=None,
        team_path=None,
        personal=None,
        team_digest=ABSENT,
        upgrade=(),
        baselines={},
    )
    assert none is None
    change = lock_after(
        Desired((GIT,)),
        team=None,
        team_path="/p/aido.lock",
        personal=None,
        team_digest=ABSENT,
        upgrade=(),
        baselines={},
    )
    assert change is not None and change.path == "/p/aido.lock" and not change.exists
    assert change.changes == ("+ git: pypi:mcp-server-git==2026.10.19",)


def test_a_persons_pins_go_to_their_own_file_only_when_they_have_one() -> None:
    """Local scope: the person's additions are pinned in their own file, never aido.lock."""
    mine = Personal([], (), None, lock=None, lock_digest=ABSENT, lock_path=Path("/s/pins.lock"))
    change = lock_after(
        Desired((GIT,)),
        team=None,
        team_path=None,
        personal=mine,
        team_digest=ABSENT,
        upgrade=(),
        baselines={},
    )
    assert change is not None and change.path == "/s/pins.lock"
    nothing = lock_after(
        Desired(()),
        team=None,
        team_path=None,
        personal=mine,
        team_digest=ABSENT,
        upgrade=(),
        baselines={},
    )
    assert nothing is None


# override -------------------------------------------------------------------------------


def test_override_customises_an_entry_and_sets_its_budget() -> None:
    """`[override.git]` args are appended, its reason names the file; the budget is asked."""
    config = validate_config(
        {"override": {"git": {"args": ["--repository", "."], "exclude_tools": ["git_reset"]}}}
    )
    desired = Desired((GIT, CONTEXT7))
    assert override(desired, validate_config({}), {}) is desired
    git, context7 = override(desired, config, {"override:git": "aido.local.toml"}).wanted
    assert _git_args(Desired((git,)))[-2:] == ("--repository", ".")
    assert git.detail.endswith("customised by [override.git] in aido.local.toml")
    assert git.budget.exclude == ("git_reset",)
    assert context7 == CONTEXT7


# budget ---------------------------------------------------------------------------------


def test_budget_knows_the_tools_a_pin_lists_before_the_probes() -> None:
    """A tool pin's list wins over the probe's cache; an entry without a budget is kept."""
    asks = GIT._replace(budget=Budget(exclude=("git_reset",)))
    pins = Lock(tools={"git": {"uvx mcp-server-git": _tool_pin("git_log", "git_reset")}})
    probed = {"git": ("git_status",), "context7": ("resolve",)}
    assert budget(Desired((GIT,)), probed, pins, {}) == Desired((GIT,))
    git, context7 = budget(Desired((asks, CONTEXT7)), probed, pins, {}).wanted
    assert git.budget.known == ("git_log", "git_reset")
    assert context7.budget.known == ("resolve",)
    (from_probe,) = budget(Desired((asks,)), probed, None, {}).wanted
    assert from_probe.budget.known == ("git_status",)


def test_budget_refuses_a_tool_the_pin_does_not_list() -> None:
    """A misspelt tool name fails the plan, naming the file of the override."""
    asks = GIT._replace(agent_budgets={"qa": Budget(tools=("git_lgo",))})
    pins = Lock(tools={"git": {"uvx mcp-server-git": _tool_pin("git_log")}})
    with pytest.raises(ConfigError, match=r"aido.local.toml \[override.git.agents.qa\] tools"):
        budget(Desired((asks,)), {}, pins, {"override:git": "aido.local.toml"})


# unset references -------------------------------------------------------------------------


def test_a_custom_servers_unset_secret_reference_is_said() -> None:
    """A `${TOKEN}` the harness would start the server without gets a note; a set one none."""
    config = validate_config(
        {"custom": {"api": {"url": "https://x.test/mcp", "headers": {"Authorization": "${TOKEN}"}}}}
    )
    custom = Wanted(custom_server("api", config.custom["api"]), "custom", True, ())
    (note,) = warn_unset(Desired((custom,), ("first",)), HOST).notes[1:]
    assert note.startswith("api: set TOKEN in the environment the harness starts in")
    set_here = dataclasses.replace(HOST, environ={"TOKEN": "t"})
    assert warn_unset(Desired((custom,)), set_here).notes == ()


NEEDS_A_SECRET = sorted(
    entry.id for entry in ENTRIES_BY_ID.values() if any(v.secret and v.required for v in entry.env)
)


@pytest.mark.parametrize("entry_id", NEEDS_A_SECRET)
def test_a_suggested_server_that_needs_an_unset_secret_is_said_when_added(entry_id: str) -> None:
    """A server aido suggests (a stack pack, a trigger) that cannot start without a secret
    not set here: the plan that adds it names each such variable and both fixes (its `+`
    line says why it is there); none once it is there (a drift check has no tokens), none
    for one the project named itself (doctor says it), none with the secret set."""
    entry = ENTRIES_BY_ID[entry_id]
    needs = [v.name for v in entry.env if v.secret and v.required]
    suggested = Wanted(entry, "stack pack go recommends it (go.mod)", False, ())
    (note,) = unset_for_new(Desired((suggested,)), HOST, {entry_id})
    assert note.startswith(f"{entry_id} needs "), note
    for name in needs:
        assert name in note
    assert note.endswith(f"or add {entry_id!r} to [mcp] skip"), note
    assert unset_for_new(Desired((suggested,)), HOST, set()) == []
    named = suggested._replace(explicit=True)
    assert unset_for_new(Desired((named,)), HOST, {entry_id}) == []
    set_here = dataclasses.replace(HOST, environ=dict.fromkeys(needs, "x"))
    assert unset_for_new(Desired((suggested,)), set_here, {entry_id}) == []


# take out -------------------------------------------------------------------------------


def test_take_out_drops_the_removed_ids_and_says_they_come_back() -> None:
    """`aido remove git`: git goes as removed; still desired, so the plan warns."""
    desired = Desired((GIT, CONTEXT7), ("n",), {"memory": (Reason.SKIPPED, "aido.toml")})
    out = take_out(desired, ["git"], "aido remove")
    assert out.wanted == (CONTEXT7,)
    assert out.gone == {
        "memory": (Reason.SKIPPED, "aido.toml"),
        "git": (Reason.REMOVED, "aido remove"),
    }
    assert out.notes[0] == "n" and "'git' is still desired (added in aido.toml)" in out.notes[1]
    assert take_out(desired, ["git"], None).gone == desired.gone
