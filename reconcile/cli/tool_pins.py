"""`aido upgrade --tools [ID...]`: probe, show what moved, and move the tool pins (issue 53).

The only command that writes a tool pin. It probes the targeted servers (or the
ids named) as `aido doctor --probe` does, shows each tool added, removed or
changed since the pin, then asks: `--yes` or a routine yes/no for a catalog
entry aido vouches for; a typed confirmation of its id, at a terminal, for any
other server (security-sensitive, custom, imported, hand-written) and for a
definition with hidden characters. A server whose confirmation is not typed
keeps its old pin. `aido.lock` is then written once, compared and swapped.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from aidokit.catalog.errors import printable
from aidokit.reconcile.cli.console import ask_yes_no
from aidokit.reconcile.cli.plan_apply import gather_inputs
from aidokit.reconcile.core import terminal as console
from aidokit.reconcile.core.atomic import current_digest
from aidokit.reconcile.core.errors import ConfigError, SecurityError
from aidokit.reconcile.probe.pinning import PinCheck, moved
from aidokit.reconcile.probe.render import render_probes, render_probes_json
from aidokit.reconcile.probe.run import pin_checks, pins_lock, probe_targets
from aidokit.reconcile.probe.targets import FAILURES
from aidokit.reconcile.read.choices.lockfile import Lock, load_lock, render_lock, write_lock


def run_tool_pins(args: argparse.Namespace) -> int:
    """Move the tool pins of what was probed; exit 1 when a targeted server failed."""
    if args.baseline:
        raise ConfigError("give --tools or --baseline, not both: each moves its own pins")
    world, results = probe_targets(args, args.ids, gather_inputs)
    checks = pin_checks(world, results)
    path = pins_lock(world)
    expected = current_digest(path)
    old = load_lock(path) or Lock()
    _table, moving = moved([c for c in checks if c is not None], old.tools)
    if not args.json:
        print(render_probes(results, checks, upgrade=True), end="")
    failed = any(result.status in FAILURES for result in results)
    if moving and args.frozen:
        ids = ", ".join(sorted({c.result.probe.id for c in moving}))
        raise ConfigError(
            f"{path.name} would change (--frozen): the tool pins of {ids}; run "
            "`aido upgrade --tools` without --frozen, review, and commit the lock"
        )
    accepted = _confirmed(moving, yes=args.yes, lock=path.name) if moving else []
    table, _ = moved(accepted, old.tools)
    if accepted:
        write_lock(path, render_lock(Lock(old.entries, old.baselines, table)), expected)
    moved_ids = sorted({c.result.probe.id for c in accepted})
    if args.json:
        print(render_probes_json(results, checks, moved=moved_ids), end="")
    elif moved_ids:
        names = ", ".join(moved_ids)
        print(f"{path.name}: moved the tool pins of {names}; commit it with the change")
    elif not moving:
        print(f"{path.name}: every tool pin is what its server lists; nothing moved")
    else:
        print(f"{path.name}: no tool pin moved (none was confirmed)")
    return 1 if failed else 0


def _confirmed(moving: Sequence[PinCheck], *, yes: bool, lock: str) -> list[PinCheck]:
    """The moves a person allowed: typed ids for the sensitive ones, yes for the rest."""
    typed = [c for c in moving if _needs_typing(c)]
    routine = [c for c in moving if not _needs_typing(c)]
    accepted: list[PinCheck] = []
    if typed:
        accepted += _typed(typed)
    if routine:
        names = ", ".join(sorted({c.result.probe.id for c in routine}))
        if yes or ask_yes_no(f"Move the tool pins of {names} in {lock}?"):
            accepted += routine
    return accepted


def _needs_typing(item: PinCheck) -> str | None:
    """Why moving this pin needs the id typed at a terminal; None when --yes may."""
    why = next((use.sensitive for use in item.result.probe.uses if use.sensitive), None)
    if why is not None:
        return why
    if item.unaccepted:
        return "its tools hold hidden characters"
    return None


def _typed(items: Sequence[PinCheck]) -> list[PinCheck]:
    """Ask for each id at the terminal, as `aido apply` asks for a sensitive entry."""
    term = console.open_terminal()
    ids = sorted({c.result.probe.id for c in items})
    if term is None:
        names = ", ".join(f"'{i}'" for i in ids)
        raise SecurityError(
            f"moving the tool pins of {names} needs a confirmation typed at an interactive "
            "terminal (--yes, environment variables and piped input cannot give it); run "
            "`aido upgrade --tools` in a terminal and type each id when asked; aido wrote nothing"
        )
    accepted: list[PinCheck] = []
    try:
        for entry in ids:
            mine = [c for c in items if c.result.probe.id == entry]
            why = next(reason for c in mine if (reason := _needs_typing(c)))
            name = printable(entry)
            term.write(f"\n'{name}': {why}, so moving its tool pin needs its id typed; "
                       "what moves is shown above.\n")  # fmt: skip
            answer = term.ask(f"Type '{name}' to move its tool pin (anything else keeps it): ")
            if answer == entry:
                accepted += mine
    finally:
        term.close()
    return accepted
