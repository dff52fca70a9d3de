"""`aido doctor`: a health report; exit 1 when anything is an error."""

from __future__ import annotations

import argparse

from aidokit.reconcile.commands.common import gather_inputs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `doctor`'s own options."""
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")


def run(args: argparse.Namespace) -> int:
    """Run `aido doctor`."""
    from aidokit.reconcile.doctor import Finding, Severity, checkup_of, run_checks
    from aidokit.reconcile.errors import AidoError
    from aidokit.reconcile.render.doctor import render_findings, render_findings_json

    try:
        from aidokit.reconcile.world import read_world

        checkup = checkup_of(read_world(gather_inputs(args)))
        findings = run_checks(checkup)
    except AidoError as exc:  # e.g. an invalid aido.toml: still a report, not a crash
        findings = [Finding(Severity.ERROR, "config", "aido.toml", str(exc))]
    print(render_findings_json(findings) if args.json else render_findings(findings), end="")
    return 1 if any(f.severity is Severity.ERROR for f in findings) else 0
