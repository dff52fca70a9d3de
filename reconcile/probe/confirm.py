"""Typed confirmations for probes (SPEC §7): the same store and binding as `aido apply`'s.

A probe of an entry aido does not vouch for runs only after the user types its id
at a terminal, after seeing what it runs and where it is configured; the
confirmation is stored bound to each entry's exact content, so an edited entry
asks again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from aidokit.catalog.errors import no_commands, printable
from aidokit.reconcile.core.terminal import Terminal
from aidokit.reconcile.gate.confirmations import ConfirmationStore
from aidokit.reconcile.probe.targets import Probe


def confirm_probes(
    terminal: Terminal, probes: Sequence[Probe], environ: Mapping[str, str], project: Path
) -> None:
    """Ask for each probe in turn; store the confirmations typed."""
    store = ConfirmationStore.load(environ, project)
    for probe in probes:
        terminal.write(describe(probe))
        asked = f"Type '{printable(probe.id)}' to run it (anything else skips it): "
        answer = terminal.ask(no_commands(asked))
        if answer != probe.id:
            continue
        store = store.confirm(use.target for use in probe.uses if use.sensitive)
        store.save()


def describe(probe: Probe) -> str:
    """What a probe runs and which entries it stands for, as the files write it: references
    to variables, never their values (SPEC §7)."""
    launch = probe.launch
    why = next(use.sensitive for use in probe.uses if use.sensitive)
    # ensure_ascii: control, bidi and look-alike characters show as \\u escapes.
    if launch.transport == "stdio":
        argv = list(launch.shown) or [launch.command, *launch.args]
        runs = "runs " + json.dumps(argv, ensure_ascii=True)
    else:
        url = launch.shown[0] if launch.shown else launch.url
        runs = "connects to " + json.dumps(url, ensure_ascii=True)
    lines = [
        "",
        f"'{probe.id}': {why}. Probing it {runs} with your permissions,",
        "as configured in:",
        *(f"  {use.file} ({use.adapter}): {json.dumps(use.name, ensure_ascii=True)}"
          for use in probe.uses),
    ]  # fmt: skip
    return no_commands("\n".join(printable(line) for line in lines) + "\n")
