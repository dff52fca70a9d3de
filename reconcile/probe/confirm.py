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

from aidokit.reconcile.core.terminal import Terminal
from aidokit.reconcile.probe.targets import Probe
from aidokit.reconcile.trust.confirmations import ConfirmationStore


def confirm_probes(
    terminal: Terminal, probes: Sequence[Probe], environ: Mapping[str, str], project: Path
) -> None:
    """Ask for each probe in turn; store the confirmations typed."""
    store = ConfirmationStore.load(environ, project)
    for probe in probes:
        terminal.write(describe(probe))
        answer = terminal.ask(f"Type '{probe.id}' to run it (anything else skips it): ")
        if answer != probe.id:
            continue
        store = store.confirm(use.target for use in probe.uses if use.sensitive)
        store.save()


def describe(probe: Probe) -> str:
    """What a probe runs and which entries it stands for; values of variables are not shown."""
    launch = probe.launch
    why = next(use.sensitive for use in probe.uses if use.sensitive)
    if launch.transport == "stdio":
        # ensure_ascii: control, bidi and look-alike characters show as \\u escapes.
        runs = "runs " + json.dumps([launch.command, *launch.args], ensure_ascii=True)
    else:
        runs = "connects to " + json.dumps(launch.url, ensure_ascii=True)
    lines = [
        "",
        f"'{probe.id}': {why}. Probing it {runs} with your permissions,",
        "as configured in:",
        *(f"  {use.file} ({use.adapter}): {json.dumps(use.name, ensure_ascii=True)}"
          for use in probe.uses),
    ]  # fmt: skip
    return "\n".join(lines) + "\n"
