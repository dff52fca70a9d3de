"""`aido doctor`: a health report; exit 1 when anything is an error.

`aido doctor --probe [ID...]` also starts each targeted server as its harness
would and lists its tools (SPEC §7; reconcile/probe/).
"""

from __future__ import annotations

import argparse

from aidokit.reconcile.cli.console import output_width, want_colour
from aidokit.reconcile.cli.plan_apply import gather_inputs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `doctor`'s own options."""
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")
    parser.add_argument(
        "--probe",
        nargs="*",
        metavar="ID",
        help="start each targeted server (or the ids named) as its harness would and list its "
        "tools; this runs third-party code (docs/security.md)",
    )
    parser.add_argument(
        "--timeout",
        type=_seconds,
        default=20.0,
        metavar="SECONDS",
        help="with --probe: how long each server gets to answer (default 20)",
    )
    parser.add_argument(
        "--jobs",
        type=_count,
        default=4,
        metavar="N",
        help="with --probe: how many servers to probe at once (default 4)",
    )
    parser.add_argument(
        "--accept",
        action="store_true",
        help="with --probe: move the tool pins in aido.lock to what the servers list, after "
        "showing each change (the same as aido upgrade --tools ID...)",
    )
    parser.add_argument(
        "--yes",
        "-y",
        action="store_true",
        help="with --accept: move the pins of catalog entries aido vouches for without asking "
        "(others still need their id typed)",
    )
    parser.add_argument(
        "--offline",
        action="store_true",
        help="with --probe: package launchers use their caches only (npx, uvx, docker); "
        "remote servers are not contacted",
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"expected seconds between 0 and 3600, got {text!r}")
    return value


def _count(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 64:
        raise argparse.ArgumentTypeError(f"expected a number from 1 to 64, got {text!r}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    """Run `aido doctor`."""
    if args.accept or args.yes:
        from aidokit.reconcile.core.errors import ConfigError

        if args.probe is None or (args.yes and not args.accept):
            raise ConfigError("--accept goes with --probe, and --yes with --accept: "
                              "aido doctor --probe [ID...] --accept [--yes]")  # fmt: skip
        from aidokit.reconcile.cli.tool_pins import run_tool_pins

        args.ids, args.frozen, args.baseline = args.probe, False, False
        return run_tool_pins(args)
    if args.probe is not None:
        from aidokit.reconcile.probe.run import run_probe

        return run_probe(args, gather_inputs)
    from aidokit.reconcile.core.errors import AidoError
    from aidokit.reconcile.show.doctor import Finding, Severity, checkup_of, run_checks
    from aidokit.reconcile.show.doctor_text import render_findings, render_findings_json

    try:
        from aidokit.reconcile.read.world import read_world

        checkup = checkup_of(read_world(gather_inputs(args)))
        findings = run_checks(checkup)
    except AidoError as exc:  # e.g. an invalid aido.toml: still a report, not a crash
        findings = [Finding(Severity.ERROR, "config", "aido.toml", str(exc))]
    if args.json:
        print(render_findings_json(findings), end="")
    else:
        text = render_findings(findings, colour=want_colour(args), width=output_width())
        print(text, end="")
    return 1 if any(f.severity is Severity.ERROR for f in findings) else 0
