"""`aido report`: one fleet view over many repositories' `aido plan --json` outputs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `report`'s own options."""
    parser.add_argument("plans", nargs="+", metavar="PATH", help="plan files or folders of them")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the report as JSON")
    output.add_argument(
        "--annotations",
        action="store_true",
        help="print GitHub ::error annotations pointing at each drifted file's line",
    )
    output.add_argument(
        "--job-summary",
        action="store_true",
        help="print one plan as a GitHub job summary (Markdown: counts, a table, the plan)",
    )
    output.add_argument(
        "--tool-pins",
        action="store_true",
        help="print one `aido doctor --probe --json` output's tool pins as a GitHub job "
        "summary section (Markdown: each tool changed since its pin)",
    )
    parser.add_argument(
        "--name",
        metavar="NAME",
        help="with --job-summary or --tool-pins: the project's name in the heading "
        "(default: its folder's)",
    )


def run(args: argparse.Namespace) -> int:
    """Run `aido report`."""
    paths = [Path(p) for p in args.plans]
    if args.annotations:
        return _annotations(paths)
    if args.job_summary:
        return _job_summary(paths, args.name)
    if args.tool_pins:
        return _tool_pins(paths, args.name)
    from aidokit.reconcile.show.fleet import load_fleet
    from aidokit.reconcile.show.report import render_report_markdown, report_json

    fleet = load_fleet(paths)
    if args.json:
        from aidokit.reconcile.show.json_output import dumps

        sys.stdout.write(dumps(report_json(fleet)))
    else:
        sys.stdout.write(render_report_markdown(fleet))
    return 0


def _annotations(paths: list[Path]) -> int:
    from aidokit.reconcile.show.annotations import github_annotations
    from aidokit.reconcile.show.artifact import read_artifact
    from aidokit.reconcile.show.fleet import plan_files

    for _name, path in plan_files(paths):
        doc = read_artifact(path)
        if not isinstance(doc, str):  # a file that is no plan: the script says the job failed
            for line in github_annotations(doc, root=Path.cwd()):
                print(line)
    return 0


def _job_summary(paths: list[Path], name: str | None) -> int:
    """The summary of the one plan in `paths`, paths in it relative to the working folder."""
    from aidokit.reconcile.core.errors import ConfigError
    from aidokit.reconcile.show.artifact import read_artifact
    from aidokit.reconcile.show.fleet import plan_files
    from aidokit.reconcile.show.job_summary import render_job_summary

    found = plan_files(paths)
    if len(found) != 1:
        raise ConfigError(
            f"aido report --job-summary reads one plan file, and {len(found)} were given; "
            "pass the one `aido plan --json` output of this job"
        )
    path = found[0][1]
    doc = read_artifact(path)
    root = Path.cwd()
    if name is None:
        project = getattr(doc, "project", "") or str(root)
        name = Path(project).name or project
    sys.stdout.write(render_job_summary(doc, name=name, root=root))
    return 0


def _tool_pins(paths: list[Path], name: str | None) -> int:
    """The tool pins section of the one probe report in `paths` (issue 53)."""
    import json

    from aidokit.reconcile.core.errors import ConfigError
    from aidokit.reconcile.core.safe_read import read_file
    from aidokit.reconcile.probe.pin_render import pins_markdown

    if len(paths) != 1:
        raise ConfigError(
            f"aido report --tool-pins reads one file, and {len(paths)} were given; pass the "
            "`aido doctor --probe --json` output of this job"
        )
    raw = read_file(paths[0], error=ConfigError)
    try:
        doc = json.loads(raw) if raw is not None else None
    except ValueError:
        doc = None
    if not isinstance(doc, dict):
        raise ConfigError(
            f"{paths[0]} is not `aido doctor --probe --json` output; pass the file it wrote"
        )
    sys.stdout.write(pins_markdown(doc, name=name or Path.cwd().name))
    return 0
