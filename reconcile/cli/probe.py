"""`aido doctor --probe [ID...]`: gather the probes, confirm, run, report."""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from aidokit.reconcile.cli.commands import gather_inputs
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.probe.prepare import Settings, prepare
from aidokit.reconcile.probe.targets import FAILURES, Job, Probe, Result, probes_of
from aidokit.reconcile.read.world import World, read_world

INSTALL_HINT = (
    "aido doctor --probe needs the MCP Python SDK, which aido installs only on request: "
    "pip install 'aidokit[probe]' (or pipx inject aidokit mcp), then run it again"
)


def run_probe(args: argparse.Namespace) -> int:
    """Probe the targeted servers; exit 1 when any of them does not work as configured."""
    if not sdk_installed():
        raise ConfigError(INSTALL_HINT)
    world = read_world(gather_inputs(args))
    probes = probes_of(world, args.probe)
    _check_named(world, args.probe, probes)
    _ask(probes, _settings(world, offline=args.offline), world)
    settings = _settings(world, offline=args.offline)  # with what was just confirmed
    ready = [prepare(probe, settings) for probe in probes]
    jobs = [item for item in ready if isinstance(item, Job)]
    results = _run(jobs, args, ready)
    from aidokit.reconcile.read.tool_lists import remember
    from aidokit.reconcile.show.probe import render_probes, render_probes_json

    remember(results, world.inputs.host.environ, world.inputs.host.project)
    print(render_probes_json(results) if args.json else render_probes(results), end="")
    return 1 if any(result.status in FAILURES for result in results) else 0


def sdk_installed() -> bool:
    """Whether the MCP Python SDK (the `probe` extra) can be imported."""
    return importlib.util.find_spec("mcp") is not None


def _run(jobs: list[Job], args: argparse.Namespace, ready: Sequence[Job | Result]) -> list[Result]:
    """Run the jobs; the results in probe order, those decided beforehand included."""
    from aidokit.reconcile.probe import runner

    stream = sys.stderr
    show = not args.json and stream.isatty() and bool(jobs)
    progress = _progress(stream) if show else None
    done = iter(runner.run_all(jobs, timeout=args.timeout, parallel=args.jobs, progress=progress))
    if show:
        stream.write("\r\x1b[K")
        stream.flush()
    return [next(done) if isinstance(item, Job) else item for item in ready]


def _progress(stream: TextIO) -> Callable[[dict[str, float], int, int], None]:
    def show(running: dict[str, float], done: int, total: int) -> None:
        from aidokit.catalog.errors import printable

        busy = ", ".join(f"{printable(name)} {seconds:.0f}s" for name, seconds in running.items())
        line = f"probing {done}/{total} done" + (f": {busy}" if busy else "")
        stream.write("\r\x1b[K" + line[:120])
        stream.flush()

    return show


def _check_named(world: World, ids: Sequence[str], probes: list[Probe]) -> None:
    """Every id named must be an entry of a targeted file."""
    found = {name for probe in probes for use in probe.uses for name in (use.id, use.name)}
    unknown = [i for i in ids if i not in found]
    if unknown:
        files = ", ".join(target.shown for target in world.files) or "no files"
        raise ConfigError(
            f"no entry {', '.join(repr(i) for i in unknown)} in the targeted files ({files}); "
            "aido doctor --probe names entries by their id or their name in the file"
        )


def _settings(world: World, *, offline: bool) -> Settings:
    from aidokit.reconcile.trust.confirmations import ConfirmationStore

    host = world.inputs.host
    store = ConfirmationStore.load(host.environ, host.project)
    scope = world.inputs.scope.value
    flag = "" if scope == "project" else f" --scope {scope}"
    return Settings(host.project, offline, store.covers, flag, home=host.home)


def _ask(probes: list[Probe], settings: Settings, world: World) -> None:
    """At a terminal, ask for the confirmations probes lack, as `aido apply` would."""
    from aidokit.reconcile.probe.targets import allowed

    waiting = [p for p in probes if p.launch.problem is None and not allowed(p, settings.confirmed)]
    if not waiting:
        return
    from aidokit.reconcile.core.terminal import open_terminal

    terminal = open_terminal()
    if terminal is None:
        return  # each is reported `skipped`, with the command that asks
    from aidokit.reconcile.probe.confirm import confirm_probes

    try:
        confirm_probes(terminal, waiting, os.environ, world.inputs.host.project)
    finally:
        terminal.close()
