"""`aido doctor --probe [ID...]`: gather the probes, confirm, run, report."""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from aidokit.catalog.entries import ENTRIES_BY_ID
from aidokit.catalog.errors import printable
from aidokit.catalog.spelling import maybe
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.gate.confirmations import ConfirmationStore
from aidokit.reconcile.probe import pinning
from aidokit.reconcile.probe.confirm import confirm_probes
from aidokit.reconcile.probe.pinning import keep
from aidokit.reconcile.probe.prepare import Settings, prepare
from aidokit.reconcile.probe.render import render_probes, render_probes_json
from aidokit.reconcile.probe.targets import FAILURES, Job, Probe, Result, allowed, probes_of
from aidokit.reconcile.probe.tool_cache import remember
from aidokit.reconcile.read.choices.layers import pins_path
from aidokit.reconcile.read.choices.lockfile import load_lock
from aidokit.reconcile.read.world import Inputs, World, read_world

if TYPE_CHECKING:
    from aidokit.reconcile.probe.pinning import PinCheck

# How the command line turns its arguments into inputs (cli/plan_apply.py's gather_inputs):
# the CLI passes it in, so this package sits below cli/ (tests/test_layers.py).
Gather = Callable[[argparse.Namespace], Inputs]

INSTALL_HINT = (
    "aido doctor --probe needs the MCP Python SDK, which aido installs only on request: "
    "pip install 'aidokit[probe]' (or pipx inject aidokit mcp), then run it again"
)


def run_probe(args: argparse.Namespace, gather: Gather) -> int:
    """Probe the targeted servers; exit 1 when any of them does not work as configured, or
    lists tools other than its pin in `aido.lock` (issue 53)."""
    world, results = probe_targets(args, args.probe, gather)

    checks = pin_checks(world, results)
    out = render_probes_json(results, checks) if args.json else render_probes(results, checks)
    print(out, end="")
    failing = any(check is not None and check.failing for check in checks)
    return 1 if failing or any(result.status in FAILURES for result in results) else 0


def probe_targets(
    args: argparse.Namespace, ids: Sequence[str], gather: Gather
) -> tuple[World, list[Result]]:
    """Read the world, confirm, and probe the targeted servers (or `ids`)."""
    if not sdk_installed():
        raise ConfigError(INSTALL_HINT)
    world = read_world(gather(args))
    probes = probes_of(world, ids)
    _check_named(world, ids, probes)
    _ask(probes, _settings(world, offline=args.offline), world)
    settings = _settings(world, offline=args.offline)  # with what was just confirmed
    ready = [prepare(probe, settings) for probe in probes]
    jobs = [item for item in ready if isinstance(item, Job)]
    results = _run(jobs, args, ready)
    remember(results, world.inputs.host.environ, world.inputs.host.project)
    keep(results, world.inputs.host.environ, world.inputs.host.project)
    return world, results


def pins_lock(world: World) -> Path:
    """The lock that keeps the tool pins of the world's scope."""
    return pins_path(world.inputs.host, world.inputs.scope)


def pin_checks(world: World, results: list[Result]) -> list[PinCheck | None]:
    """Each result against its tool pin (None for a probe that listed no tools)."""
    lock = load_lock(pins_lock(world))
    pins = lock.tools if lock is not None else {}
    host = world.inputs.host
    return [pinning.check(result, pins, host.environ, host.project) for result in results]


def sdk_installed() -> bool:
    """Whether the MCP Python SDK (the `probe` extra) can be imported."""
    return importlib.util.find_spec("mcp") is not None


def _run(jobs: list[Job], args: argparse.Namespace, ready: Sequence[Job | Result]) -> list[Result]:
    """Run the jobs; the results in probe order, those decided beforehand included."""
    from aidokit.reconcile.probe import runner  # noqa: PLC0415 (reconcile.probe.runner imports mcp, heavy)

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
        every = {name for p in probes_of(world) for use in p.uses for name in (use.id, use.name)}
        files = ", ".join(target.shown for target in world.files) or "no files"
        raise ConfigError(
            f"no entry {', '.join(repr(i) for i in unknown)}"
            f"{maybe(unknown[0], every or ENTRIES_BY_ID)} in the targeted files ({files}); "
            "aido doctor --probe names entries by their id or their name in the file"
        )


def _settings(world: World, *, offline: bool) -> Settings:
    host = world.inputs.host
    store = ConfirmationStore.load(host.environ, host.project)
    scope = world.inputs.scope.value
    flag = "" if scope == "project" else f" --scope {scope}"
    return Settings(host.project, offline, store.covers, flag, home=host.home)


def _ask(probes: list[Probe], settings: Settings, world: World) -> None:
    """At a terminal, ask for the confirmations probes lack, as `aido apply` would."""
    waiting = [p for p in probes if p.launch.problem is None and not allowed(p, settings.confirmed)]
    if not waiting:
        return
    from aidokit.reconcile.core.terminal import open_terminal  # noqa: PLC0415 (looked up when called: tests replace it)

    terminal = open_terminal()
    if terminal is None:
        return  # each is reported `skipped`, with the command that asks

    try:
        confirm_probes(terminal, waiting, os.environ, world.inputs.host.project)
    finally:
        terminal.close()
