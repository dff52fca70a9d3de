"""Where a person's choices land at local scope (SPEC §4, issue 49; read/personal.py).

Additions render into the harness's local server map like any entry. A team server the
person switches off becomes an item of the harness's own per-person switch
(`PersonalSwitch`), owned item by item like any companion. A harness with no per-person
place for the project gets one line saying so, and nothing is written there.
"""

from __future__ import annotations

from aidokit.adapters.base import Adapter, PersonalSwitch
from aidokit.reconcile.plan.model import Reason
from aidokit.reconcile.read.choices.config import LOCAL_CONFIG_NAME
from aidokit.reconcile.read.desired import DesiredEntry
from aidokit.reconcile.read.personal import NOWHERE, Personal


def nowhere(adapter: Adapter, personal: Personal) -> list[str]:
    """The one line for a harness that has no per-person file for this project, when the
    person has a choice to make there."""
    if not personal.wanted and not personal.off:
        return []
    return [NOWHERE.format(adapter=adapter.name)]


def with_switches(
    adapter: Adapter, desired: list[DesiredEntry], personal: Personal
) -> tuple[list[DesiredEntry], list[str]]:
    """`desired` with one switch per team server the person turns off, where the harness
    has a per-person switch; a line saying so where it has none."""
    if not personal.off:
        return desired, []
    if not isinstance(adapter, PersonalSwitch):
        ids = ", ".join(personal.off)
        return desired, [
            f"{adapter.name} has no per-person switch for the team's servers: {ids} stay on "
            "for you there; ask the team to change aido.toml"
        ]
    why = f"profile {personal.profile}" if personal.profile else LOCAL_CONFIG_NAME
    switches = [
        DesiredEntry(
            name=entry_id,
            id=entry_id,
            entry={},
            detail=why,
            roles=(),
            sensitive=False,
            budget_companions=(adapter.switch_off(entry_id),),
            companions_only=True,
            why=Reason.SWITCHED_OFF,
        )
        for entry_id in personal.off
    ]
    return [*desired, *switches], []
